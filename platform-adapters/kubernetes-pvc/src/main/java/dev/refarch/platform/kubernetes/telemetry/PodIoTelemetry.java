package dev.refarch.platform.kubernetes.telemetry;

import dev.refarch.platform.spi.PlatformException;
import dev.refarch.platform.spi.telemetry.TelemetryProvider;
import dev.refarch.platform.spi.telemetry.TelemetryRound;
import dev.refarch.platform.spi.telemetry.TelemetrySource;
import dev.refarch.platform.spi.telemetry.TelemetryTarget;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The block I/O of each member pod of a Kubernetes cluster this adapter started, which the
 * kubelet's stats summary does not carry: its cAdvisor metrics do
 * ({@code /api/v1/nodes/<node>/proxy/metrics/cadvisor}, through the API server, read by
 * {@link CadvisorIo}). Per pod: {@code disk.reads} and {@code disk.writes} (operations per
 * second) and {@code disk.readBytes} and {@code disk.writeBytes} (bytes per second), as the
 * kernel's block layer counted them for the pod's control group — what reached a device, not
 * what the page cache absorbed. cAdvisor reads the groups every ten seconds or so and stamps each
 * series with that time, so rates are taken on its clock and only when it moved.
 *
 * <p>A source of its own beside {@link PodTelemetry}, so that a kubelet that serves its stats
 * summary but refuses or lacks its cAdvisor metrics costs the I/O figures only. Reading them
 * needs {@code get} on {@code nodes/proxy}.
 *
 * <p>Stateless and thread-safe; its sources are used from one thread.
 */
public final class PodIoTelemetry implements TelemetryProvider {

  @Override
  public String name() {
    return "pod-io";
  }

  @Override
  public String description() {
    return "block I/O of each member pod (reads, writes, bytes per second), from its kubelet's"
        + " cAdvisor metrics";
  }

  @Override
  public Optional<TelemetrySource> open(TelemetryTarget target) {
    return PodSource.open(target, Source::new);
  }

  static final class Source extends PodSource {
    Source(KubernetesClient client, String namespace, Map<String, String> nodes) {
      super(client, namespace, nodes);
    }

    @Override
    public String name() {
      return "pod-io";
    }

    @Override
    public TelemetryRound sample(long epochMs) {
      TelemetryRound.Builder round = TelemetryRound.builder();
      Map<String, Map<CadvisorIo.Counter, CadvisorIo.Reading>> pods = new TreeMap<>();
      for (String node : Kubelets.nodesNow(client, namespace, nodes)) {
        String text = Kubelets.get(client, "pod I/O telemetry", node, "metrics/cadvisor",
            "cAdvisor metrics");
        try {
          pods.putAll(CadvisorIo.pods(text, namespace, nodes.keySet(), epochMs));
        } catch (IllegalArgumentException e) {
          throw new PlatformException("pod I/O telemetry", "node " + node + "'s kubelet: "
              + e.getMessage(), e);
        }
      }
      for (String member : nodes.keySet()) {
        Map<CadvisorIo.Counter, CadvisorIo.Reading> counters = pods.get(member);
        if (counters == null) {
          round.missing(member, "no block I/O of its own in its kubelet's cAdvisor metrics"
              + " (rescheduled, not running, or no I/O accounted yet)");
          continue;
        }
        counters.forEach((c, r) -> round.add(member, c.metric, c.unit, rates.rate(
            member + " " + c.metric, r.value(), Instant.ofEpochMilli(r.epochMs()))));
      }
      return round.build();
    }
  }

  /** For tests: a source over {@code client} for member pods on their nodes. */
  static Source source(KubernetesClient client, String namespace, Map<String, String> nodes) {
    return new Source(client, namespace, nodes);
  }
}
