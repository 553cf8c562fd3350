package dev.refarch.platform.kubernetes;

import dev.refarch.platform.kubernetes.api.Labels;
import dev.refarch.platform.kubernetes.api.ManagedObjects;
import dev.refarch.platform.kubernetes.api.Members;
import dev.refarch.platform.kubernetes.config.K8sProperties.Cleanup;
import dev.refarch.platform.kubernetes.config.K8sSettings;
import dev.refarch.platform.kubernetes.fault.KubernetesFaultInjector;
import dev.refarch.platform.kubernetes.storage.StorageClasses;
import dev.refarch.platform.kubernetes.topology.ClusterLayout;
import dev.refarch.platform.kubernetes.topology.Credentials;
import dev.refarch.platform.spi.PlatformException;
import dev.refarch.platform.spi.PlatformState;
import dev.refarch.platform.spi.Redaction;
import dev.refarch.platform.spi.RunningCluster;
import dev.refarch.platform.spi.Topology;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.bson.Document;

/**
 * A MongoDB deployment on Kubernetes: its in-cluster connection string, its state (nodes, claims,
 * bound volumes, fault recoveries) and its fault injector; {@link #close()} puts back nodes that
 * faults took out of service and deletes every object labelled with the trial
 * ({@code k8s.cleanup=delete}) or leaves them ({@code retain}). A shutdown hook does the same if
 * the JVM exits without a close.
 *
 * <p>Thread-safe. {@link #close()} is idempotent.
 */
public final class KubernetesCluster implements RunningCluster {

  /** The component name under which {@link #state()} records facts. */
  public static final String COMPONENT = "kubernetes";

  private final KubernetesClient client;
  private final K8sSettings settings;
  private final ClusterLayout layout;
  private final KubernetesFaultInjector faults;
  private final Optional<Credentials> credentials;
  private final Thread shutdownHook;
  private volatile StorageClasses.Ensured storageClass;
  private volatile Map<String, String> deployed = Map.of();
  private boolean closed; // guarded by this

  KubernetesCluster(KubernetesClient client, K8sSettings settings, ClusterLayout layout,
      KubernetesFaultInjector faults, Optional<Credentials> credentials) {
    this.client = client;
    this.credentials = credentials;
    this.settings = settings;
    this.layout = layout;
    this.faults = faults;
    this.shutdownHook = new Thread(this::cleanUp, "k8s-cleanup-" + settings.trial());
    Runtime.getRuntime().addShutdownHook(shutdownHook);
  }

  void storageClass(StorageClasses.Ensured sc) {
    this.storageClass = sc;
  }

  void deployed(Map<String, String> facts) {
    this.deployed = Map.copyOf(facts);
  }

  @Override
  public Topology topology() {
    return layout.topology();
  }

  /**
   * The in-cluster connection string, with the user when authentication is on: reachable from
   * pods (e.g. Job-based clients), and from this JVM when {@link #reachableFromRunner()}. It
   * holds a password: print it only through {@link Redaction#maskUri}.
   */
  @Override
  public String connectionString() {
    return credentials.map(c -> c.addTo(layout.connectionString()))
        .orElse(layout.connectionString());
  }

  public String namespace() {
    return layout.namespace();
  }

  /** The value of the {@code refarch/trial} label on this cluster's objects. */
  public String trial() {
    return settings.trial();
  }

  public ClusterLayout layout() {
    return layout;
  }

  /** The cluster's API client, e.g. for Job-based clients; closed with the cluster. */
  public KubernetesClient client() {
    return client;
  }

  /** The {@code k8s.*} settings it was started with, its trial label included. */
  public K8sSettings settings() {
    return settings;
  }

