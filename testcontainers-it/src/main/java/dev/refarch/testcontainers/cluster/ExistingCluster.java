package dev.refarch.testcontainers.cluster;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.MongoException;
import com.mongodb.ServerAddress;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.connection.ClusterConnectionMode;
import dev.refarch.platform.spi.Fault;
import dev.refarch.platform.spi.FaultEvent;
import dev.refarch.platform.spi.FaultInjector;
import dev.refarch.platform.spi.PlatformException;
import dev.refarch.platform.spi.PlatformState;
import dev.refarch.platform.spi.Redaction;
import dev.refarch.platform.spi.RunningCluster;
import dev.refarch.platform.spi.Topology;
import dev.refarch.platform.spi.config.ConfigurationException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.bson.Document;

/**
 * A cluster that runs already, given by its connection string: nothing is started, and
 * {@link #close()} stops nothing. Its fault injector offers {@code stepdown} of {@code primary}
 * (a replica set) or of {@code shard0/primary} (a sharded cluster, reached at the hosts
 * {@code listShards} names, with the connection string's credentials and TLS options).
 *
 * <p>Immutable and thread-safe.
 *
 * <pre>{@code
 * RunningCluster c = ExistingCluster.connect("mongodb://db1,db2,db3/?replicaSet=rs0", Topology.parse("pss"));
 * }</pre>
 */
public final class ExistingCluster implements RunningCluster {

  /** The component name under which {@link #state()} records facts. */
  public static final String COMPONENT = "existing";

  private final String uri;
  private final Topology topology;
  private final DeploymentProbe probe;

  private ExistingCluster(String uri, Topology topology, DeploymentProbe probe) {
    this.uri = uri;
    this.topology = topology;
    this.probe = probe;
  }

  /**
   * Attaches to the deployment at {@code uri} for tests that need {@code wanted}.
   *
   * @throws PlatformException when it cannot be reached, or is not what {@code wanted} needs
   */
  public static ExistingCluster connect(String uri, Topology wanted) {
    return of(uri, wanted, DeploymentProbe.of(uri));
  }

  static ExistingCluster of(String uri, Topology wanted, DeploymentProbe probe) {
    String mismatch = probe.mismatch(wanted);
    if (mismatch != null) {
      throw new PlatformException("attach to " + Redaction.maskUri(uri), mismatch
          + "; the test needs " + wanted.label());
    }
    return new ExistingCluster(uri, wanted, probe);
  }

  /** The topology the tests asked for; the deployment has at least as much. */
  @Override
  public Topology topology() {
    return topology;
  }

  @Override
  public String connectionString() {
    return uri;
  }

  @Override
  public PlatformState state() {
    Map<String, String> facts = new TreeMap<>();
    facts.put("connectionString", uri);
    facts.put("kind", probe.kind().name().toLowerCase(java.util.Locale.ROOT));
    facts.put("serverVersion", probe.serverVersion());
    probe.shards().forEach((id, host) -> facts.put("shard." + id + ".host", host));
    return new PlatformState(Map.of(COMPONENT, facts));
  }

  @Override
  public FaultInjector faults() {
    return new StepDownInjector();
  }

  /** Nothing to stop: the cluster belongs to someone else. */
  @Override
  public void close() {
  }

  /** Steps down primaries reached through the driver. */
  private final class StepDownInjector implements FaultInjector {

    @Override
    public String name() {
      return "existing";
    }

    @Override
    public Set<String> actions() {
      return Set.of("stepdown");
    }

    /** None by name: targets are roles, resolved through the driver when the fault fires. */
    @Override
    public List<String> members() {
      return List.of();
    }

    @Override
    public FaultEvent inject(Fault fault) {
      if (!fault.action().equalsIgnoreCase("stepdown")) {
        throw new ConfigurationException("fault.action", fault.action(), "stepdown",
            "an existing cluster offers only stepdown");
      }
      int seconds = ContainerFault.SECONDS.from(fault.parameters());
      boolean force = ContainerFault.FORCE.from(fault.parameters());
      String group = group(fault.target());
      try (MongoClient client = MongoClients.create(settingsFor(group))) {
        var admin = client.getDatabase("admin");
        String primary = admin.runCommand(new Document("hello", 1)).getString("primary");
        admin.runCommand(new Document("replSetStepDown", seconds)
            .append("secondaryCatchUpPeriodSecs", Math.min(10, seconds / 2)).append("force", force));
        return new FaultEvent(System.currentTimeMillis(), "stepdown", fault.target(),
            Objects.requireNonNullElse(primary, "?"), "replSetStepDown " + seconds + " s"
                + (force ? ", force" : ""));
      } catch (MongoException e) {
        throw new PlatformException("stepdown " + fault.target(), e.getMessage(), e);
      }
    }

    /** The replica set a target names, {@code null} for the (unsharded) cluster itself. */
    private String group(String target) {
      String t = target.trim();
      if (probe.kind() == DeploymentProbe.Kind.SHARDED) {
        int slash = t.indexOf('/');
        if (slash > 0 && probe.shards().containsKey(t.substring(0, slash))
            && t.substring(slash + 1).equals("primary")) {
          return t.substring(0, slash);
        }
        throw new ConfigurationException("fault.target", target, String.join(", ",
            probe.shards().keySet().stream().map(s -> s + "/primary").toList()));
      }
      if (!t.equals("primary") || probe.kind() != DeploymentProbe.Kind.REPLICA_SET) {
        throw new ConfigurationException("fault.target", target, "primary (of a replica set)");
      }
      return null;
    }

    private MongoClientSettings settingsFor(String shard) {
      MongoClientSettings.Builder b = MongoClientSettings.builder()
          .applyConnectionString(new ConnectionString(uri));
      if (shard != null) {
        String host = probe.shards().get(shard);
        List<ServerAddress> hosts = Arrays.stream(host.substring(host.indexOf('/') + 1).split(","))
            .map(ServerAddress::new).toList();
        b.applyToClusterSettings(c -> c.hosts(hosts).mode(ClusterConnectionMode.MULTIPLE)
            .requiredReplicaSetName(host.substring(0, host.indexOf('/'))));
      }
      return b.applyToClusterSettings(c -> c.serverSelectionTimeout(10, TimeUnit.SECONDS)).build();
    }
  }
}
