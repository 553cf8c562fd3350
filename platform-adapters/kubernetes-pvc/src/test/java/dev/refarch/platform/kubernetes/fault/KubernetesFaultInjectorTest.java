package dev.refarch.platform.kubernetes.fault;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.refarch.platform.kubernetes.KubernetesCluster;
import dev.refarch.platform.kubernetes.KubernetesProvisioner;
import dev.refarch.platform.kubernetes.api.ManagedObjects;
import dev.refarch.platform.kubernetes.testing.FakeKubernetes;
import dev.refarch.platform.spi.Fault;
import dev.refarch.platform.spi.FaultEvent;
import dev.refarch.platform.spi.PlatformException;
import dev.refarch.platform.spi.Topology;
import dev.refarch.platform.spi.config.ConfigurationException;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Study B4's faults against the mock server: the tests play the StatefulSet controller (which
 * recreates a deleted pod after a delay), the scheduler (which avoids cordoned nodes) and the
 * taint manager (which deletes pods on out-of-service nodes); the injector measures how long the
 * pod took to be Ready again.
 */
@EnableKubernetesMockClient(crud = true)
class KubernetesFaultInjectorTest {

  KubernetesMockServer server;
  KubernetesClient client;
  private FakeKubernetes k8s;
  private KubernetesCluster cluster;
  /** The test plays mongod too: this pod is primary, the others secondaries. */
  private volatile String primary = "refarch-rs0-1";

  @BeforeEach
  void start() {
    k8s = FakeKubernetes.start(server, "test", "node-a", "node-b", "node-c", "node-d");
    MemberRoles roles = (ns, set, pods) -> {
      Map<String, String> r = new LinkedHashMap<>();
      pods.forEach(p -> r.put(p, p.equals(primary) ? "primary" : "secondary"));
      return r;
    };
    cluster = (KubernetesCluster) new KubernetesProvisioner(s -> server.createClient(),
        (c, layout, credentials, timeout) -> { }, (c, credential) -> roles)
        .start(Topology.parse("pss"), Map.of("k8s.trial", "t1", "k8s.storageClass", "gold",
            "k8s.storageClass.provisioner", FakeKubernetes.CSI_DRIVER,
            "k8s.timeoutSeconds", "20"));
  }

  @AfterEach
  void stop() {
    cluster.close();
    k8s.close();
    assertThat(k8s.errors()).isEmpty();
  }

  private Node node(String name) {
    return client.nodes().withName(name).get();
  }

  private String nodeOf(String pod) {
    return client.pods().withName(pod).get().getSpec().getNodeName();
  }

  @Test
  void deletingThePrimarysPodMeasuresTheTimeUntilItIsReadyAgain() {
    k8s.recreateDelayMs = 600;
    String before = nodeOf("refarch-rs0-1");
    long t0 = System.currentTimeMillis();
    FaultEvent e = cluster.faults().inject(Fault.of("delete-pod", "primary"));

    assertThat(e.member()).isEqualTo("refarch-rs0-1");
    assertThat(e.epochMillis()).isBetween(t0, System.currentTimeMillis());
    PodRecovery r = cluster.faults().recoveries().get(0);
    assertThat(r.role()).isEqualTo("primary");
    assertThat(r.readyAfterMs()).isBetween(600L, 10_000L);
    assertThat(r.nodeBefore()).isEqualTo(before);
    assertThat(e.detail()).contains("deleted pod refarch-rs0-1", "Ready again on " + r.nodeAfter(),
        "after " + r.readyAfterMs() + " ms");
    assertThat(e.durationsMs()).containsExactly(Map.entry("podReady", r.readyAfterMs()));
    assertThat(cluster.state().of("kubernetes")).containsEntry("fault.1.pod", "refarch-rs0-1")
        .containsEntry("fault.1.podReadyAfterMs", String.valueOf(r.readyAfterMs()));
  }

  @Test
  void anOutOfServiceNodeFailureMovesThePodToAnotherNodeAndCloseRestoresTheNode() {
    k8s.recreateDelayMs = 300;
    String failed = nodeOf("refarch-rs0-1");
    FaultEvent e = cluster.faults().inject(Fault.of("node-failure", "primary")
        .with("mode", "out-of-service"));

    Node n = node(failed);
    assertThat(n.getSpec().getUnschedulable()).isTrue();
    assertThat(n.getSpec().getTaints()).anyMatch(t ->
        t.getKey().equals("node.kubernetes.io/out-of-service") && t.getEffect().equals("NoExecute"));
    PodRecovery r = cluster.faults().recoveries().get(0);
    assertThat(r.nodeBefore()).isEqualTo(failed);
    assertThat(r.nodeAfter()).isNotEqualTo(failed).isEqualTo(nodeOf("refarch-rs0-1"));
    assertThat(r.readyAfterMs()).isGreaterThanOrEqualTo(300);
    assertThat(e.durationsMs()).containsExactly(Map.entry("podReady", r.readyAfterMs()));
    assertThat(e.detail()).contains("took node " + failed + " out of service (cordon + taint)");

    cluster.close();
    n = node(failed);
    assertThat(n.getSpec().getUnschedulable()).isFalse();
    assertThat(n.getSpec().getTaints()).isEmpty();
    assertThat(n.getMetadata().getAnnotations()).doesNotContainKey("refarch/node-fault");
    assertThat(ManagedObjects.remaining(client, "test", "t1")).isEmpty();
  }