  @Override
  public PlatformState state() {
    Map<String, String> f = new TreeMap<>();
    f.put("namespace", layout.namespace());
    f.put("trial", settings.trial());
    f.put("server", Redaction.maskUri(String.valueOf(client.getMasterUrl())));
    f.put("topology", layout.topology().label());
    f.put("connectionString", Redaction.maskUri(connectionString()));
    f.put("mongodb.auth", String.valueOf(credentials.isPresent()));
    f.put("mongodb.runAsUser", "999");
    f.put("mongodb.image", settings.mongodb().image());
    f.put("mongodb.cpu", settings.mongodb().cpu());
    f.put("mongodb.memory", settings.mongodb().memory());
    settings.mongodb().cacheSizeGB().ifPresent(gb -> f.put("mongodb.wiredTigerCacheSizeGB",
        String.valueOf(gb)));
    f.put("pvc.size", settings.storage().size());
    f.put("cleanup", settings.cleanup().name().toLowerCase(java.util.Locale.ROOT));
    StorageClasses.Ensured sc = storageClass;
    if (sc != null) {
      f.put("storageClass", sc.name());
      f.put("storageClass.provisioner", sc.provisioner());
      f.put("storageClass.created", String.valueOf(sc.created()));
      sc.parameters().forEach((k, v) -> f.put("storageClass.parameters." + k, v));
    }
    f.putAll(deployed);
    f.putAll(faults.facts());
    return new PlatformState(Map.of(COMPONENT, f));
  }

  /**
   * Whether this JVM resolves the in-cluster names of {@link #connectionString()} and reaches
   * the pods: when it runs in a pod of the cluster ({@code k8s.runnerInCluster}, by default
   * detected) or resolves through the cluster's DNS ({@code k8s.clusterDns}, the local cluster).
   */
  @Override
  public boolean reachableFromRunner() {
    return settings.reachesPods();
  }

  /**
   * Drops {@code name} through a port-forward to the primary (or a router of a sharded
   * cluster), waiting for a majority.
   *
   * @throws PlatformException when no member answers or the drop fails
   */
  @Override
  public void dropDatabase(String name) {
    if (!name.matches("[A-Za-z0-9_-]{1,63}")) {
      throw new IllegalArgumentException("database name " + name
          + ": letters, digits, '_' and '-' only");
    }
    ClusterLayout.Group entry = layout.groups().stream()
        .filter(g -> g.kind() == ClusterLayout.Kind.ROUTER).findFirst()
        .orElse(layout.groups().get(0));
    String pod = entry.kind() == ClusterLayout.Kind.DATA ? faults.primaryPod(entry.replicaSet())
        : entry.pods().get(0);
    try (Members.Member m = new Members(client).open(layout.namespace(), pod,
        credentials.map(Credentials::credential))) {
      m.client().getDatabase(name).runCommand(new Document("dropDatabase", 1)
          .append("writeConcern", new Document("w", "majority")));
    } catch (RuntimeException e) {
      throw new PlatformException("drop database " + name + " in pod " + pod,
          Redaction.maskUri(String.valueOf(e.getMessage())), e);
    }
  }

  /** The fault injector, typed so that callers can read its {@code recoveries()}. */
  @Override
  public KubernetesFaultInjector faults() {
    return faults;
  }

  @Override
  public void close() {
    cleanUp();
    try {
      Runtime.getRuntime().removeShutdownHook(shutdownHook);
    } catch (IllegalStateException shuttingDown) {
      // the JVM is exiting and runs the hook itself; cleanUp is idempotent
    }
  }

  private synchronized void cleanUp() {
    if (closed) {
      return;
    }
    closed = true;
    try {
      faults.restoreNodes();
      if (settings.cleanup() == Cleanup.DELETE) {
        List<String> failures = ManagedObjects.deleteAll(client, layout.namespace(),
            settings.trial());
        failures.forEach(f -> System.err.println("[kubernetes] cleanup: " + f));
        if (failures.isEmpty()) {
          ManagedObjects.awaitGone(client, layout.namespace(), settings.trial(),
              settings.timeout());
        }
      } else {
        System.err.println("[kubernetes] k8s.cleanup=retain: objects stay; remove them with"
            + " kubectl delete statefulset,service,secret,pvc,pod -n " + layout.namespace()
            + " -l " + Labels.TRIAL + "=" + settings.trial());
      }
    } catch (RuntimeException e) {
      System.err.println("[kubernetes] cleanup failed: " + e.getMessage());
    } finally {
      client.close();
    }
  }
}
