package dev.refarch.platform.kubernetes.topology;

import dev.refarch.platform.kubernetes.api.Labels;
import dev.refarch.platform.kubernetes.config.K8sProperties.AntiAffinity;
import dev.refarch.platform.kubernetes.config.K8sProperties.Cleanup;
import dev.refarch.platform.kubernetes.config.K8sSettings;
import dev.refarch.platform.kubernetes.topology.ClusterLayout.Group;
import dev.refarch.platform.kubernetes.topology.ClusterLayout.Kind;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaimBuilder;
import io.fabric8.kubernetes.api.model.PodAffinityTerm;
import io.fabric8.kubernetes.api.model.PodAffinityTermBuilder;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.PodSpecBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.SecretBuilder;
import io.fabric8.kubernetes.api.model.SecurityContext;
import io.fabric8.kubernetes.api.model.SecurityContextBuilder;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.ServiceBuilder;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.apps.StatefulSetBuilder;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Builds the objects of a MongoDB deployment: a Secret with its {@link Credentials}, and per
 * group a headless Service (publishing not-ready pods, so members find each other before the set
 * is initiated) and a StatefulSet with {@code Parallel} pod management, resources as requests =
 * limits, anti-affinity between members and, for data-bearing members, a PVC template in the
 * StorageClass. Every object and pod carries the adapter's labels.
 *
 * <p>Pods run {@code mongod} (or {@code mongos}) itself as PID 1 — no script, no shell, no
 * {@code mongosh} needed in the image — as user {@value #MONGODB_UID}, never root, without
 * capabilities; readiness is the port answering (roles are the runner's to check, see
 * {@link ReplicaSets}). An init container from {@code k8s.mongodb.initImage} hands the data
 * volume to that user (volume plugins such as host-path ignore {@code fsGroup}) and copies the
 * key file with the mode {@code mongod} demands (0400, which a Secret volume with
 * {@code fsGroup} cannot give).
 *
 * <p>Stateless and thread-safe.
 */
final class Manifests {

  static final String CONTAINER = ClusterLayout.CONTAINER;
  static final String VOLUME = "data";
  /** The official images' {@code mongodb} user; any non-root uid works for mongod. */
  static final long MONGODB_UID = 999;
  private static final String KEY_DIR = "/refarch/auth";
  private static final String SECRET_DIR = "/refarch/secret";

  private final ClusterLayout layout;
  private final K8sSettings settings;
  private final String trial;
  private final Optional<String> storageClass;

  /**
   * @param storageClass the class of members' claims; empty for the cluster's default
   */
  Manifests(ClusterLayout layout, K8sSettings settings, String trial,
      Optional<String> storageClass) {
    this.layout = layout;
    this.settings = settings;
    this.trial = trial;
    this.storageClass = storageClass;
  }

  String secretName() {
    return settings.mongodb().name() + "-auth";
  }

  Secret secret(Credentials credentials) {
    return new SecretBuilder().withNewMetadata().withName(secretName())
        .withNamespace(layout.namespace()).withLabels(Labels.of(trial, "mongodb")).endMetadata()
        .withType("Opaque").withData(credentials.data()).build();
  }

  Map<String, String> podLabels(Group g) {
    Map<String, String> labels = new LinkedHashMap<>(Labels.of(trial, "mongodb"));
    labels.put(Labels.GROUP, g.name());
    return labels;
  }

  Service service(Group g) {
    return new ServiceBuilder().withNewMetadata().withName(g.name())
        .withNamespace(layout.namespace()).withLabels(Labels.of(trial, "mongodb")).endMetadata()
        .withNewSpec().withClusterIP("None").withPublishNotReadyAddresses(true)
        .withSelector(Map.of(Labels.GROUP, g.name(), Labels.TRIAL, trial))
        .addNewPort().withName("mongodb").withPort(ClusterLayout.PORT).endPort()
        .endSpec().build();
  }

  StatefulSet statefulSet(Group g) {
    StatefulSetBuilder b = new StatefulSetBuilder().withNewMetadata().withName(g.name())
        .withNamespace(layout.namespace()).withLabels(podLabels(g)).endMetadata()
        .withNewSpec().withServiceName(g.name()).withReplicas(g.replicas())
        .withPodManagementPolicy("Parallel")
        .withNewSelector().withMatchLabels(Map.of(Labels.GROUP, g.name(), Labels.TRIAL, trial))
        .endSelector()
        .withNewTemplate().withNewMetadata().withLabels(podLabels(g)).endMetadata()
        .withSpec(podSpec(g)).endTemplate()
        .endSpec();
    if (g.kind().hasVolume()) {
      String policy = settings.cleanup() == Cleanup.DELETE ? "Delete" : "Retain";
      b.editSpec().withVolumeClaimTemplates(claimTemplate(g))
          .withNewPersistentVolumeClaimRetentionPolicy().withWhenDeleted(policy)
          .withWhenScaled("Retain").endPersistentVolumeClaimRetentionPolicy().endSpec();
    }
    return b.build();
  }

  private PodSpec podSpec(Group g) {
    Map<String, Quantity> resources = Map.of("cpu", new Quantity(settings.mongodb().cpu()),
        "memory", new Quantity(settings.mongodb().memory()));
    boolean auth = settings.mongodb().auth();
    PodSpecBuilder spec = new PodSpecBuilder()
        // mongod flushes and steps down on SIGTERM; give it the time
        .withTerminationGracePeriodSeconds(30L)
        .withNewSecurityContext().withFsGroup(MONGODB_UID).withNewSeccompProfile()
        .withType("RuntimeDefault").endSeccompProfile().endSecurityContext()
        .addToInitContainers(prepare(g, auth))
        .addNewContainer().withName(CONTAINER).withImage(settings.mongodb().image())
        .withCommand(command(g, auth))
        .addNewPort().withName("mongodb").withContainerPort(ClusterLayout.PORT).endPort()
        .withNewResources().withRequests(resources).withLimits(resources).endResources()
        .withNewReadinessProbe().withNewTcpSocket().withNewPort(ClusterLayout.PORT).endTcpSocket()
        .withPeriodSeconds(2).withFailureThreshold(3).endReadinessProbe()
        .withSecurityContext(nonRoot())
        .addNewVolumeMount().withName(VOLUME).withMountPath("/data/db").endVolumeMount()
        .endContainer();
    if (!g.kind().hasVolume()) {
      spec.addNewVolume().withName(VOLUME).withNewEmptyDir().endEmptyDir().endVolume();
    }
    if (auth) {
      spec.addNewVolume().withName("secret").withNewSecret().withSecretName(secretName())
          .addNewItem().withKey(Credentials.KEY_FILE).withPath("keyfile").endItem()
          .withDefaultMode(0400).endSecret().endVolume()
          .addNewVolume().withName("auth").withNewEmptyDir().withMedium("Memory").endEmptyDir()
          .endVolume()
          .editFirstContainer().addNewVolumeMount().withName("auth").withMountPath(KEY_DIR)
          .withReadOnly(true).endVolumeMount().endContainer();
    }
    settings.mongodb().imagePullSecret().ifPresent(s -> spec.addNewImagePullSecret(s));
    antiAffinity(g).ifPresent(spec::withAffinity);
    return spec.build();
  }

  /** Root with only CAP_CHOWN: gives the data volume and the key file to the mongod user. */
  private Container prepare(Group g, boolean auth) {
    String uid = MONGODB_UID + ":" + MONGODB_UID;
    String script = "set -e; chown " + uid + " /data/db"
        // a pod whose sandbox is recreated (its node came back) runs this again: the old copy,
        // 0400 and no longer root's, must go first
        + (auth ? "; rm -f " + KEY_DIR + "/keyfile; cp " + SECRET_DIR + "/keyfile " + KEY_DIR
            + "/keyfile; chmod 400 " + KEY_DIR + "/keyfile; chown " + uid + " " + KEY_DIR
            + "/keyfile" : "");
    ContainerBuilder c = new ContainerBuilder().withName("prepare")
        .withImage(settings.mongodb().initImage()).withCommand("sh", "-c", script)
        .withNewSecurityContext().withRunAsUser(0L).withRunAsNonRoot(false)
        .withAllowPrivilegeEscalation(false).withNewCapabilities().withDrop("ALL").withAdd("CHOWN")
        .endCapabilities().endSecurityContext()
        .withNewResources().withRequests(Map.of("cpu", new Quantity("50m"), "memory",
            new Quantity("32Mi"))).withLimits(Map.of("cpu", new Quantity("200m"), "memory",
            new Quantity("64Mi"))).endResources()
        .addNewVolumeMount().withName(VOLUME).withMountPath("/data/db").endVolumeMount();
    if (auth) {
      c.addNewVolumeMount().withName("secret").withMountPath(SECRET_DIR).withReadOnly(true)
          .endVolumeMount().addNewVolumeMount().withName("auth").withMountPath(KEY_DIR)
          .endVolumeMount();
    }
    return c.build();
  }

  private static SecurityContext nonRoot() {
    return new SecurityContextBuilder().withRunAsUser(MONGODB_UID).withRunAsGroup(MONGODB_UID)
        .withRunAsNonRoot(true).withAllowPrivilegeEscalation(false).withNewCapabilities()
        .withDrop("ALL").endCapabilities().build();
  }

  /** {@code mongod} (or {@code mongos}) with the group's options, as the container's command. */
  List<String> command(Group g, boolean auth) {
    List<String> c = new ArrayList<>();
    if (g.kind() == Kind.ROUTER) {
      c.addAll(List.of("mongos", "--bind_ip_all", "--port", String.valueOf(ClusterLayout.PORT),
          "--configdb", layout.configDb()));
    } else {
      c.addAll(List.of("mongod", "--bind_ip_all", "--port", String.valueOf(ClusterLayout.PORT),
          "--dbpath", "/data/db"));
      if (!g.replicaSet().isEmpty()) {
        c.addAll(List.of("--replSet", g.replicaSet()));
      }
      if (g.kind() == Kind.CONFIG) {
        c.add("--configsvr");
      } else if (g.kind() == Kind.SHARD) {
        c.add("--shardsvr");
      }
      settings.mongodb().cacheSizeGB().ifPresent(gb -> c.addAll(List.of(
          "--wiredTigerCacheSizeGB", BigDecimal.valueOf(gb).stripTrailingZeros().toPlainString())));
    }
    if (auth) {
      // a key file makes members authenticate each other and implies --auth; a standalone
      // has no members, so it gets --auth alone
      c.addAll(g.kind() == Kind.STANDALONE ? List.of("--auth")
          : List.of("--keyFile", KEY_DIR + "/keyfile"));
    }
    c.addAll(settings.mongodb().extraArgs());
    return c;
  }

  private PersistentVolumeClaim claimTemplate(Group g) {
    PersistentVolumeClaimBuilder b = new PersistentVolumeClaimBuilder().withNewMetadata()
        .withName(VOLUME).withLabels(podLabels(g)).endMetadata()
        .withNewSpec().withAccessModes(settings.storage().accessModes())
        .withNewResources().addToRequests("storage", new Quantity(settings.storage().size()))
        .endResources().endSpec();
    storageClass.ifPresent(sc -> b.editSpec().withStorageClassName(sc).endSpec());
    return b.build();
  }

  private Optional<io.fabric8.kubernetes.api.model.Affinity> antiAffinity(Group g) {
    AntiAffinity mode = settings.mongodb().antiAffinity();
    if (mode == AntiAffinity.NONE || g.replicas() < 2 && g.kind() != Kind.ARBITER) {
      return Optional.empty();
    }
    // members of one replica set (data members and its arbiter) avoid sharing a node
    PodAffinityTerm term = new PodAffinityTermBuilder().withTopologyKey("kubernetes.io/hostname")
        .withNewLabelSelector().addNewMatchExpression().withKey(Labels.GROUP).withOperator("In")
        .withValues(sameSet(g)).endMatchExpression()
        .withMatchLabels(Map.of(Labels.TRIAL, trial)).endLabelSelector().build();
    var affinity = new io.fabric8.kubernetes.api.model.AffinityBuilder().withNewPodAntiAffinity();
    if (mode == AntiAffinity.REQUIRED) {
      affinity.withRequiredDuringSchedulingIgnoredDuringExecution(term);
    } else {
      affinity.addNewPreferredDuringSchedulingIgnoredDuringExecution().withWeight(100)
          .withPodAffinityTerm(term).endPreferredDuringSchedulingIgnoredDuringExecution();
    }
    return Optional.of(affinity.endPodAntiAffinity().build());
  }

  private List<String> sameSet(Group g) {
    return g.replicaSet().isEmpty() ? List.of(g.name())
        : layout.membersOf(g.replicaSet()).stream().map(Group::name).toList();
  }
}
