package dev.refarch.experiments.exec;

import dev.refarch.experiments.plan.PlannedTrial;
import dev.refarch.experiments.results.StoredTrial;
import dev.refarch.experiments.spec.ExperimentSpec;
import dev.refarch.experiments.spec.SloSpec;
import dev.refarch.platform.spi.RunningCluster;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * Finds the highest throughput at which a latency percentile stays under a bound, by bisecting the
 * target throughput. The first probe runs unthrottled: if it meets the SLO, its throughput is the
 * answer. Otherwise the target is bisected between 0 and that maximum for the spec's number of
 * steps; a probe that meets the SLO raises the lower end, one that misses lowers the upper end.
 * Throttled probes are judged on response time (from the due time), which is what a user waits.
 *
 * <p>Probes are trials named {@code <trial>-slo<step>}; the result goes to {@code slo-<trial>.json}.
 * Not thread-safe.
 */
final class SloSearch {

  private final TrialRunner runner;
  private final Progress progress;
  private final Path resultsRoot;

  SloSearch(TrialRunner runner, Progress progress, Path resultsRoot) {
    this.runner = runner;
    this.progress = progress;
    this.resultsRoot = resultsRoot;
  }

  List<ExperimentRunner.TrialOutcome> search(ExperimentSpec spec, PlannedTrial trial,
      RunningCluster cluster, boolean resume) throws InterruptedException {
    SloSpec slo = spec.slo().orElseThrow();
    List<ExperimentRunner.TrialOutcome> outcomes = new ArrayList<>();
    List<String> probes = new ArrayList<>();
    double low = 0;
    double high;
    double best = -1;
    Optional<StoredTrial> max = probe(spec, trial, cluster, 0, OptionalDouble.empty(), resume, outcomes);
    if (max.isEmpty()) {
      return outcomes;
    }
    high = max.get().throughput();
    probes.add(describe(0, max.get(), slo));
    if (meets(max.get(), slo)) {
      best = high;
    } else {
      for (int step = 1; step <= slo.steps(); step++) {
        double target = (low + high) / 2;
        Optional<StoredTrial> p = probe(spec, trial, cluster, step, OptionalDouble.of(target),
            resume, outcomes);
        if (p.isEmpty()) {
          break;
        }
        probes.add(describe(target, p.get(), slo));
        if (meets(p.get(), slo)) {
          low = target;
          best = target;
        } else {
          high = target;
        }
      }
    }
    String summary = "{\n  \"trial\": \"" + trial.id() + "\",\n  \"slo\": \"" + slo.operation() + " "
        + slo.metric() + " " + slo.latency() + " time <= " + slo.boundMs() + " ms\",\n  \"bestTargetOpsPerSecond\": "
        + (best < 0 ? "null" : String.format(Locale.ROOT, "%.1f", best)) + ",\n  \"probes\": [\n    "
        + String.join(",\n    ", probes) + "\n  ]\n}\n";
    ExperimentRunner.write(resultsRoot.resolve(spec.id()).resolve("slo-" + trial.id() + ".json"), summary);
    progress.message(trial.id() + ": highest throughput meeting the SLO: "
        + (best < 0 ? "none" : String.format(Locale.ROOT, "%.0f ops/s", best)));
    return outcomes;
  }

  private Optional<StoredTrial> probe(ExperimentSpec spec, PlannedTrial trial, RunningCluster cluster,
      int step, OptionalDouble target, boolean resume, List<ExperimentRunner.TrialOutcome> outcomes)
      throws InterruptedException {
    String id = trial.id() + "-slo" + step;
    Path folder = resultsRoot.resolve(spec.id()).resolve(id);
    Optional<StoredTrial> stored = resume ? StoredTrial.read(folder).filter(StoredTrial::completed)
        : Optional.empty();
    if (stored.isEmpty()) {
      TrialSpec.Builder b = TrialFactory.trial(spec, trial, id, cluster.connectionString());
      if (target.isPresent()) {
        b.target(target.getAsDouble());
      }
      // the data loaded by the first probe serves the others
      TrialSpec ts = step == 0 ? b.build() : b.phases(false, true).build();
      if (ts.load()) {
        ExperimentRunner.emptyDatabase(cluster);
      }
      progress.phase(id, dev.refarch.platform.spi.Phase.RUN);
      var result = runner.run(ts, cluster);
      stored = StoredTrial.read(result.folder());
      if (!result.succeeded()) {
        outcomes.add(new ExperimentRunner.TrialOutcome(id, "failed", result.failures().get(0)));
        return Optional.empty();
      }
    }
    outcomes.add(new ExperimentRunner.TrialOutcome(id, "completed",
        target.isPresent() ? "target " + Math.round(target.getAsDouble()) : "unthrottled"));
    return stored;
  }

  static boolean meets(StoredTrial t, SloSpec slo) {
    return t.latencyMs(slo.operation(), slo.metric(), slo.latency()).map(ms -> ms <= slo.boundMs()).orElse(false);
  }

  private static String describe(double target, StoredTrial t, SloSpec slo) {
    return String.format(Locale.ROOT, "{\"target\": %.1f, \"throughput\": %.1f, \"%s\": %s, \"met\": %b}",
        target, t.throughput(), slo.metric() + "Ms",
        t.latencyMs(slo.operation(), slo.metric(), slo.latency()).map(v -> String.format(Locale.ROOT, "%.3f", v))
            .orElse("null"), meets(t, slo));
  }
}
