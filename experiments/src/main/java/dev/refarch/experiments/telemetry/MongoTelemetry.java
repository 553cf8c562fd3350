package dev.refarch.experiments.telemetry;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import dev.refarch.platform.spi.PlatformException;
import dev.refarch.platform.spi.PlatformState;
import dev.refarch.platform.spi.Redaction;
import dev.refarch.platform.spi.telemetry.TelemetryProvider;
import dev.refarch.platform.spi.telemetry.TelemetrySource;
import dev.refarch.platform.spi.telemetry.TelemetryTarget;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.bson.Document;

/**
 * MongoDB's own view of every data-bearing member, for any cluster this runner can connect to:
 * {@code serverStatus} (operations, WiredTiger cache, checkpoints, tickets, queues, connections)
 * and, from the primary, {@code replSetGetStatus} (each secondary's replication lag). See
 * {@link MongoTelemetrySource} for the metrics.
 *
 * <p>The members are found when the source opens: the replica set's {@code hello} (its hosts
 * and passives; arbiters hold no data and, under authentication, accept no login), or through a
 * router, {@code listShards} and each shard's hosts. A member a provisioner named (its
 * {@code member.<name>.address}, or its {@code member.<name>.port} on this machine) is called by
 * that name, as fault events call it; others by {@code host:port}.
 *
 * <p>Stateless and thread-safe.
 */
public final class MongoTelemetry implements TelemetryProvider {

  /** How long finding the members may take before the source gives up. */
  private static final int DISCOVERY_TIMEOUT_MS = 5_000;

  @Override
  public String name() {
    return "mongodb";
  }

  @Override
  public String description() {
    return "serverStatus and replSetGetStatus of every data-bearing member: operations, WiredTiger"
        + " cache, checkpoints, tickets, queues, connections, replication lag";
  }

  @Override
  public Optional<TelemetrySource> open(TelemetryTarget target) {
    if (!target.reachableFromRunner()) {
      throw new PlatformException("mongodb telemetry", "the members' addresses resolve only"
          + " inside the platform, and this runner is outside it");
    }
    ConnectionString cs = new ConnectionString(target.connectionString());
    Map<String, String> members = names(discover(cs), target.state().get());
    return Optional.of(new MongoTelemetrySource(cs, members));
  }

  /**
   * {@code host:port} of every data-bearing member, in the order the cluster lists them; for a
   * direct connection, the one host it names — the member may know itself by a name only its own
   * network resolves (a container's hostname).
   */
  static List<String> discover(ConnectionString cs) {
    if (Boolean.TRUE.equals(cs.isDirectConnection())) {
      return List.copyOf(cs.getHosts());
    }
    MongoClientSettings settings = MongoClientSettings.builder().applyConnectionString(cs)
        .applyToClusterSettings(c -> c.serverSelectionTimeout(DISCOVERY_TIMEOUT_MS,
            TimeUnit.MILLISECONDS))
        .build();
    try (MongoClient client = MongoClients.create(settings)) {
      Document hello = client.getDatabase("admin").runCommand(new Document("hello", 1));
      if ("isdbgrid".equals(hello.getString("msg"))) {
        List<String> hosts = new ArrayList<>();
        Document shards = client.getDatabase("admin").runCommand(new Document("listShards", 1));
        for (Document shard : shards.getList("shards", Document.class)) {
          // "rs0/127.0.0.1:27018,127.0.0.1:27019", or a lone host
          String list = shard.getString("host");
          hosts.addAll(List.of(list.substring(list.indexOf('/') + 1).split(",")));
        }
        return hosts;
      }
      List<String> hosts = new ArrayList<>(hello.getList("hosts", String.class, List.of()));
      hosts.addAll(hello.getList("passives", String.class, List.of()));
      if (hosts.isEmpty()) {
        hosts.addAll(cs.getHosts()); // a standalone server
      }
      return hosts;
    } catch (RuntimeException e) {
      throw new PlatformException("mongodb telemetry", "could not list the members: "
          + Redaction.maskUri(String.valueOf(e.getMessage())), e);
    }
  }

  /**
   * {@code host:port} to the name the provisioner gave the member: the member whose
   * {@code member.<name>.address} it is, else, on this machine, whose {@code member.<name>.port}
   * it has; else itself.
   */
  static Map<String, String> names(List<String> hosts, PlatformState state) {
    Map<String, String> byPort = new LinkedHashMap<>();
    state.memberFacts("port").forEach((member, port) -> byPort.put(port, member));
    Map<String, String> byAddress = new LinkedHashMap<>();
    state.memberFacts("address").forEach((member, address) -> byAddress.put(address, member));
    Map<String, String> names = new LinkedHashMap<>();
    for (String host : hosts) {
      int colon = host.lastIndexOf(':');
      String name = byAddress.getOrDefault(host, host);
      if (!byAddress.containsKey(host) && colon > 0) {
        String h = host.substring(0, colon);
        boolean local = h.equals("127.0.0.1") || h.equals("localhost") || h.equals("[::1]");
        name = local ? byPort.getOrDefault(host.substring(colon + 1), host) : host;
      }
      names.put(host, name);
    }
    return names;
  }
}
