package dev.refarch.experiments.trial;

import dev.refarch.experiments.results.ClientCost;
import dev.refarch.experiments.results.ClientOutput;
import dev.refarch.experiments.results.MergedLog;
import dev.refarch.experiments.results.PhaseMerge;
import dev.refarch.experiments.results.SteadyState;
import dev.refarch.ycsb.measure.Summary;
import dev.refarch.experiments.results.TrialResult.ClientRecord;
import dev.refarch.experiments.results.TrialResult.PhaseResult;
import dev.refarch.experiments.spec.SteadyRule;
import dev.refarch.platform.spi.Phase;
import dev.refarch.ycsb.measure.Timeline;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Turns what a phase's clients left in their folders into the phase's result: merges the complete
 * measurement folders ({@link PhaseMerge}), writes {@code <phase>.hlog} and the phase's timeline
 * into the trial's staging folder and, for the run phase, judges steady state over the merged
 * window. Clients without complete measurements are left out of the merge.
 *
 * <p>Stateless and thread-safe.
 */
final class PhaseCollector {

  /** A phase's result and its merged timeline, which fault analysis reads. */
  record Collected(PhaseResult result, Optional<Timeline> timeline) {
  }

  /**
   * How a phase went, as the runner saw it.
   *
   * @param phase load or run
   * @param startedEpochMs when its clients were started
   * @param endedEpochMs when the last one ended
   * @param rule the steadiness rule the run phase is judged by
   * @param stoppedWhenSteady whether the runner ended the run because it was steady
   */
  record Run(Phase phase, long startedEpochMs, long endedEpochMs, SteadyRule rule,
      boolean stoppedWhenSteady) {
  }

  private PhaseCollector() {
  }

  static Collected collect(Run run, List<ClientRecord> records, List<Path> measurements,
      Path staging, int resolution, int interval) {
    List<ClientOutput> outputs = new ArrayList<>();
    for (Path dir : measurements) {
      if (ClientOutput.isComplete(dir)) {
        outputs.add(ClientOutput.read(dir));
      }
    }
    Phase phase = run.phase();
    if (outputs.isEmpty()) {
      return new Collected(new PhaseResult(phase, records, Optional.empty(), Optional.empty(),
          run.startedEpochMs(), run.endedEpochMs()), Optional.empty());
    }
    PhaseMerge.Merged merged = PhaseMerge.merge(outputs, resolution, interval);
    MergedLog.write(outputs, interval, staging.resolve(phase.label() + ".hlog"));
    try {
      merged.timeline().writeCsv(staging.resolve(phase == Phase.RUN ? "timeline.csv"
          : phase.label() + "-timeline.csv"));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    Optional<SteadyState> steady = Optional.empty();
    Optional<Summary> judged = Optional.empty();
    if (phase == Phase.RUN) {
      PhaseMerge.Window w = merged.window();
      steady = Optional.of(w.common()
          ? SteadyState.detect(merged.perSlot(), interval, run.rule(), run.stoppedWhenSteady())
          : SteadyState.notMeasured(run.rule()));
      if (steady.get().reached()) {
        // the judged figures leave out the ramp (and any drift) before the judged window
        judged = Optional.of(PhaseMerge.merge(outputs, resolution, interval,
            steady.get().fromEpochMs()).summary());
      }
    }
    // every client of the phase, finished or not, spent the machine's CPU
    List<Path> clientDirs = measurements.stream().map(Path::getParent).toList();
    Optional<ClientCost> cost = judged.isPresent()
        ? ClientCost.of(ClientCost.JUDGED, judged.get(), clientDirs)
        : ClientCost.of(ClientCost.MEASURED, merged.summary(), clientDirs);
    return new Collected(new PhaseResult(phase, records, Optional.of(merged.summary()), steady,
        run.startedEpochMs(), run.endedEpochMs(), judged, cost), Optional.of(merged.timeline()));
  }
}
