package dev.refarch.platform.kubernetes.config;

import static dev.refarch.platform.kubernetes.config.K8sProperties.*;

import dev.refarch.platform.kubernetes.config.K8sProperties.AntiAffinity;
import dev.refarch.platform.kubernetes.config.K8sProperties.Cleanup;
import dev.refarch.platform.kubernetes.config.K8sProperties.FirstConsumer;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The {@code k8s.*} settings, parsed and validated in one go: unknown keys and bad values fail
 * here, before any object is created.
 *
 * <p>Immutable and thread-safe.
 *
 * <pre>{@code
 * K8sSettings s = K8sSettings.from(Map.of("k8s.storageClass", "vsan-gold", "k8s.pvc.size", "128Gi"));
 * }</pre>
 *
 * @param kubeconfig the kubeconfig file; empty for the usual search (KUBECONFIG, ~/.kube/config)
 * @param context kubeconfig context; empty for the current one
 * @param namespace namespace of created objects; empty for the context's
 * @param trial value of the {@code refarch/trial} label on created objects
 * @param timeout how long each wait may take
 * @param runnerInCluster whether this JVM runs inside the cluster and reaches its service names
 * @param clusterDns the cluster's DNS server as this machine reaches it, e.g. {@code 10.244.0.1}
 * @param node commands that fail and return a node
 * @param cleanup what happens to created objects when their owner is done
 * @param storage StorageClass and claims
 * @param mongodb MongoDB pods
 * @param clients YCSB client pods
 */
