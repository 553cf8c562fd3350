package dev.refarch.experiments.results;

import dev.refarch.platform.spi.Phase;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What a trial's telemetry recorded (samples in {@link TelemetryFile#FILE}): which sources
 * watched what, where they fell short, and each phase's summary per series.
 *
 * @param enabled false when {@code refarch.telemetry=off}
 * @param sources source name to the members or objects it watched
 * @param partial what could not be sampled, one line each ({@code <source>: <why>} or
 *     {@code <source>: <member>: <why>}); empty when every source sampled every member each time
 * @param phases per phase, the figure of each series over the phase
 */
public record TrialTelemetry(boolean enabled, Map<String, List<String>> sources,
    List<String> partial, Map<Phase, List<Figure>> phases) {

  public TrialTelemetry {
    Map<String, List<String>> s = new LinkedHashMap<>();
    sources.forEach((k, v) -> s.put(k, List.copyOf(v)));
    sources = Collections.unmodifiableMap(s);
    partial = List.copyOf(partial);
    Map<Phase, List<Figure>> p = new EnumMap<>(Phase.class);
    phases.forEach((k, v) -> p.put(k, List.copyOf(v)));
    phases = Collections.unmodifiableMap(p);
  }

  /** Telemetry turned off, or results written before there was any. */
  public static TrialTelemetry off() {
    return new TrialTelemetry(false, Map.of(), List.of(), Map.of());
  }

  /**
   * One series over one phase.
   *
   * @param samples how many samples it had in the phase
   */
  public record Figure(String source, String member, String metric, String unit, double mean,
      double p95, double max, int samples) {

    public Figure {
      Objects.requireNonNull(source, "source");
      Objects.requireNonNull(member, "member");
      Objects.requireNonNull(metric, "metric");
      Objects.requireNonNull(unit, "unit");
    }
  }
}
