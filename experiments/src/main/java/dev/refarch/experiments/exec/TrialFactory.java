package dev.refarch.experiments.exec;

import dev.refarch.experiments.plan.PlannedTrial;
import dev.refarch.experiments.spec.ExperimentSpec;
import dev.refarch.platform.spi.Topology;
import dev.refarch.ycsb.workloads.CoreWorkloads;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Turns a planned trial into a {@link TrialSpec}: the core workload's properties, then the spec's,
 * then the sweep point's. Sweep parameters {@code threadcount}, {@code clients}, {@code target},
 * {@code workload} (a core workload letter) and {@code topology} set those; any other is a property.
 * A {@code db} property names the binding, as YCSB's {@code -db} does (default: this library's).
 *
 * <p>Stateless and thread-safe.
 */
final class TrialFactory {

  private TrialFactory() {
  }

  /** The topology a trial runs on: its {@code topology} parameter, else the spec's cluster's. */
  static Topology topology(ExperimentSpec spec, PlannedTrial trial) {
    String t = trial.parameters().get("topology");
    return t == null ? spec.cluster().topology() : Topology.parse(t);
  }

  static TrialSpec.Builder trial(ExperimentSpec spec, PlannedTrial trial, String trialId,
      String connectionString) {
    Map<String, String> point = trial.parameters();
    Map<String, String> props = new LinkedHashMap<>();
    String letter = point.getOrDefault("workload", spec.workload().orElse(null));
    if (letter != null) {
      CoreWorkloads.properties(letter).forEach((k, v) -> props.put(k.toString(), v.toString()));
    }
    props.putAll(spec.properties());
    int threads = spec.threads();
    int clients = spec.clients();
    TrialSpec.Builder b = TrialSpec.builder(spec.id(), trialId).cluster(connectionString);
    for (Map.Entry<String, String> p : point.entrySet()) {
      switch (p.getKey()) {
        case "threadcount" -> threads = Integer.parseInt(p.getValue());
        case "clients" -> clients = Integer.parseInt(p.getValue());
        case "target" -> b.target(Double.parseDouble(p.getValue()));
        case "workload", "topology" -> {
          // applied above and by the cluster
        }
        default -> props.put(p.getKey(), p.getValue());
      }
    }
    String db = props.remove("db");
    if (db != null) {
      b.db(db);
    }
    return b.properties(props).clients(clients).threads(Math.max(threads, clients))
        .phases(spec.load(), spec.run()).warmup(spec.warmup()).hooks(spec.hooks())
        .faults(spec.faults()).phaseTimeout(spec.phaseTimeout());
  }
}
