package dev.refarch.platform.spi.telemetry;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one sampling of a source gave: its samples, and the members it could not read this time
 * with why — a member a fault killed, a pod being recreated. A member missing is not a failure of
 * the source: the runner records the gap and asks again at the next period.
 *
 * @param samples the figures read
 * @param missing member to why it gave nothing this time
 */
public record TelemetryRound(List<TelemetrySample> samples, Map<String, String> missing) {

  public TelemetryRound {
    samples = List.copyOf(samples);
    missing = Collections.unmodifiableMap(new LinkedHashMap<>(missing));
  }

  /** Collects a round; not thread-safe. */
  public static final class Builder {
    private final List<TelemetrySample> samples = new ArrayList<>();
    private final Map<String, String> missing = new LinkedHashMap<>();

    public Builder add(String member, String metric, String unit, double value) {
      samples.add(new TelemetrySample(member, metric, unit, value));
      return this;
    }

    /** Adds the sample when {@code value} is present, e.g. a rate after its first counter. */
    public Builder add(String member, String metric, String unit, java.util.OptionalDouble value) {
      value.ifPresent(v -> add(member, metric, unit, v));
      return this;
    }

    public Builder missing(String member, String why) {
      missing.put(member, why);
      return this;
    }

    public TelemetryRound build() {
      return new TelemetryRound(samples, missing);
    }
  }

  public static Builder builder() {
    return new Builder();
  }
}
