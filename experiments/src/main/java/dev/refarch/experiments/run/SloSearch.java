package dev.refarch.experiments.run;

import dev.refarch.experiments.plan.PlannedTrial;
import dev.refarch.experiments.results.StoredTrial;
import dev.refarch.experiments.spec.ExperimentSpec;
import dev.refarch.experiments.spec.SloSpec;
import dev.refarch.experiments.trial.TrialRunner;
import dev.refarch.experiments.trial.TrialSpec;
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
 * <p>Targets are whole operations per second, at least one per client (YCSB's {@code -target}
 * takes an integer per client and reads 0 as unthrottled): when the bracket has narrowed below
 * that, or the unthrottled probe measured (almost) nothing, the search stops and says why rather
 * than asking for a target of 0.
 *
 * <p>Probes are trials named {@code <trial>-slo<step>}; the search — every probe, the bracket, the
 * answer or why there is none — goes to {@code slo-<trial>.json} ({@link SloSearchJson}).
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

  /** One probe of the search. */
  record Probe(int step, String trial, OptionalDouble target, StoredTrial stored, boolean met) {
  }

  List<ExperimentRunner.TrialOutcome> search(ExperimentSpec spec, PlannedTrial trial,
      RunningCluster cluster, boolean resume) throws InterruptedException {
    SloSpec slo = spec.slo().orElseThrow();
    List<ExperimentRunner.TrialOutcome> outcomes = new ArrayList<>();
    List<Probe> probes = new ArrayList<>();
    double minTarget = trial.shape().clients();
    Optional<StoredTrial> max = probe(spec, trial, cluster, 0, OptionalDouble.empty(), resume, outcomes);
    SloSearchJson.Result result;
    if (max.isEmpty()) {
      result = SloSearchJson.Result.none(0, 0, "the unthrottled probe failed: "
          + outcomes.get(outcomes.size() - 1).detail());
    } else {
      probes.add(new Probe(0, trial.id() + "-slo0", OptionalDouble.empty(), max.get(),
          meets(max.get(), slo)));
      result = bisect(spec, trial, cluster, resume, outcomes, probes, max.get(), slo, minTarget);
    }
    ExperimentRunner.write(resultsRoot.resolve(spec.id()).resolve("slo-" + trial.id() + ".json"),
        SloSearchJson.render(trial.id(), slo, probes, result));
    progress.message(trial.id() + ": highest throughput meeting the SLO: " + result.describe());
    return outcomes;
  }

  private SloSearchJson.Result bisect(ExperimentSpec spec, PlannedTrial trial,
      RunningCluster cluster, boolean resume, List<ExperimentRunner.TrialOutcome> outcomes,
      List<Probe> probes, StoredTrial max, SloSpec slo, double minTarget)
      throws InterruptedException {
    return bisect(max.throughput(), probes.get(0).met(), minTarget, slo.steps(), (step, target) -> {
      Optional<StoredTrial> p = probe(spec, trial, cluster, step, OptionalDouble.of(target),
          resume, outcomes);
      p.ifPresent(t -> probes.add(new Probe(step, trial.id() + "-slo" + step,
          OptionalDouble.of(target), t, meets(t, slo))));
      return p.map(t -> meets(t, slo));
    });
  }

  /** Runs one throttled probe: whether it met the SLO, empty when it failed. */
  @FunctionalInterface
  interface Prober {
    Optional<Boolean> probe(int step, double target) throws InterruptedException;
  }

  /**
   * The search after the unthrottled probe, which measured {@code max} ops/s and met the SLO or
   * not: bisects between 0 and {@code max} for up to {@code steps} throttled probes, never asking
   * for a target below {@code minTarget} or one already bracketed; stops at a failed probe.
   */
  static SloSearchJson.Result bisect(double max, boolean maxMet, double minTarget, int steps,
      Prober prober) throws InterruptedException {
    if (maxMet) {
      return SloSearchJson.Result.answer(max, max, max, "the unthrottled probe met the SLO");
    }
    if (max < 2 * minTarget) {
      return SloSearchJson.Result.none(0, max, String.format(Locale.ROOT,
          "the unthrottled probe measured %.1f ops/s: too little to bisect (targets are whole"
              + " operations per second, at least one per client)", max));
    }
    double low = 0;
    double high = max;
    double best = -1;
    for (int step = 1; step <= steps; step++) {
      OptionalDouble next = nextTarget(low, high, minTarget);
      if (next.isEmpty()) {
        break;
      }
      double target = next.getAsDouble();
      Optional<Boolean> met = prober.probe(step, target);
      if (met.isEmpty()) {
        String failed = String.format(Locale.ROOT, "probe %d (target %.0f ops/s) failed", step,
            target);
        return best < 0 ? SloSearchJson.Result.none(low, high, failed)
            : SloSearchJson.Result.answer(best, low, high, "the highest target that met the SLO"
                + " before " + failed);
      }
      if (met.get()) {
        low = target;
        best = target;
      } else {
        high = target;
      }
    }
    return best < 0
        ? SloSearchJson.Result.none(low, high, "no probe met the SLO; the lowest target tried ("
            + Math.round(high) + " ops/s) missed it")
        : SloSearchJson.Result.answer(best, low, high, "the highest target that met the SLO");
  }

  /**
   * The next target between a {@code low} that met the objective and a {@code high} that missed
   * it: their midpoint in whole operations per second; empty when that is below
   * {@code minTarget} (one per client: YCSB reads a client's 0 as unthrottled) or the bracket
   * has no whole number left inside it.
   */
  static OptionalDouble nextTarget(double low, double high, double minTarget) {
    double target = Math.rint((low + high) / 2);
    return target < minTarget || target <= low || target >= high ? OptionalDouble.empty()
        : OptionalDouble.of(target);
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
        (target.isPresent() ? "target " + Math.round(target.getAsDouble()) : "unthrottled") + ", "
            + stored.map(StoredTrial::describe).orElse("")));
    return stored;
  }

  static boolean meets(StoredTrial t, SloSpec slo) {
    return t.latencyMs(slo.operation(), slo.metric(), slo.latency()).map(ms -> ms <= slo.boundMs()).orElse(false);
  }
}
