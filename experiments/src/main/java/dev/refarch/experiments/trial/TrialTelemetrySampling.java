package dev.refarch.experiments.trial;

import dev.refarch.experiments.results.TelemetryFile;
import dev.refarch.experiments.results.TrialResult.PhaseResult;
import dev.refarch.experiments.results.TrialTelemetry;
import dev.refarch.experiments.telemetry.TelemetryRecorder;
import dev.refarch.platform.spi.Extensions;
import dev.refarch.platform.spi.Phase;
import dev.refarch.platform.spi.telemetry.TelemetryProvider;
import dev.refarch.platform.spi.telemetry.TelemetryTarget;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * A trial's telemetry from start to {@link TrialTelemetry}: every provider on the class path
 * sampled into the staging folder's {@value TelemetryFile#FILE} while the phases run, then each
 * phase's figures from that file. Nothing here fails a trial: a provider that cannot be loaded
 * or opened, a file that cannot be written, a source that stalls — each is one warning line on
 * stderr and one line of {@link TrialTelemetry#partial()}.
 *
 * <p>Not thread-safe: the trial's thread starts, closes and reads it.
 */
final class TrialTelemetrySampling implements AutoCloseable {

  private final boolean enabled;
  private final Path file;
  private final TelemetryRecorder recorder;
  private final List<String> problems;

  private TrialTelemetrySampling(boolean enabled, Path file, TelemetryRecorder recorder,
      List<String> problems) {
    this.enabled = enabled;
    this.file = file;
    this.recorder = recorder;
    this.problems = problems;
  }

  /**
   * Starts sampling into {@code staging} when {@code enabled}; never throws.
   *
   * @param sink sees every round as it is written, e.g. to serve it live
   */
  static TrialTelemetrySampling start(boolean enabled, Path staging, TelemetryTarget target,
      TelemetryRecorder.Sink sink) {
    Path file = staging.resolve(TelemetryFile.FILE);
    List<String> problems = new ArrayList<>();
    if (!enabled) {
      return new TrialTelemetrySampling(false, file, null, problems);
    }
    List<TelemetryProvider> providers = Extensions.telemetryProviders(broken -> {
      problems.add("a provider could not be loaded: " + broken);
      System.err.println("[runner] telemetry partial: a provider could not be loaded: " + broken);
    });
    try {
      return new TrialTelemetrySampling(true, file, TelemetryRecorder.start(file, target,
          providers, TelemetryRecorder.PERIOD, System.err::println, sink), problems);
    } catch (IOException | RuntimeException e) {
      problems.add("not recorded: " + e);
      System.err.println("[runner] telemetry partial: not recorded: " + e);
      return new TrialTelemetrySampling(true, file, null, problems);
    }
  }

  /** Takes the last samples and stops sampling; idempotent. */
  @Override
  public void close() {
    if (recorder != null) {
      recorder.close();
    }
  }

  /** What was recorded, with each phase's figures from the samples in its window. */
  TrialTelemetry result(Map<Phase, PhaseResult> phases) {
    if (!enabled) {
      return TrialTelemetry.off();
    }
    List<String> partial = new ArrayList<>(problems);
    Map<Phase, List<TrialTelemetry.Figure>> figures = new EnumMap<>(Phase.class);
    if (recorder != null) {
      partial.addAll(recorder.partial());
      List<TelemetryFile.Row> rows = TelemetryFile.read(file);
      phases.forEach((phase, p) -> figures.put(phase,
          TelemetryFile.summarize(rows, p.startedEpochMs(), p.endedEpochMs())));
    }
    return new TrialTelemetry(true, recorder == null ? Map.of() : recorder.sources(), partial,
        figures);
  }
}
