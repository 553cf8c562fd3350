package dev.refarch.platform.kubernetes.telemetry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static dev.refarch.platform.kubernetes.telemetry.PodTelemetryTest.value;

import dev.refarch.platform.kubernetes.telemetry.CadvisorIo.Counter;
import dev.refarch.platform.kubernetes.telemetry.CadvisorIo.Reading;
import dev.refarch.platform.spi.PlatformException;
import dev.refarch.platform.spi.telemetry.TelemetryRound;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The pods' block I/O, read from what a real kubelet (v1.31.4, the local cluster's) served as its
 * cAdvisor metrics (test resource {@code kubelet/cadvisor-v1.31.4.txt}, with its provenance); the
 * API server is fabric8's mock, which stores pods but runs no kubelet.
 */
@EnableKubernetesMockClient(crud = true)
class PodIoTelemetryTest {

  static final String NS = "it-mongoonkubernetesit-m3co";
  static final String PATH = "/api/v1/nodes/refarch-node/proxy/metrics/cadvisor";

  KubernetesMockServer server;
  KubernetesClient client;

  static String recorded() throws IOException {
    try (InputStream in = PodIoTelemetryTest.class.getResourceAsStream(
        "/kubelet/cadvisor-v1.31.4.txt")) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  @BeforeEach
  void pods() {
    for (String p : new String[] {"pss-rs0-0", "pss-rs0-1", "pss-rs0-2"}) {
      client.pods().inNamespace(NS).resource(new PodBuilder().withNewMetadata().withName(p)
          .endMetadata().withNewSpec().withNodeName("refarch-node").endSpec().build()).create();
    }
  }

  @Test
  void eachPodsOwnCountersWithCadvisorsTimestamp() throws IOException {
    Map<String, Map<Counter, Reading>> pods = CadvisorIo.pods(recorded(), NS,
        Set.of("pss-rs0-0", "pss-rs0-1", "pss-rs0-2", "pss-rs0-3"), 1);
    assertThat(pods).containsOnlyKeys("pss-rs0-0", "pss-rs0-1", "pss-rs0-2");
    assertThat(pods.get("pss-rs0-0")).containsExactlyInAnyOrderEntriesOf(Map.of(
        Counter.READS, new Reading(0, 1795918621970L),
        Counter.WRITES, new Reading(647, 1795918621970L),
        Counter.READ_BYTES, new Reading(0, 1795918621970L),
        Counter.WRITE_BYTES, new Reading(2_179_072, 1795918621970L)));
    assertThat(pods.get("pss-rs0-2").get(Counter.WRITES)).isEqualTo(new Reading(411,
        1795918614143L));
    assertThat(CadvisorIo.pods(recorded(), "other", Set.of("pss-rs0-0"), 1)).isEmpty();
  }

  @Test
  void devicesAreSummedContainersAndOtherPodsLeftOutAndEscapesUndone() {
    String text = """
        # TYPE container_fs_writes_total counter
        container_fs_writes_total{container="",device="/dev/a",namespace="ns",pod="p"} 5 1000
        container_fs_writes_total{container="",device="/dev/b",namespace="ns",pod="p"} 7 3000
        container_fs_writes_total{container="mongod",device="/dev/a",namespace="ns",pod="p"} 99 3000
        container_fs_writes_total{container="",image="a\\"b\\\\c,d}",namespace="ns",pod="q",} 1e3
        container_fs_writes_total{container="",namespace="ns",pod="r"} 4 1000
        container_fs_reads_total 12
        """;
    var pods = CadvisorIo.pods(text, "ns", Set.of("p", "q"), 42);
    assertThat(pods.get("p")).containsExactlyEntriesOf(Map.of(Counter.WRITES,
        new Reading(12, 3000)));
    assertThat(pods.get("q")).as("an escaped quote, backslash and brace in a label; no"
        + " timestamp: the runner's time").containsExactlyEntriesOf(Map.of(Counter.WRITES,
        new Reading(1000, 42)));
    assertThat(pods).containsOnlyKeys("p", "q");
  }

  @Test
  void aLineOutOfTheFormatIsAnErrorNamingIt() {
    String text = "# TYPE x counter\ncontainer_fs_reads_total{pod=p} 1\n";
    assertThatThrownBy(() -> CadvisorIo.pods(text, "ns", Set.of("p"), 1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("line 2").hasMessageContaining("label pod's value is not quoted")
        .hasMessageContaining("container_fs_reads_total{pod=p} 1");
  }

  @Test
  void ratesOnCadvisorsClockAndOnlyWhenItReadAgain() throws IOException {
    String first = recorded();
    // the same kubelet ten seconds later, as cAdvisor's next housekeeping of pss-rs0-0 gives it:
    // 100 more writes and 400 KiB more written; pss-rs0-1 not read again (same timestamp)
    String second = first
        .replace("pod=\"pss-rs0-0\"} 647 1795918621970", "pod=\"pss-rs0-0\"} 747 1795918631970")
        .replace("pod=\"pss-rs0-0\"} 2.179072e+06 1795918621970",
            "pod=\"pss-rs0-0\"} 2588672 1795918631970")
        .replace("pod=\"pss-rs0-0\"} 0 1795918621970", "pod=\"pss-rs0-0\"} 0 1795918631970");
    assertThat(second).isNotEqualTo(first);
    server.expect().get().withPath(PATH).andReturn(200, first).once();
    server.expect().get().withPath(PATH).andReturn(200, second).once();
    PodIoTelemetry.Source source = PodIoTelemetry.source(client, NS, Map.of(
        "pss-rs0-0", "refarch-node", "pss-rs0-1", "refarch-node", "pss-rs0-3", "refarch-node"));

    TelemetryRound one = source.sample(1);
    assertThat(one.samples()).as("a counter's first reading gives no rate").isEmpty();
    assertThat(one.missing()).containsOnlyKeys("pss-rs0-3");
    TelemetryRound two = source.sample(2);
    assertThat(value(two, "pss-rs0-0", "disk.writes")).isEqualTo(10.0);
    assertThat(value(two, "pss-rs0-0", "disk.writeBytes")).isEqualTo(40_960.0);
    assertThat(value(two, "pss-rs0-0", "disk.reads")).isZero();
    assertThat(two.samples()).as("cAdvisor has not read pss-rs0-1 again: no rate")
        .noneMatch(s -> s.member().equals("pss-rs0-1"));
    assertThat(two.samples()).allMatch(s -> s.unit().equals(s.metric().endsWith("Bytes")
        ? "bytes/s" : "/s"));
  }

  @Test
  void aKubeletThatRefusesIsTheSourcesFailureNamingTheNodeAndThePermission() {
    server.expect().get().withPath(PATH)
        .andReturn(403, "{\"kind\":\"Status\",\"status\":\"Failure\",\"reason\":\"Forbidden\","
            + "\"message\":\"nodes \\\"refarch-node\\\" is forbidden: cannot get resource"
            + " \\\"nodes/proxy\\\"\",\"code\":403}").always();
    PodIoTelemetry.Source source = PodIoTelemetry.source(client, NS,
        Map.of("pss-rs0-0", "refarch-node"));
    assertThatThrownBy(() -> source.sample(1)).isInstanceOf(PlatformException.class)
        .hasMessageContaining("refarch-node")
        .hasMessageContaining("cAdvisor metrics refused: reading it needs get on nodes/proxy");
  }
}
