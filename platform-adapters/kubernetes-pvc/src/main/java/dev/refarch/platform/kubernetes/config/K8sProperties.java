package dev.refarch.platform.kubernetes.config;

import dev.refarch.platform.spi.config.Setting;
import dev.refarch.platform.spi.config.SettingGroup;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Every {@code k8s.*} setting of the Kubernetes adapter, declared once: the hook, the provisioner,
 * the fault injector and the Job-based clients all read these. {@link #GROUP} renders the README
 * table and rejects misspelt keys with the closest known one.
 *
 * <p>Stateless and thread-safe. Parse with {@link K8sSettings#from}.
 */
public final class K8sProperties {

  private static final Pattern QUANTITY =
      Pattern.compile("[0-9]+(\\.[0-9]+)?(m|k|M|G|T|P|E|Ki|Mi|Gi|Ti|Pi|Ei)?");
  // a label value: the trial id becomes one on every object
  private static final Pattern LABEL_VALUE =
      Pattern.compile("[A-Za-z0-9]([A-Za-z0-9._-]{0,61}[A-Za-z0-9])?");
  // a DNS-1123 label: object names are built from it
  private static final Pattern DNS_LABEL = Pattern.compile("[a-z0-9]([a-z0-9-]{0,38}[a-z0-9])?");

  private K8sProperties() {
  }

  public static final Setting<String> KUBECONFIG = Setting.string("k8s.kubeconfig", null,
      "path of the kubeconfig file; unset reads KUBECONFIG, ~/.kube/config or the in-cluster"
          + " service account, as kubectl does");
  public static final Setting<String> CONTEXT = Setting.string("k8s.context", null,
      "kubeconfig context to use; unset uses the current context (KUBECONFIG, ~/.kube/config, or"
          + " the in-cluster service account)");
  public static final Setting<String> NAMESPACE = Setting.custom("k8s.namespace", "name", null,
      "a namespace name (lower case, digits, '-')",
      "namespace of every object created; unset uses the context's namespace, else default",
      K8sProperties::dnsLabel);
  public static final Setting<String> TRIAL = Setting.custom("k8s.trial", "label value", null,
      "letters, digits, '.', '_', '-'; at most 63 characters",
      "value of the refarch/trial label on every object created; unset generates one per run",
      K8sProperties::labelValue);
  public static final Setting<Integer> TIMEOUT_SECONDS = Setting.integer("k8s.timeoutSeconds",
      600, 1, 86_400, "how long each wait may take: a claim Bound, pods Ready, a pod back after a"
          + " fault");
  public static final Setting<String> RUNNER_IN_CLUSTER = Setting.choice("k8s.runnerInCluster",
      "auto", choices("auto", "true", "false"), "whether this JVM runs inside the cluster and so"
          + " resolves its service DNS names: then it watches elections and drops databases"
          + " itself; otherwise it drops them through the exec API and reports no election"
          + " time. auto: true when KUBERNETES_SERVICE_HOST is set (a pod's environment)");
  public static final Setting<String> CLUSTER_DNS = Setting.custom("k8s.clusterDns", "address",
      null, "an IPv4 address, optionally with :port",
      "the cluster's DNS server as this machine reaches it (the local cluster's: 10.244.0.1);"
          + " then this JVM resolves the cluster's service names through it and reaches pods"
          + " directly, as a runner inside the cluster does; unset: pods are not reachable",
      K8sProperties::address);
  public static final Setting<String> NODE_STOP_COMMAND = Setting.string("k8s.node.stopCommand",
      null, "command that fails a node for node-failure mode=stop-kubelet, run with sh -c;"
          + " {node} and {pods} (namespace/pod,...) are replaced, e.g. src/bin/k8s-node stop"
          + " --pods {pods}");
  public static final Setting<String> NODE_START_COMMAND = Setting.string(
      "k8s.node.startCommand", null, "command that returns a node a stop-kubelet fault failed,"
          + " run with sh -c; {node} is replaced, e.g. src/bin/k8s-node start");
  public static final Setting<Cleanup> CLEANUP = Setting.ofEnum("k8s.cleanup", Cleanup.DELETE,
      Cleanup.class, "delete: remove every object created (the hook after the run phase or a failed"
          + " phase, the provisioner on close); retain: keep them, labelled, for inspection");

  public static final Setting<String> STORAGE_CLASS = Setting.custom("k8s.storageClass", "name",
      null, "a StorageClass name", "StorageClass of every claim; unset uses the cluster's default"
          + " StorageClass", K8sProperties::dnsSubdomain);
  public static final Setting<String> STORAGE_CLASS_PROVISIONER = Setting.string(
      "k8s.storageClass.provisioner", null, "create k8s.storageClass with this provisioner when it"
          + " does not exist, e.g. csi.vsphere.vmware.com; unset requires the class to exist");
  public static final Setting<String> STORAGE_CLASS_PARAMETERS = Setting.custom(
      "k8s.storageClass.parameters", "map", null, "key=value pairs separated by ','",
      "parameters of a created StorageClass, e.g. storagepolicyname=vSAN Default Storage Policy",
      s -> {
        pairs(s);
        return s;
      });
  public static final Setting<String> STORAGE_CLASS_BINDING = Setting.choice(
      "k8s.storageClass.volumeBindingMode", "Immediate",
      choices("Immediate", "WaitForFirstConsumer"), "volumeBindingMode of a created StorageClass");
  public static final Setting<String> STORAGE_CLASS_RECLAIM = Setting.choice(
      "k8s.storageClass.reclaimPolicy", "Delete", choices("Delete", "Retain"),
      "reclaimPolicy of a created StorageClass: what happens to a volume when its claim is deleted");

  public static final Setting<String> PVC_NAMES = Setting.custom("k8s.pvc.names", "list",
      "mongodb-data", "claim names separated by ','", "claims the kubernetes-pvc hook"
          + " ensures", s -> String.join(",", names(s)));
  public static final Setting<String> PVC_SIZE = Setting.custom("k8s.pvc.size", "quantity",
      "10Gi", "a Kubernetes quantity, e.g. 128Gi", "requested size of each claim: the hook's, and"
          + " each data-bearing mongod's", K8sProperties::quantity);
  public static final Setting<String> PVC_ACCESS_MODES = Setting.custom(
      "k8s.pvc.accessModes", "list", "ReadWriteOnce",
      "ReadWriteOnce, ReadOnlyMany, ReadWriteMany, ReadWriteOncePod, separated by ','",
      "access modes of each claim", s -> String.join(",", accessModes(s)));
  public static final Setting<FirstConsumer> PVC_FIRST_CONSUMER = Setting.ofEnum(
      "k8s.pvc.waitForFirstConsumer", FirstConsumer.SKIP, FirstConsumer.class,
      "claims of a WaitForFirstConsumer class bind only when a pod uses them: skip records them"
          + " Pending; binder-pod starts a pod mounting them, waits until Bound, deletes it");

  public static final Setting<String> MONGODB_NAME = Setting.custom("k8s.mongodb.name", "name",
      "refarch", "a DNS label of at most 40 characters", "prefix of the MongoDB objects' names,"
          + " e.g. refarch-rs0-0", K8sProperties::dnsLabel);
  public static final Setting<String> MONGODB_IMAGE = Setting.string("k8s.mongodb.image",
      "mongo:6.0.5", "image of mongod and mongos: mongod (and mongos) on its PATH, nothing else"
          + " is needed");
  public static final Setting<String> MONGODB_INIT_IMAGE = Setting.string(
      "k8s.mongodb.initImage", null, "image of the init container that hands the data volume"
          + " and the key file to the mongod user (needs sh, cp, chmod, chown); unset uses"
          + " k8s.mongodb.image");
  public static final Setting<Boolean> MONGODB_AUTH = Setting.bool("k8s.mongodb.auth", true,
      "authentication: a key file for members and a user, both random, kept in a Secret the"
          + " provisioner creates; the connection string carries the user (never printed)");
  public static final Setting<String> MONGODB_CPU = Setting.custom("k8s.mongodb.cpu", "quantity",
      "1", "a Kubernetes quantity, e.g. 4 or 500m", "CPU request and limit of each MongoDB"
          + " container (mongod, arbiter, mongos)",
      K8sProperties::quantity);
  public static final Setting<String> MONGODB_MEMORY = Setting.custom("k8s.mongodb.memory",
      "quantity", "2Gi", "a Kubernetes quantity, e.g. 4Gi", "memory request and limit of each"
          + " MongoDB container (mongod, arbiter, mongos)", K8sProperties::quantity);
  public static final Setting<Double> MONGODB_CACHE_GB = Setting.decimal(
      "k8s.mongodb.wiredTigerCacheSizeGB", null, 0.25, 1024.0, "WiredTiger cache of each mongod"
          + " in GB; unset lets mongod size it from the memory limit");
  public static final Setting<String> MONGODB_EXTRA_ARGS = Setting.string("k8s.mongodb.extraArgs",
      null, "extra mongod arguments, whitespace-separated, appended last");
  public static final Setting<AntiAffinity> MONGODB_ANTI_AFFINITY = Setting.ofEnum(
      "k8s.mongodb.antiAffinity", AntiAffinity.PREFERRED, AntiAffinity.class,
      "spread members of a replica set over nodes: required, preferred or none");
  public static final Setting<String> IMAGE_PULL_SECRET = Setting.custom("k8s.imagePullSecret",
      "name", null, "a Secret name", "image pull Secret for MongoDB and client pods",
      K8sProperties::dnsSubdomain);

  public static final Setting<String> CLIENTS_IMAGE = Setting.string("k8s.clients.image", null,
      "image of the YCSB client pods: Java 17 and this library's jars (see src/docker); required"
          + " for clients on Kubernetes");
  public static final Setting<String> CLIENTS_CLASS_PATH = Setting.string("k8s.clients.classPath",
      "/refarch/lib/*", "class path of the client JVM inside the client image");
  public static final Setting<String> CLIENTS_CPU = Setting.custom("k8s.clients.cpu", "quantity",
      "1", "a Kubernetes quantity", "CPU request and limit of each client pod",
      K8sProperties::quantity);
  public static final Setting<String> CLIENTS_MEMORY = Setting.custom("k8s.clients.memory",
      "quantity", "1Gi", "a Kubernetes quantity", "memory request and limit of each client pod",
      K8sProperties::quantity);

  /** Every {@code k8s.*} setting. */
  public static final SettingGroup GROUP = SettingGroup.of("k8s.", KUBECONFIG, CONTEXT,
      NAMESPACE, TRIAL, TIMEOUT_SECONDS, RUNNER_IN_CLUSTER, CLUSTER_DNS, NODE_STOP_COMMAND,
      NODE_START_COMMAND, CLEANUP, STORAGE_CLASS, STORAGE_CLASS_PROVISIONER, STORAGE_CLASS_PARAMETERS,
      STORAGE_CLASS_BINDING, STORAGE_CLASS_RECLAIM, PVC_NAMES, PVC_SIZE, PVC_ACCESS_MODES,
      PVC_FIRST_CONSUMER, MONGODB_NAME, MONGODB_IMAGE, MONGODB_INIT_IMAGE, MONGODB_AUTH, MONGODB_CPU, MONGODB_MEMORY,
      MONGODB_CACHE_GB, MONGODB_EXTRA_ARGS, MONGODB_ANTI_AFFINITY, IMAGE_PULL_SECRET,
      CLIENTS_IMAGE, CLIENTS_CLASS_PATH, CLIENTS_CPU, CLIENTS_MEMORY);

  /** What happens to created objects when their owner is done. */
  public enum Cleanup {
    DELETE, RETAIN
  }

  /** What the hook does about claims that wait for their first consumer. */
  public enum FirstConsumer {
    SKIP, BINDER_POD
  }

  /** How the members of one replica set are spread over nodes. */
  public enum AntiAffinity {
    REQUIRED, PREFERRED, NONE
  }

  private static Map<String, String> choices(String... names) {
    Map<String, String> m = new LinkedHashMap<>();
    for (String n : names) {
      m.put(n, n);
    }
    return m;
  }

  static String quantity(String s) {
    if (!QUANTITY.matcher(s.trim()).matches()) {
      throw new IllegalArgumentException("a Kubernetes quantity, e.g. 500m, 4, 4Gi, 128Gi");
    }
    return s.trim();
  }

  static String address(String s) {
    String t = s.trim();
    if (!t.matches("(\\d{1,3}\\.){3}\\d{1,3}(:\\d{1,5})?")) {
      throw new IllegalArgumentException("an IPv4 address, optionally with :port, e.g. 10.244.0.1");
    }
    return t;
  }

  static String labelValue(String s) {
    if (!LABEL_VALUE.matcher(s.trim()).matches()) {
      throw new IllegalArgumentException("letters, digits, '.', '_', '-'; at most 63 characters,"
          + " starting and ending with a letter or digit");
    }
    return s.trim();
  }

  static String dnsLabel(String s) {
    if (!DNS_LABEL.matcher(s.trim()).matches()) {
      throw new IllegalArgumentException("lower-case letters, digits and '-', at most 40"
          + " characters, starting and ending with a letter or digit");
    }
    return s.trim();
  }

  static String dnsSubdomain(String s) {
    String t = s.trim();
    if (t.length() > 253 || !t.matches("[a-z0-9]([a-z0-9.-]*[a-z0-9])?")) {
      throw new IllegalArgumentException("lower-case letters, digits, '.' and '-' (a Kubernetes"
          + " object name)");
    }
    return t;
  }

  static List<String> names(String s) {
    List<String> out = List.of(s.split(",")).stream().map(String::trim).filter(n -> !n.isEmpty())
        .map(K8sProperties::dnsSubdomain).toList();
    if (out.isEmpty()) {
      throw new IllegalArgumentException("one or more object names separated by ','");
    }
    return out;
  }

  static List<String> accessModes(String s) {
    List<String> allowed = List.of("ReadWriteOnce", "ReadOnlyMany", "ReadWriteMany",
        "ReadWriteOncePod");
    List<String> out = List.of(s.split(",")).stream().map(String::trim).filter(m -> !m.isEmpty())
        .map(m -> allowed.stream().filter(a -> a.equalsIgnoreCase(m)).findFirst()
            .orElseThrow(() -> new IllegalArgumentException(String.join(", ", allowed)
                + " separated by ','")))
        .distinct().toList();
    if (out.isEmpty()) {
      throw new IllegalArgumentException(String.join(", ", allowed) + " separated by ','");
    }
    return out;
  }

  static Map<String, String> pairs(String s) {
    Map<String, String> out = new LinkedHashMap<>();
    for (String pair : s.split(",")) {
      if (pair.isBlank()) {
        continue;
      }
      int eq = pair.indexOf('=');
      if (eq <= 0) {
        throw new IllegalArgumentException("key=value pairs separated by ',' ('" + pair.trim()
            + "' has no key=value)");
      }
      out.put(pair.substring(0, eq).trim(), pair.substring(eq + 1).trim());
    }
    return Map.copyOf(out);
  }

  /** A label-safe id for objects of one run, e.g. {@code r1b2c3d4e}. */
  public static String generatedTrial() {
    return "r" + Long.toString(System.currentTimeMillis(), 36).toLowerCase(Locale.ROOT);
  }
}
