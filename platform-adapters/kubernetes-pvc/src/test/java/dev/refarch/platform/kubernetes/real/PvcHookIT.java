package dev.refarch.platform.kubernetes.real;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.refarch.platform.kubernetes.api.ManagedObjects;
import dev.refarch.platform.kubernetes.storage.PvcHook;
import dev.refarch.platform.kubernetes.testing.RealKubernetes;
import dev.refarch.platform.kubernetes.testing.TestHookContext;
import dev.refarch.platform.spi.Phase;
import dev.refarch.platform.spi.PhaseOutcome;
import dev.refarch.platform.spi.PlatformState;
import dev.refarch.platform.spi.config.ConfigurationException;
import io.fabric8.kubernetes.api.model.storage.StorageClassBuilder;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The PVC hook against a real API server and controller manager: the StorageClass it creates
 * is accepted, the host-path provisioner binds its claims (also those of a WaitForFirstConsumer
 * class, through the binder pod the scheduler places), the platform state records the class's
 * settings and the volumes the provisioner made, and cleanup leaves what the settings say — and
 * never a class the hook did not create. Error answers a real cluster cannot give on demand
 * (quota, RBAC refusals mid-run) stay in {@code PvcHookTest} against the mock server.
 */
@ExtendWith(RealKubernetes.class)
class PvcHookIT {

  private static final String HOST_PATH = "kubernetes.io/host-path";

  private final PvcHook hook = new PvcHook();
  private RealKubernetes.Cluster k8s;
  /** The test's own StorageClass name (classes are cluster-scoped: the namespace does not hold them). */
  private String sc;
  private String trial;

  @BeforeEach
  void name(RealKubernetes.Cluster cluster, TestInfo test) {
    k8s = cluster;
    String suffix = k8s.namespace().substring(k8s.namespace().lastIndexOf('-') + 1);
    trial = "t" + Integer.toString(Math.abs(test.getDisplayName().hashCode()) % 100_000, 36);
    sc = "refarch-it-" + suffix + "-" + trial;
  }

  /** What a failed test left would make the next one fail too: the claims' names are shared. */
  @AfterEach
  void deleteWhatIsLeft() {
    ManagedObjects.deleteAll(k8s.client(), k8s.namespace(), trial);
    k8s.client().storage().v1().storageClasses().withName(sc).delete();
    ManagedObjects.awaitGone(k8s.client(), k8s.namespace(), trial, Duration.ofMinutes(2));
  }

  private Map<String, String> settings(String... more) {
    Map<String, String> s = new HashMap<>(k8s.with(Map.of("k8s.trial", trial,
        "k8s.storageClass", sc, "k8s.storageClass.provisioner", HOST_PATH,
        "k8s.storageClass.reclaimPolicy", "Delete", "k8s.pvc.names", "mongodb-data,mongodb-log",
        "k8s.pvc.size", "1Gi")));
    for (int i = 0; i < more.length; i += 2) {
      s.put(more[i], more[i + 1]);
    }
    return s;
  }

  private TestHookContext context(Phase phase, Map<String, String> settings) {
    return new TestHookContext(hook.name(), phase, settings, PlatformState.empty());
  }

  @Test
  void createsAClassWhoseClaimsTheProvisionerBindsAndRecordsTheirVolumes() {
    TestHookContext load = context(Phase.LOAD, settings());
    hook.before(load);
    Map<String, String> facts = load.facts();
    assertThat(facts).containsEntry("storageClass", sc)
        .containsEntry("storageClass.created", "true")
        .containsEntry("storageClass.provisioner", HOST_PATH)
        .containsEntry("pvc.mongodb-data.phase", "Bound")
        .containsEntry("pvc.mongodb-log.phase", "Bound")
        .containsEntry("pvc.mongodb-data.provisionedBy", HOST_PATH)
        .containsEntry("pvc.mongodb-data.reclaimPolicy", "Delete");
    assertThat(facts.get("pvc.mongodb-data.hostPath.path")).startsWith("/tmp/hostpath_pv/")
        .isNotEqualTo(facts.get("pvc.mongodb-log.hostPath.path"));
    assertThat(k8s.client().persistentVolumes().withName(facts.get("pvc.mongodb-data.volume"))
        .get().getSpec().getClaimRef().getName()).isEqualTo("mongodb-data");
    assertThat(k8s.client().persistentVolumeClaims().inNamespace(k8s.namespace())
        .withName("mongodb-data").get().getMetadata().getLabels())
        .containsEntry("app.kubernetes.io/managed-by", "ycsb-mongo-refarch")
        .containsEntry("refarch/trial", trial);
    hook.after(load, PhaseOutcome.success());
    assertThat(ManagedObjects.remaining(k8s.client(), k8s.namespace(), trial)).hasSize(3);

    TestHookContext run = load.next(Phase.RUN);
    hook.before(run);
    assertThat(run.facts()).containsEntry("pvc.mongodb-data.created", "false")
        .containsEntry("pvc.mongodb-data.volume", facts.get("pvc.mongodb-data.volume"));
    hook.after(run, PhaseOutcome.success());

    assertThat(run.facts()).containsEntry("cleanup", "deleted (k8s.cleanup=delete)");
    assertNothingLeft();
  }