  @Test
  void byDefaultANodeFailureCordonsAndDeletesOnlyTheTargetsPod() {
    String failed = nodeOf("refarch-rs0-0");
    cluster.faults().inject(Fault.of("node-failure", "refarch-rs0-0")
        .with("gracePeriodSeconds", "0"));
    assertThat(node(failed).getSpec().getUnschedulable()).isTrue();
    assertThat(node(failed).getSpec().getTaints()).isEmpty();
    PodRecovery r = cluster.faults().recoveries().get(0);
    assertThat(r.role()).isEqualTo("member");
    assertThat(r.nodeAfter()).isNotEqualTo(failed);
  }

  @Test
  void restoreNodePutsANodeBackInService() {
    // "secondary" is the secondary with the lowest name
    String failed = nodeOf("refarch-rs0-0");
    cluster.faults().inject(Fault.of("node-failure", "secondary").with("awaitReady", "false"));
    FaultEvent e = cluster.faults().inject(Fault.of("restore-node", failed));
    assertThat(e.detail()).isEqualTo("put back in service: " + failed);
    assertThat(node(failed).getSpec().getUnschedulable()).isFalse();
  }

  @Test
  void withoutAwaitReadyInjectReturnsAtOnceAndMeasuresNothing() {
    k8s.recreateDelayMs = 5_000;
    long t0 = System.nanoTime();
    FaultEvent e = cluster.faults().inject(Fault.of("delete-pod", "secondary")
        .with("awaitReady", "false"));
    assertThat((System.nanoTime() - t0) / 1e9).isLessThan(4);
    assertThat(cluster.faults().recoveries()).isEmpty();
    assertThat(e.durationsMs()).isEmpty();
  }

  @Test
  void targetsFollowTheSharedGrammar() {
    // refarch-rs0-1 is primary: the secondaries by name are refarch-rs0-0 and refarch-rs0-2
    FaultEvent e = cluster.faults().inject(Fault.of("delete-pod", "rs0/secondary:2")
        .with("awaitReady", "false"));
    assertThat(e.member()).isEqualTo("refarch-rs0-2");
    assertThatThrownBy(() -> cluster.faults().inject(Fault.of("delete-pod", "secondary:3")))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageEndingWith("(rs0 has 2 secondaries)");
    assertThatThrownBy(() -> cluster.faults().inject(Fault.of("delete-pod", "arbiter")))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageEndingWith("(rs0 has no arbiter)");
  }

  @Test
  void aPodThatDoesNotComeBackTimesOutSayingWhatItSaw() {
    k8s.recreateDelayMs = 60_000;
    assertThatThrownBy(() -> cluster.faults().inject(Fault.of("delete-pod", "refarch-rs0-2")
        .with("timeoutSeconds", "1")))
        .isInstanceOf(PlatformException.class)
        .hasMessageContaining("pod test/refarch-rs0-2 back and Ready")
        .hasMessageContaining("timed out after 1 s")
        .hasMessageContaining("deleted, not recreated yet");
  }

  @Test
  void misspeltActionsTargetsAndParametersNameTheClosest() {
    assertThatThrownBy(() -> cluster.faults().inject(Fault.of("delete-pods", "primary")))
        .isInstanceOf(ConfigurationException.class).hasMessageContaining("did you mean 'delete-pod'");
    assertThatThrownBy(() -> cluster.faults().inject(Fault.of("delete-pod", "primray")))
        .isInstanceOf(ConfigurationException.class).hasMessageContaining("did you mean 'primary'");
    assertThatThrownBy(() -> cluster.faults().inject(Fault.of("delete-pod", "primary")
        .with("mode", "drain"))).isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("parameters of delete-pod: timeoutSeconds, awaitReady,"
            + " gracePeriodSeconds");
    assertThat(cluster.faults().actions()).containsExactly("delete-pod", "node-failure",
        "restore-node", "kill", "restart");
    assertThat(cluster.faults().members()).isEqualTo(List.of("refarch-rs0-0", "refarch-rs0-1",
        "refarch-rs0-2"));
  }
}
