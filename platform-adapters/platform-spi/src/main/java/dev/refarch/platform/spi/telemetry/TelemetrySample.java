package dev.refarch.platform.spi.telemetry;

import java.util.Objects;

/**
 * One figure of one member at one moment.
 *
 * @param member the member, machine, device or platform object it describes, e.g. {@code rs0-1},
 *     {@code vda}, a volume's name
 * @param metric what it is, dotted, e.g. {@code cache.pagesReadIn}; stable across trials, since
 *     reports and Prometheus names are made from it
 * @param unit its unit, e.g. {@code /s}, {@code bytes}, {@code cores}, {@code ms}, {@code %},
 *     {@code s}; a counter is turned into a rate ({@code /s}, {@code bytes/s}) before it is a sample
 * @param value a finite number
 */
public record TelemetrySample(String member, String metric, String unit, double value) {

  public TelemetrySample {
    Objects.requireNonNull(member, "member");
    Objects.requireNonNull(metric, "metric");
    Objects.requireNonNull(unit, "unit");
    if (!Double.isFinite(value)) {
      throw new IllegalArgumentException(metric + " of " + member + " is not a finite number: "
          + value);
    }
  }
}
