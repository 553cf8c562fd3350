package dev.refarch.experiments.plan;

import dev.refarch.experiments.faults.FaultSchedule;
import dev.refarch.experiments.spec.ExperimentSpec;
import dev.refarch.experiments.spec.Variant;
import dev.refarch.platform.spi.Topology;
import dev.refarch.ycsb.workloads.CoreWorkloads;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * What one sweep point of a spec runs: the core workload's properties, then the spec's, then the
 * variant's, then the point's. Sweep parameters {@code threadcount} (per client),
 * {@code clients}, {@code target}, {@code workload} (a core workload letter), {@code topology} and
 * {@code variant} (a named configuration: its properties and faults) set those; any other is a
 * property. Immutable.
 *
 * @param topology the cluster it runs on
 * @param clients client JVMs per phase
 * @param threadsPerClient YCSB threads in each client, as YCSB's {@code -threads}
 * @param target total target throughput, ops/s, when throttled
 * @param variant the named configuration it runs, if any
 * @param faults the faults it injects
 * @param properties the YCSB, {@code mongodb.*} and hook properties its clients get
 */
public record TrialShape(Topology topology, int clients, int threadsPerClient,
    OptionalDouble target, Optional<String> variant, FaultSchedule faults,
    Map<String, String> properties) {

  public TrialShape {
    properties = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(properties));
  }

  /** The shape of {@code point} of {@code spec}. */
  public static TrialShape of(ExperimentSpec spec, Map<String, String> point) {
    Map<String, String> props = new LinkedHashMap<>();
    String letter = point.getOrDefault("workload", spec.workload().orElse(null));
    if (letter != null) {
      CoreWorkloads.properties(letter).forEach((k, v) -> props.put(k.toString(), v.toString()));
      if (spec.untilSteady().isPresent()) {
        // the workload file's 1,000 operations would end a run before it could become steady:
        // 0 is no count (the runner's clients then run until steady); a count the spec or the
        // point sets still applies
        props.put("operationcount", "0");
      }
    }
    props.putAll(spec.properties());
    Optional<String> variant = Optional.ofNullable(point.get("variant"));
    Optional<Variant> chosen = variant.map(v -> spec.variants().get(v));
    chosen.ifPresent(v -> props.putAll(v.properties()));
    int threads = spec.threads();
    int clients = spec.clients();
    OptionalDouble target = OptionalDouble.empty();
    for (Map.Entry<String, String> p : point.entrySet()) {
      switch (p.getKey()) {
        case "threadcount" -> threads = Integer.parseInt(p.getValue());
        case "clients" -> clients = Integer.parseInt(p.getValue());
        case "target" -> target = OptionalDouble.of(Double.parseDouble(p.getValue()));
        case "workload", "topology", "variant" -> {
          // the workload's properties are above; the topology is the cluster's
        }
        default -> props.put(p.getKey(), p.getValue());
      }
    }
    String t = point.get("topology");
    Topology topology = t == null ? spec.cluster().topology() : Topology.parse(t);
    FaultSchedule faults = chosen.flatMap(Variant::faults).orElse(spec.faults());
    return new TrialShape(topology, clients, threads, target, variant, faults, props);
  }

  /** YCSB threads over all clients: {@code clients × threadsPerClient}. */
  public int totalThreads() {
    return clients * threadsPerClient;
  }

  /** How the collection is sharded at load, e.g. {@code hashed _id, 64 initial chunks}. */
  public Optional<String> sharding() {
    String key = properties.getOrDefault("mongodb.shardKey", "none");
    if (key.equals("none")) {
      return Optional.empty();
    }
    String chunks = properties.get("mongodb.shard.chunks");
    return Optional.of((key.equals("hashed") ? "hashed _id" : "range _id")
        + (chunks == null ? "" : ", pre-split into " + chunks + " chunks"));
  }

  /** {@code sharded:4x1,cfg=3,routers=4 · 4 clients × 128 threads = 512 · …} for a dry run. */
  public String describe() {
    StringBuilder b = new StringBuilder(topology.label());
    sharding().ifPresent(s -> b.append(" (").append(s).append(')'));
    b.append(" · ").append(clients).append(clients == 1 ? " client × " : " clients × ")
        .append(threadsPerClient).append(threadsPerClient == 1 ? " thread" : " threads")
        .append(clients > 1 ? " = " + totalThreads() : "");
    target.ifPresent(v -> b.append(" · target ").append(Math.round(v)).append(" ops/s"));
    variant.ifPresent(v -> b.append(" · variant ").append(v));
    if (!faults.isEmpty()) {
      b.append(" · faults ").append(faults);
    }
    return b.toString();
  }
}
