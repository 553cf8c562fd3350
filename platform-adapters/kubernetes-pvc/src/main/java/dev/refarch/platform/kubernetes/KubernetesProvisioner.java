package dev.refarch.platform.kubernetes;

import com.mongodb.MongoCredential;
import dev.refarch.platform.kubernetes.api.ClientFactory;
import dev.refarch.platform.kubernetes.config.K8sProperties;
import dev.refarch.platform.kubernetes.config.K8sSettings;
import dev.refarch.platform.kubernetes.dns.ClusterDns;
import dev.refarch.platform.kubernetes.fault.FaultRequest;
import dev.refarch.platform.kubernetes.fault.ForwardedMemberRoles;
import dev.refarch.platform.kubernetes.fault.KubernetesFaultInjector;
import dev.refarch.platform.kubernetes.fault.MemberRoles;
import dev.refarch.platform.kubernetes.storage.StorageClasses;
import dev.refarch.platform.kubernetes.topology.ClusterLayout;
import dev.refarch.platform.kubernetes.topology.Credentials;
import dev.refarch.platform.kubernetes.topology.MemberSetup;
import dev.refarch.platform.kubernetes.topology.MongoDeployment;
import dev.refarch.platform.spi.ClusterProvisioner;
import dev.refarch.platform.spi.Fault;
import dev.refarch.platform.spi.RunningCluster;
import dev.refarch.platform.spi.Topology;
import dev.refarch.platform.spi.config.ConfigurationException;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiFunction;

/**
 * Starts MongoDB on Kubernetes as StatefulSets with PVC templates: a replica set (the Diamanti
 * study: {@code pss} with {@code k8s.mongodb.cpu=4}, {@code k8s.mongodb.memory=4Gi}), a replica
 * set with an arbiter ({@code rs=3}, study B's configuration 2), a standalone, or a sharded
 * cluster (config replica set, shards, routers). The StorageClass is ensured first (created when
 * {@code k8s.storageClass.provisioner} is given), so a wrong name fails before any pod exists.
 * Members run as a non-root user and, by default, with authentication: a random key file and
 * user in a Secret the provisioner creates. Returns once every replica set is initiated and every
 * member is primary, secondary or arbiter.
 *
 * <p>Registered as {@code kubernetes} for {@link java.util.ServiceLoader}. Thread-safe; every
 * {@link #start} returns an independent cluster that owns its own client.
 *
 * <pre>{@code
 * try (RunningCluster c = Extensions.provisioner("kubernetes").start(Topology.parse("pss"),
 *     Map.of("k8s.namespace", "bench", "k8s.storageClass", "diamanti-high",
 *         "k8s.mongodb.cpu", "4", "k8s.mongodb.memory", "4Gi"))) {
 *   String uri = c.connectionString();   // in-cluster DNS names: for clients running as Jobs
 * }
 * }</pre>
 */
public final class KubernetesProvisioner implements ClusterProvisioner {

  private final ClientFactory clients;
  private final BiFunction<KubernetesClient, Optional<MongoCredential>, MemberRoles> roles;
  private final boolean fromKubeconfig;
  private final MemberSetup setup;

  /** Connects through the kubeconfig; asks members for their roles over port-forwards. */
  public KubernetesProvisioner() {
    this(ClientFactory.fromKubeconfig(), ForwardedMemberRoles::new,
        MemberSetup.THROUGH_PORT_FORWARDS, true);
  }

  /** For tests and embedding: other ways to connect, to set members up and to tell primaries. */
  public KubernetesProvisioner(ClientFactory clients, MemberSetup setup,
      BiFunction<KubernetesClient, Optional<MongoCredential>, MemberRoles> roles) {
    this(clients, roles, setup, false);
  }

  private KubernetesProvisioner(ClientFactory clients,
      BiFunction<KubernetesClient, Optional<MongoCredential>, MemberRoles> roles,
      MemberSetup setup, boolean fromKubeconfig) {
    this.setup = Objects.requireNonNull(setup);
    this.clients = Objects.requireNonNull(clients);
    this.roles = Objects.requireNonNull(roles);
    this.fromKubeconfig = fromKubeconfig;
  }

