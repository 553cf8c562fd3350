package dev.refarch.experiments.report;

import com.fasterxml.jackson.databind.JsonNode;
import dev.refarch.experiments.results.TelemetryFile;
import dev.refarch.experiments.results.TrialTelemetry;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * A trial's telemetry over the window its figures come from, read from its
 * {@code telemetry.csv} (so that {@code refarch report} needs nothing else), with the gaps
 * {@code trial.json} recorded.
 *
 * @param figures each series' mean, p95 and maximum over the window
 * @param partial what could not be sampled ({@code telemetry.partial} of trial.json)
 */
public record ServerTelemetry(List<TrialTelemetry.Figure> figures, List<String> partial) {

  public ServerTelemetry {
    figures = List.copyOf(figures);
    partial = List.copyOf(partial);
  }

  /**
   * The telemetry of the trial in {@code dir} over {@code window}; empty when it recorded none
   * (telemetry off, or results written before there was any).
   */
  static Optional<ServerTelemetry> read(JsonNode trialJson, Path dir, TrialFacts.Window window) {
    List<TelemetryFile.Row> rows = TelemetryFile.read(dir.resolve(TelemetryFile.FILE));
    if (rows.isEmpty() || window.toEpochMs() <= window.fromEpochMs()) {
      return Optional.empty();
    }
    List<String> partial = new ArrayList<>();
    trialJson.path("telemetry").path("partial").forEach(p -> partial.add(p.asText()));
    return Optional.of(new ServerTelemetry(
        TelemetryFile.summarize(rows, window.fromEpochMs(), window.toEpochMs()), partial));
  }

  /** The sum over members of {@code metric}'s means, e.g. pages read into cache by all. */
  public OptionalDouble total(String source, String metric) {
    return of(source, metric).isEmpty() ? OptionalDouble.empty()
        : OptionalDouble.of(of(source, metric).stream().mapToDouble(TrialTelemetry.Figure::mean)
            .sum());
  }

  /** The member with the highest mean of {@code metric}, e.g. the busiest device. */
  public Optional<TrialTelemetry.Figure> highest(String source, String metric) {
    return of(source, metric).stream()
        .max(java.util.Comparator.comparingDouble(TrialTelemetry.Figure::mean));
  }

  private List<TrialTelemetry.Figure> of(String source, String metric) {
    return figures.stream().filter(f -> f.source().equals(source) && f.metric().equals(metric))
        .toList();
  }
}