public record K8sSettings(Optional<String> kubeconfig, Optional<String> context,
    Optional<String> namespace, String trial, Duration timeout, boolean runnerInCluster,
    Optional<String> clusterDns, NodeCommands node, Cleanup cleanup, Storage storage,
    MongoPods mongodb, ClientPods clients) {

  public K8sSettings {
    Objects.requireNonNull(kubeconfig, "kubeconfig");
    Objects.requireNonNull(clusterDns, "clusterDns");
    Objects.requireNonNull(node, "node");
    Objects.requireNonNull(context, "context");
    Objects.requireNonNull(namespace, "namespace");
    Objects.requireNonNull(trial, "trial");
    Objects.requireNonNull(timeout, "timeout");
    Objects.requireNonNull(cleanup, "cleanup");
    Objects.requireNonNull(storage, "storage");
    Objects.requireNonNull(mongodb, "mongodb");
    Objects.requireNonNull(clients, "clients");
  }

  /**
   * How a {@code stop-kubelet} node failure fails a node and returns it: shell commands with
   * {@code {node}} and {@code {pods}} placeholders.
   *
   * @param stop fails the node; empty when not configured
   * @param start returns it; empty when not configured
   */
  public record NodeCommands(Optional<String> stop, Optional<String> start) {
  }

  /** Whether this JVM reaches the cluster's pods by their DNS names: in the cluster, or via DNS. */
  public boolean reachesPods() {
    return runnerInCluster || clusterDns.isPresent();
  }

  /**
   * The StorageClass and the claims.
   *
   * @param storageClass the class of every claim; empty for the cluster's default class
   * @param provisioner create the class with this provisioner when it is missing
   * @param parameters parameters of a created class
   * @param volumeBindingMode of a created class: Immediate or WaitForFirstConsumer
   * @param reclaimPolicy of a created class: Delete or Retain
   * @param claims names of the claims the hook ensures
   * @param size requested size of each claim, a Kubernetes quantity
   * @param accessModes of each claim
   * @param firstConsumer what the hook does about claims waiting for their first consumer
   */
  public record Storage(Optional<String> storageClass, Optional<String> provisioner,
      Map<String, String> parameters, String volumeBindingMode, String reclaimPolicy,
      List<String> claims, String size, List<String> accessModes, FirstConsumer firstConsumer) {
    public Storage {
      parameters = Map.copyOf(parameters);
      claims = List.copyOf(claims);
      accessModes = List.copyOf(accessModes);
    }
  }

  /**
   * The MongoDB pods.
   *
   * @param name prefix of object names
   * @param image of mongod and mongos
   * @param initImage of the init container that prepares the data volume and the key file
   * @param auth whether members require authentication (key file and a user)
   * @param cpu request and limit per mongod
   * @param memory request and limit per mongod
   * @param cacheSizeGB WiredTiger cache; empty lets mongod size it
   * @param extraArgs appended to mongod's command line
   * @param antiAffinity how members of a replica set spread over nodes
   * @param imagePullSecret for private registries
   */
  public record MongoPods(String name, String image, String initImage, boolean auth, String cpu,
      String memory,
      Optional<Double> cacheSizeGB, List<String> extraArgs, AntiAffinity antiAffinity,
      Optional<String> imagePullSecret) {
    public MongoPods {
      extraArgs = List.copyOf(extraArgs);
    }
  }

  /**
   * The YCSB client pods.
   *
   * @param image with Java 17 and this library's jars; empty when not configured
   * @param classPath of the client JVM inside the image
   * @param cpu request and limit per client pod
   * @param memory request and limit per client pod
   * @param imagePullSecret for private registries
   */
  public record ClientPods(Optional<String> image, String classPath, String cpu, String memory,
      Optional<String> imagePullSecret) {
  }

  /**
   * Reads the {@code k8s.*} keys of {@code settings}; other keys are left to their owners.
   *
   * @throws dev.refarch.platform.spi.config.ConfigurationException for an unknown {@code k8s.*}
   *     key, naming the closest known one, or a value that is not allowed
   */
  public static K8sSettings from(Map<String, String> settings) {
    GROUP.validate(settings);
    Optional<String> pullSecret = IMAGE_PULL_SECRET.find(settings);
    Storage storage = new Storage(STORAGE_CLASS.find(settings),
        STORAGE_CLASS_PROVISIONER.find(settings),
        STORAGE_CLASS_PARAMETERS.find(settings).map(K8sProperties::pairs).orElse(Map.of()),
        STORAGE_CLASS_BINDING.from(settings), STORAGE_CLASS_RECLAIM.from(settings),
        List.of(PVC_NAMES.from(settings).split(",")), PVC_SIZE.from(settings),
        List.of(PVC_ACCESS_MODES.from(settings).split(",")), PVC_FIRST_CONSUMER.from(settings));
    String extra = MONGODB_EXTRA_ARGS.from(settings);
    String image = MONGODB_IMAGE.from(settings);
    MongoPods mongodb = new MongoPods(MONGODB_NAME.from(settings), image,
        MONGODB_INIT_IMAGE.find(settings).orElse(image), MONGODB_AUTH.from(settings),
        MONGODB_CPU.from(settings), MONGODB_MEMORY.from(settings),
        MONGODB_CACHE_GB.find(settings),
        extra == null ? List.of() : Arrays.asList(extra.trim().split("\\s+")),
        MONGODB_ANTI_AFFINITY.from(settings), pullSecret);
    ClientPods clients = new ClientPods(CLIENTS_IMAGE.find(settings),
        CLIENTS_CLASS_PATH.from(settings), CLIENTS_CPU.from(settings),
        CLIENTS_MEMORY.from(settings), pullSecret);
    return new K8sSettings(KUBECONFIG.find(settings), CONTEXT.find(settings),
        NAMESPACE.find(settings), TRIAL.find(settings).orElseGet(K8sProperties::generatedTrial),
        Duration.ofSeconds(TIMEOUT_SECONDS.from(settings)), runnerInCluster(settings),
        CLUSTER_DNS.find(settings), new NodeCommands(NODE_STOP_COMMAND.find(settings),
            NODE_START_COMMAND.find(settings)), CLEANUP.from(settings), storage,
        mongodb, clients);
  }

  /** Every setting at its default, with a generated trial id. */
  public static K8sSettings defaults() {
    return from(Map.of());
  }

  /** A copy with another trial id (a label value). */
  public K8sSettings withTrial(String id) {
    return new K8sSettings(kubeconfig, context, namespace, K8sProperties.labelValue(id), timeout,
        runnerInCluster, clusterDns, node, cleanup, storage, mongodb, clients);
  }

  private static boolean runnerInCluster(Map<String, String> settings) {
    String v = RUNNER_IN_CLUSTER.from(settings);
    return v.equals("auto") ? System.getenv("KUBERNETES_SERVICE_HOST") != null
        : Boolean.parseBoolean(v);
  }
}