  /** The actions of the fault injector its clusters bring, for checks before one runs. */
  @Override
  public Optional<Set<String>> faultActions() {
    return Optional.of(new LinkedHashSet<>(FaultRequest.Action.labels()));
  }

  /**
   * Against the pods {@link ClusterLayout} lays {@code topology} out as, named after
   * {@code k8s.mongodb.name}; left to {@link #start} when that setting is bad.
   */
  @Override
  public void checkFaultTarget(Fault fault, Topology topology, Map<String, String> settings) {
    String prefix;
    try {
      prefix = K8sProperties.MONGODB_NAME.from(settings);
    } catch (ConfigurationException unreadable) {
      return;
    }
    // the namespace is in no target: pods are named within it
    ClusterLayout.of(topology, prefix, "any").faultTargets().parse(fault.target());
  }

  @Override
  public String name() {
    return "kubernetes";
  }

  @Override
  public String description() {
    return "MongoDB StatefulSets with PersistentVolumeClaims on a Kubernetes cluster (kubeconfig):"
        + " standalone, replica set, sharded";
  }

  @Override
  public String unavailableReason(Topology topology) {
    if (!fromKubeconfig) {
      return null;
    }
    String env = System.getenv("KUBECONFIG");
    boolean config = env != null && !env.isBlank()
        || Files.exists(Path.of(System.getProperty("user.home"), ".kube", "config"))
        || System.getenv("KUBERNETES_SERVICE_HOST") != null;
    return config ? null : "no Kubernetes configuration: set KUBECONFIG, create ~/.kube/config,"
        + " or run inside a cluster";
  }

  /** As {@link #unavailableReason(Topology)}, but a {@code k8s.kubeconfig} setting counts too. */
  @Override
  public String unavailableReason(Topology topology, Map<String, String> settings) {
    String file = settings.get(K8sProperties.KUBECONFIG.key());
    if (!fromKubeconfig || file == null) {
      return unavailableReason(topology);
    }
    return Files.isReadable(Path.of(file)) ? null : "k8s.kubeconfig " + file + " cannot be read";
  }

  /**
   * Deploys {@code topology} and waits until every member is Ready.
   *
   * @throws dev.refarch.platform.spi.config.ConfigurationException for bad {@code k8s.*}
   *     settings or an unknown StorageClass, before any pod is created
   * @throws dev.refarch.platform.spi.PlatformException when the API server refuses (RBAC, quota)
   *     or a member does not become Ready in time; created objects are then deleted (or, with
   *     {@code k8s.cleanup=retain}, kept for inspection)
   */
  @Override
  public RunningCluster start(Topology topology, Map<String, String> settings) {
    K8sSettings s = K8sSettings.from(settings);
    s.clusterDns().ifPresent(dns -> ClusterDns.use(dns, s.clusterDomain()));
    KubernetesClient client = clients.open(s);
    String namespace = ClientFactory.namespace(client, s);
    ClusterLayout layout = ClusterLayout.of(topology, s.mongodb().name(), namespace,
        s.clusterDomain());
    Optional<Credentials> credentials = s.mongodb().auth() ? Optional.of(Credentials.random())
        : Optional.empty();
    KubernetesFaultInjector injector = new KubernetesFaultInjector(client, layout,
        roles.apply(client, credentials.map(Credentials::credential)), s);
    KubernetesCluster cluster = new KubernetesCluster(client, s, layout, injector, credentials);
    try {
      StorageClasses.Ensured sc = StorageClasses.ensure(client, s.storage(), s.trial());
      cluster.storageClass(sc);
      MongoDeployment deployment = new MongoDeployment(client, layout, s, s.trial(),
          Optional.of(sc.name()), credentials, setup);
      deployment.create();
      deployment.awaitReady();
      cluster.deployed(deployment.facts());
      return cluster;
    } catch (RuntimeException e) {
      cluster.close();
      throw e;
    }
  }
}
