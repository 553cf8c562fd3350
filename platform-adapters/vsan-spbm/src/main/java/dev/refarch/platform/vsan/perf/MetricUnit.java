package dev.refarch.platform.vsan.perf;

import java.util.Optional;

/**
 * How a performance-service figure becomes a telemetry sample: the project's unit and the factor
 * from the service's. Derived from a graph's unit ({@code VsanPerfStatsUnitType}) and, for plain
 * numbers, the metric's {@code statsType}: a {@code rate} of a number is per second.
 *
 * @param unit e.g. {@code /s}, {@code bytes/s}, {@code ms}, {@code %}
 * @param factor multiplies the service's value
 */
public record MetricUnit(String unit, double factor) {

  /** The unit for a graph unit and stats type, or empty for one the project does not record. */
  public static Optional<MetricUnit> of(String graphUnit, String statsType) {
    return Optional.ofNullable(switch (graphUnit) {
      case "number" -> "rate".equals(statsType) ? new MetricUnit("/s", 1) : null;
      case "rate_bytes" -> new MetricUnit("bytes/s", 1);
      case "size_bytes" -> new MetricUnit("bytes", 1);
      case "time_ms" -> new MetricUnit("ms", 1);
      case "time_s" -> new MetricUnit("s", 1);
      case "percentage" -> new MetricUnit("%", 1);
      case "permille" -> new MetricUnit("%", 0.1);
      default -> null;
    });
  }
}
