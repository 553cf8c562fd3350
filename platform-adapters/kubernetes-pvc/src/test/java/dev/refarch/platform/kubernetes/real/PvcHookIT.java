package dev.refarch.platform.kubernetes.real;

import static org.assertj.core.api.Assertions.assertThat;

import dev.refarch.platform.kubernetes.api.ManagedObjects;
import dev.refarch.platform.kubernetes.storage.PvcHook;
import dev.refarch.platform.kubernetes.testing.RealKubernetes;
import dev.refarch.platform.kubernetes.testing.TestHookContext;
import dev.refarch.platform.spi.Phase;
import dev.refarch.platform.spi.PhaseOutcome;
import dev.refarch.platform.spi.PlatformState;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The PVC hook against a real API server and controller manager: the StorageClass it creates
 * is accepted, the host-path provisioner binds its claims, the platform state records the
 * class's settings and the volumes the provisioner made, and cleanup leaves nothing.
 */
@ExtendWith(RealKubernetes.class)
class PvcHookIT {

  @Test
  void createsAClassWhoseClaimsTheProvisionerBindsAndRecordsTheirVolumes(
      RealKubernetes.Cluster k8s) {
    String sc = "refarch-it-" + k8s.namespace().substring(k8s.namespace().lastIndexOf('-') + 1);
    Map<String, String> settings = k8s.with(Map.of("k8s.trial", "hook",
        "k8s.storageClass", sc, "k8s.storageClass.provisioner", "kubernetes.io/host-path",
        "k8s.storageClass.reclaimPolicy", "Delete", "k8s.pvc.names", "mongodb-data,mongodb-log",
        "k8s.pvc.size", "1Gi"));
    PvcHook hook = new PvcHook();
    TestHookContext load = new TestHookContext(hook.name(), Phase.LOAD, settings,
        PlatformState.empty());
    hook.before(load);
    Map<String, String> facts = load.facts();
    assertThat(facts).containsEntry("storageClass", sc)
        .containsEntry("storageClass.created", "true")
        .containsEntry("storageClass.provisioner", "kubernetes.io/host-path")
        .containsEntry("pvc.mongodb-data.phase", "Bound")
        .containsEntry("pvc.mongodb-log.phase", "Bound")
        .containsEntry("pvc.mongodb-data.provisionedBy", "kubernetes.io/host-path")
        .containsEntry("pvc.mongodb-data.reclaimPolicy", "Delete");
    assertThat(facts.get("pvc.mongodb-data.hostPath.path")).startsWith("/tmp/hostpath_pv/")
        .isNotEqualTo(facts.get("pvc.mongodb-log.hostPath.path"));
    assertThat(k8s.client().persistentVolumes().withName(facts.get("pvc.mongodb-data.volume"))
        .get().getSpec().getClaimRef().getName()).isEqualTo("mongodb-data");
    hook.after(load, PhaseOutcome.success());

    TestHookContext run = load.next(Phase.RUN);
    hook.before(run);
    assertThat(run.facts()).containsEntry("pvc.mongodb-data.created", "false")
        .containsEntry("pvc.mongodb-data.volume", facts.get("pvc.mongodb-data.volume"));
    hook.after(run, PhaseOutcome.success());

    ManagedObjects.awaitGone(k8s.client(), k8s.namespace(), "hook", java.time.Duration
        .ofMinutes(2));
    assertThat(k8s.client().storage().v1().storageClasses().withName(sc).get()).isNull();
    assertThat(k8s.client().persistentVolumeClaims().inNamespace(k8s.namespace()).list()
        .getItems()).isEmpty();
  }
}
