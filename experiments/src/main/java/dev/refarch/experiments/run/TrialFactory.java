package dev.refarch.experiments.run;

import dev.refarch.experiments.plan.PlannedTrial;
import dev.refarch.experiments.plan.TrialShape;
import dev.refarch.experiments.spec.ClientProperties;
import dev.refarch.experiments.spec.TelemetryProperties;
import dev.refarch.experiments.spec.ExperimentSpec;
import dev.refarch.experiments.trial.TrialSpec;
import dev.refarch.platform.spi.Topology;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns a planned trial into a {@link TrialSpec}: the point's {@link TrialShape} (workload,
 * properties, clients, threads per client, target, faults), the spec's phases, warm-up, hooks and
 * run length. A {@code db} property names the binding, as YCSB's {@code -db} does (default: this
 * library's); {@code refarch.client.jvmOptions} and {@code refarch.client.reuse} the client
 * JVMs' options and whether they are kept warm. A sharded collection ({@code mongodb.shardKey}) adds the {@code mongodb-sharding} hook, so the runner shards it once
 * before the load's clients start — after the database was emptied — instead of every client
 * racing to.
 *
 * <p>Stateless and thread-safe.
 */
final class TrialFactory {

  private TrialFactory() {
  }

  /** The topology a trial runs on: its {@code topology} parameter, else the spec's cluster's. */
  static Topology topology(ExperimentSpec spec, PlannedTrial trial) {
    return trial.shape().topology();
  }

  static TrialSpec.Builder trial(ExperimentSpec spec, PlannedTrial trial, String trialId,
      String connectionString) {
    TrialShape shape = trial.shape();
    Map<String, String> props = new LinkedHashMap<>(shape.properties());
    TrialSpec.Builder b = TrialSpec.builder(spec.id(), trialId).cluster(connectionString);
    shape.target().ifPresent(b::target);
    String db = props.remove("db");
    if (db != null) {
      b.db(db);
    }
    // the runner's, not YCSB's: the client's own checks would refuse an unknown refarch. key
    String jvm = props.remove(ClientProperties.JVM_OPTIONS.key());
    if (jvm != null) {
      b.jvmOptions(ClientProperties.JVM_OPTIONS.parse(jvm));
    }
    String reuse = props.remove(ClientProperties.REUSE.key());
    if (reuse != null) {
      b.reuseClients(ClientProperties.REUSE.parse(reuse));
    }
    String telemetry = props.remove(TelemetryProperties.TELEMETRY.key());
    if (telemetry != null) {
      b.telemetry(TelemetryProperties.TELEMETRY.parse(telemetry));
    }
    List<String> hooks = new ArrayList<>(spec.hooks());
    if (shape.sharding().isPresent() && !hooks.contains(SHARDING_HOOK)) {
      hooks.add(SHARDING_HOOK);
    }
    return b.properties(props).clients(shape.clients()).threadsPerClient(shape.threadsPerClient())
        .phases(spec.load(), spec.run()).warmup(spec.warmup()).hooks(hooks)
        .faults(shape.faults()).phaseTimeout(spec.phaseTimeout())
        .untilSteady(spec.untilSteady().orElse(null));
  }

  /** The hook that shards the collection through mongos, from the binding's module. */
  static final String SHARDING_HOOK = "mongodb-sharding";
}
