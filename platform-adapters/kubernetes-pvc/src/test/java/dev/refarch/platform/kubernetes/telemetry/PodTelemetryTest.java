package dev.refarch.platform.kubernetes.telemetry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.refarch.platform.spi.PlatformException;
import dev.refarch.platform.spi.telemetry.TelemetryRound;
import dev.refarch.platform.spi.telemetry.TelemetrySample;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The pod source against fabric8's mock API server (which stores pods but runs no kubelet), the
 * kubelets' stats summaries played by expectations shaped as the kubelet's Summary API
 * (k8s.io/kubelet/pkg/apis/stats/v1alpha1: PodStats with podRef, cpu, memory, volume).
 */
@EnableKubernetesMockClient(crud = true)
class PodTelemetryTest {

  KubernetesMockServer server;
  KubernetesClient client;

  @BeforeEach
  void pods() {
    for (String[] p : new String[][] {{"rs0-0", "node-a"}, {"rs0-1", "node-b"}}) {
      client.pods().inNamespace("ns").resource(new PodBuilder().withNewMetadata().withName(p[0])
          .endMetadata().withNewSpec().withNodeName(p[1]).endSpec().build()).create();
    }
  }

  private static String summary(String pod, String time, long cpuNanos, long workingSet) {
    return """
        {"node": {"nodeName": "n"},
         "pods": [
          {"podRef": {"name": "%s", "namespace": "ns", "uid": "u1"},
           "cpu": {"time": "%s", "usageNanoCores": 1, "usageCoreNanoSeconds": %d},
           "memory": {"time": "%s", "usageBytes": 9, "workingSetBytes": %d, "rssBytes": 5},
           "volume": [{"time": "%s", "availableBytes": 700, "capacityBytes": 1000,
                       "usedBytes": 300, "name": "data", "pvcRef": {"name": "data-%s", "namespace": "ns"}},
                      {"time": "%s", "usedBytes": 4, "name": "kube-api-access"}]},
          {"podRef": {"name": "%s", "namespace": "other", "uid": "u2"},
           "memory": {"time": "%s", "workingSetBytes": 1}}]}
        """.formatted(pod, time, cpuNanos, time, workingSet, time, pod, time, pod, time);
  }

  /** The one sample of {@code metric} for {@code member} in {@code r}. */
  static double value(TelemetryRound r, String member, String metric) {
    return r.samples().stream().filter(s -> s.member().equals(member) && s.metric().equals(metric))
        .mapToDouble(TelemetrySample::value).findFirst()
        .orElseThrow(() -> new AssertionError(metric + " of " + member + " in " + r));
  }

  @Test
  void eachMemberPodsCpuMemoryAndClaimFromItsNodesKubelet() throws Exception {
    server.expect().get().withPath("/api/v1/nodes/node-a/proxy/stats/summary")
        .andReturn(200, summary("rs0-0", "2026-11-28T10:00:00Z", 5_000_000_000L, 200_000_000))
        .once();
    server.expect().get().withPath("/api/v1/nodes/node-a/proxy/stats/summary")
        .andReturn(200, summary("rs0-0", "2026-11-28T10:00:10Z", 20_000_000_000L, 210_000_000))
        .once();
    server.expect().get().withPath("/api/v1/nodes/node-b/proxy/stats/summary")
        .andReturn(200, summary("rs0-1", "2026-11-28T10:00:00Z", 1, 1)).times(2);
    PodTelemetry.Source source = PodTelemetry.source(client, "ns",
        Map.of("rs0-0", "node-a", "rs0-1", "node-b", "rs0-2", "node-c"));

    TelemetryRound first = source.sample(1);
    assertThat(value(first, "rs0-0", "memory.workingSet")).isEqualTo(200_000_000);
    assertThat(value(first, "rs0-0", "volume.usedBytes:data-rs0-0")).isEqualTo(300);
    assertThat(value(first, "rs0-0", "volume.capacityBytes:data-rs0-0")).isEqualTo(1000);
    assertThat(first.samples()).noneMatch(s -> s.metric().startsWith("cpu"));
    assertThat(first.missing()).containsOnlyKeys("rs0-2");
    TelemetryRound second = source.sample(2);
    // 15 CPU seconds over the kubelet's 10 s: 1.5 cores, on its clock
    assertThat(value(second, "rs0-0", "cpu.total")).isEqualTo(1.5);
    assertThat(second.samples()).as("a kubelet that has not refreshed gives no rate")
        .noneMatch(s -> s.member().equals("rs0-1") && s.metric().equals("cpu.total"));
  }

  @Test
  void aKubeletThatRefusesIsTheSourcesFailureNamingTheNodeAndThePermission() {
    server.expect().get().withPath("/api/v1/nodes/node-a/proxy/stats/summary")
        .andReturn(403, "{\"kind\":\"Status\",\"status\":\"Failure\",\"reason\":\"Forbidden\","
            + "\"message\":\"nodes \\\"node-a\\\" is forbidden: cannot get resource"
            + " \\\"nodes/proxy\\\"\",\"code\":403}").always();
    PodTelemetry.Source source = PodTelemetry.source(client, "ns", Map.of("rs0-0", "node-a"));
    assertThatThrownBy(() -> source.sample(1)).isInstanceOf(PlatformException.class)
        .hasMessageContaining("node-a").hasMessageContaining("refused: reading it needs get on nodes/proxy");
  }
}
