package dev.refarch.platform.kubernetes.telemetry;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.refarch.platform.spi.telemetry.TelemetryProvider;
import dev.refarch.platform.spi.telemetry.TelemetryRound;
import dev.refarch.platform.spi.telemetry.TelemetrySource;
import dev.refarch.platform.spi.telemetry.TelemetryTarget;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The pods of a Kubernetes cluster this adapter started, as their nodes' kubelets account for
 * them: the stats summary ({@code /api/v1/nodes/<node>/proxy/stats/summary}, through the API
 * server, with the cluster's own client) per member pod — {@code cpu.total} (cores, from the
 * pod's cumulative CPU time), {@code memory.workingSet} (bytes, what the kubelet weighs for
 * eviction), and per mounted claim {@code volume.usedBytes} and {@code volume.capacityBytes}
 * (the metric carries the claim's name: {@code volume.usedBytes:data-rs0-0}). The kubelet
 * refreshes these every ten seconds or so, so a once-a-second round repeats the last figures and
 * a rate is taken only when its time moved. Reading them needs {@code get} on
 * {@code nodes/proxy}; a refusal is the source's failure, said once, and the trial runs on.
 *
 * <p>The members are the pods the cluster's state names ({@code member.<pod>.node}); each round
 * reads the summaries of the nodes they run on then.
 *
 * <p>Stateless and thread-safe; its sources are used from one thread.
 */
public final class PodTelemetry implements TelemetryProvider {

  private static final ObjectMapper JSON = new ObjectMapper();

  @Override
  public String name() {
    return "pods";
  }

  @Override
  public String description() {
    return "CPU, memory and volume usage of each member pod, from its kubelet's stats summary";
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
      return "pods";
    }

    @Override
    public TelemetryRound sample(long epochMs) throws IOException {
      TelemetryRound.Builder round = TelemetryRound.builder();
      Map<String, JsonNode> pods = new TreeMap<>();
      for (String node : Kubelets.nodesNow(client, namespace, nodes)) {
        for (JsonNode pod : summary(node).path("pods")) {
          JsonNode ref = pod.path("podRef");
          if (namespace.equals(ref.path("namespace").asText())
              && nodes.containsKey(ref.path("name").asText())) {
            pods.put(ref.path("name").asText(), pod);
          }
        }
      }
      for (String member : nodes.keySet()) {
        JsonNode pod = pods.get(member);
        if (pod == null) {
          round.missing(member, "not in its node's stats summary (rescheduled, or not running)");
          continue;
        }
        JsonNode cpu = pod.path("cpu");
        if (cpu.has("usageCoreNanoSeconds") && cpu.has("time")) {
          round.add(member, "cpu.total", "cores", rates.rate(member + " cpu",
              cpu.path("usageCoreNanoSeconds").asDouble() / 1e9,
              Instant.parse(cpu.path("time").asText()))); // rates follow the kubelet's clock
        }
        JsonNode memory = pod.path("memory");
        if (memory.has("workingSetBytes")) {
          round.add(member, "memory.workingSet", "bytes",
              memory.path("workingSetBytes").asDouble());
        }
        for (JsonNode v : pod.path("volume")) {
          String claim = v.path("pvcRef").path("name").asText("");
          if (!claim.isEmpty() && v.has("usedBytes")) {
            round.add(member, "volume.usedBytes:" + claim, "bytes", v.path("usedBytes").asDouble());
            round.add(member, "volume.capacityBytes:" + claim, "bytes",
                v.path("capacityBytes").asDouble());
          }
        }
      }
      return round.build();
    }

    private JsonNode summary(String node) throws IOException {
      return JSON.readTree(Kubelets.get(client, "pod telemetry", node, "stats/summary",
          "stats summary"));
    }

  }

  /** For tests: a source over {@code client} for member pods on their nodes. */
  static Source source(KubernetesClient client, String namespace, Map<String, String> nodes) {
    return new Source(client, namespace, nodes);
  }
}