  @Test
  void deletesEverythingItCreatedAfterAFailedLoad() {
    TestHookContext load = context(Phase.LOAD, settings());
    hook.before(load);
    hook.after(load, PhaseOutcome.failed("client load-0 died"));
    assertNothingLeft();
  }

  @Test
  void retainKeepsWhatItCreatedLabelled() {
    TestHookContext run = context(Phase.RUN, settings("k8s.cleanup", "retain"));
    hook.before(run);
    hook.after(run, PhaseOutcome.success());
    assertThat(run.facts().get("cleanup")).startsWith("retained");
    assertThat(ManagedObjects.remaining(k8s.client(), k8s.namespace(), trial))
        .containsExactlyInAnyOrder("StorageClass " + sc,
            "PersistentVolumeClaim " + k8s.namespace() + "/mongodb-data",
            "PersistentVolumeClaim " + k8s.namespace() + "/mongodb-log");
    ManagedObjects.deleteAll(k8s.client(), k8s.namespace(), trial);
    assertNothingLeft();
  }

  @Test
  void leavesAClassItDidNotCreate() {
    createClass(HOST_PATH);
    TestHookContext run = context(Phase.RUN, k8s.with(Map.of("k8s.trial", trial,
        "k8s.storageClass", sc, "k8s.pvc.size", "1Gi")));
    hook.before(run);
    assertThat(run.facts()).containsEntry("storageClass.created", "false")
        .containsEntry("pvc.mongodb-data.phase", "Bound");
    hook.after(run, PhaseOutcome.success());
    assertThat(k8s.client().storage().v1().storageClasses().withName(sc).get()).isNotNull();
    ManagedObjects.awaitGone(k8s.client(), k8s.namespace(), trial, Duration.ofMinutes(2));
    assertThat(k8s.client().persistentVolumeClaims().inNamespace(k8s.namespace()).list()
        .getItems()).isEmpty();
  }

  @Test
  void refusesAnExistingClassWithAnotherProvisioner() {
    createClass("example.com/other");
    assertThatThrownBy(() -> hook.before(context(Phase.LOAD, settings())))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("provisioner is example.com/other, not " + HOST_PATH)
        .hasMessageContaining("immutable");
    assertThat(k8s.client().persistentVolumeClaims().inNamespace(k8s.namespace()).list()
        .getItems()).isEmpty();
  }

  @Test
  void claimsOfAFirstConsumerClassStayPendingUntilABinderPodIsScheduled() {
    TestHookContext skipped = context(Phase.LOAD, settings(
        "k8s.storageClass.volumeBindingMode", "WaitForFirstConsumer"));
    hook.before(skipped);
    assertThat(skipped.facts()).containsEntry("storageClass.volumeBindingMode",
        "WaitForFirstConsumer").containsEntry("pvc.mongodb-data.phase", "Pending")
        .doesNotContainKey("pvc.mongodb-data.volume");
    assertThat(skipped.logs).anyMatch(l -> l.contains("Pending until a pod uses them"));
    hook.after(skipped, PhaseOutcome.failed("stop here"));
    assertNothingLeft();

    TestHookContext bound = context(Phase.RUN, settings(
        "k8s.storageClass.volumeBindingMode", "WaitForFirstConsumer",
        "k8s.pvc.waitForFirstConsumer", "binder-pod"));
    hook.before(bound);
    assertThat(bound.facts()).containsEntry("pvc.mongodb-data.phase", "Bound")
        .containsEntry("pvc.mongodb-log.phase", "Bound")
        .containsKey("pvc.mongodb-log.hostPath.path");
    assertThat(k8s.client().pods().inNamespace(k8s.namespace()).list().getItems()).isEmpty();
    hook.after(bound, PhaseOutcome.success());
    assertNothingLeft();
  }

  private void createClass(String provisioner) {
    k8s.client().storage().v1().storageClasses().resource(new StorageClassBuilder()
        .withNewMetadata().withName(sc).endMetadata().withProvisioner(provisioner)
        .withReclaimPolicy("Delete").build()).create();
  }

  private void assertNothingLeft() {
    ManagedObjects.awaitGone(k8s.client(), k8s.namespace(), trial, Duration.ofMinutes(2));
    assertThat(k8s.client().storage().v1().storageClasses().withName(sc).get()).isNull();
    assertThat(k8s.client().persistentVolumeClaims().inNamespace(k8s.namespace()).list()
        .getItems()).isEmpty();
  }
}
