package dev.refarch.platform.kubernetes.topology;

import dev.refarch.platform.kubernetes.api.Labels;
import dev.refarch.platform.kubernetes.config.K8sProperties.AntiAffinity;
import dev.refarch.platform.kubernetes.config.K8sProperties.Cleanup;
import dev.refarch.platform.kubernetes.config.K8sSettings;
import dev.refarch.platform.kubernetes.topology.ClusterLayout.Group;
import dev.refarch.platform.kubernetes.topology.ClusterLayout.Kind;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaimBuilder;
import io.fabric8.kubernetes.api.model.PodAffinityTerm;
import io.fabric8.kubernetes.api.model.PodAffinityTermBuilder;
import io.fabric8.kubernetes.api.model.PodSpecBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.ServiceBuilder;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.apps.StatefulSetBuilder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Builds the objects of a MongoDB deployment: a ConfigMap with the pods' scripts, and per group a
 * headless Service (publishing not-ready pods, so members find each other before the set is
 * initiated) and a StatefulSet with {@code Parallel} pod management (a member becomes Ready only
 * once the set is initiated, which needs all members up), resources as requests = limits,
 * anti-affinity between members and, for data-bearing members, a PVC template in the
 * StorageClass. Every object and pod carries the adapter's labels.
 *
 * <p>Stateless and thread-safe.
 */
final class Manifests {

  static final String CONTAINER = ClusterLayout.CONTAINER;
  static final String VOLUME = "data";

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

  String scriptsName() {
    return settings.mongodb().name() + "-scripts";
  }

  ConfigMap scripts() {
    return new ConfigMapBuilder().withNewMetadata().withName(scriptsName())
        .withNamespace(layout.namespace()).withLabels(Labels.of(trial, "mongodb")).endMetadata()
        .withData(Scripts.all()).build();
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

  private io.fabric8.kubernetes.api.model.PodSpec podSpec(Group g) {
    Map<String, Quantity> resources = Map.of("cpu", new Quantity(settings.mongodb().cpu()),
        "memory", new Quantity(settings.mongodb().memory()));
    PodSpecBuilder spec = new PodSpecBuilder()
        // mongod flushes and steps down on SIGTERM; give it the time
        .withTerminationGracePeriodSeconds(30L)
        .addNewContainer().withName(CONTAINER).withImage(settings.mongodb().image())
        .withCommand(Scripts.command(g.kind())).withEnv(env(g))
        .addNewPort().withName("mongodb").withContainerPort(ClusterLayout.PORT).endPort()
        .withNewResources().withRequests(resources).withLimits(resources).endResources()
        .withNewReadinessProbe().withNewExec()
        .withCommand(Scripts.readiness(g.kind(), layout.shardCount())).endExec()
        .withInitialDelaySeconds(5).withPeriodSeconds(5).withTimeoutSeconds(10)
        .withFailureThreshold(3).endReadinessProbe()
        .addNewVolumeMount().withName("scripts").withMountPath(Scripts.MOUNT).endVolumeMount()
        .endContainer()
        .addNewVolume().withName("scripts").withNewConfigMap().withName(scriptsName())
        .endConfigMap().endVolume();
    if (g.kind().hasVolume()) {
      spec.editFirstContainer().addNewVolumeMount().withName(VOLUME).withMountPath("/data/db")
          .endVolumeMount().endContainer();
    } else {
      spec.addNewVolume().withName(VOLUME).withNewEmptyDir().endEmptyDir().endVolume()
          .editFirstContainer().addNewVolumeMount().withName(VOLUME).withMountPath("/data/db")
          .endVolumeMount().endContainer();
    }
    settings.mongodb().imagePullSecret().ifPresent(s -> spec.addNewImagePullSecret(s));
    antiAffinity(g).ifPresent(spec::withAffinity);
    return spec.build();
  }

  private List<EnvVar> env(Group g) {
    List<EnvVar> env = new ArrayList<>();
    if (g.kind() == Kind.ROUTER) {
      env.add(new EnvVar("CONFIGDB", layout.configDb(), null));
      env.add(new EnvVar("SHARDS", layout.shards(), null));
      return env;
    }
    env.add(new EnvVar("REPLSET", g.replicaSet(), null));
    env.add(new EnvVar("ROLE_ARGS", g.kind() == Kind.CONFIG ? "--configsvr"
        : g.kind() == Kind.SHARD ? "--shardsvr" : "", null));
    List<String> args = new ArrayList<>();
    settings.mongodb().cacheSizeGB().ifPresent(gb -> {
      args.add("--wiredTigerCacheSizeGB");
      args.add(java.math.BigDecimal.valueOf(gb).stripTrailingZeros().toPlainString());
    });
    args.addAll(settings.mongodb().extraArgs());
    env.add(new EnvVar("MONGOD_ARGS", String.join(" ", args), null));
    if (g.kind() != Kind.ARBITER && g.kind() != Kind.STANDALONE) {
      env.add(new EnvVar("INIT_CONFIG", layout.initiateConfig(g), null));
    }
    return env;
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
