package dev.refarch.platform.vsan.perf;

import java.util.Optional;

/**
 * How a performance-service figure becomes a telemetry sample: the project's unit and the factor
 * from the service's. Derived from a graph's unit ({@code VsanPerfStatsUnitType}); a plain
 * {@code number} is a rate only for the IOPS metrics (labels {@code iops…}, e.g. {@code
 * iopsRead}), since the metric id's {@code statsType}, which could say so, is documented as
 * unused. Other numbers (outstanding I/O, congestion) are recorded as they come, unit {@code 1}.
 *
 * @param unit e.g. {@code /s}, {@code bytes/s}, {@code ms}, {@code %}, {@code 1}
 * @param factor multiplies the service's value
 */
public record MetricUnit(String unit, double factor) {

  /** The unit for a graph unit and metric label, or empty for one the project does not record. */
  public static Optional<MetricUnit> of(String graphUnit, String label) {
    return Optional.ofNullable(switch (graphUnit) {
      case "number" -> new MetricUnit(label.startsWith("iops") ? "/s" : "1", 1);
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
