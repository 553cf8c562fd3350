package dev.refarch.experiments.report;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Formats figures and parameters the same way in every default locale: a dot as decimal
 * separator, no grouping, fixed decimals per unit. Stateless and thread-safe.
 */
final class Labels {

  private Labels() {
  }

  /** {@code workload=a threadcount=4}; {@code (none)} for no parameters. */
  static String parameters(Map<String, String> parameters) {
    return parameters.isEmpty() ? "(none)" : parameters.entrySet().stream()
        .map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(" "));
  }

  /** {@code a / 4} for {@code workload=a threadcount=4}: short enough for a chart's axis. */
  static String values(Map<String, String> parameters) {
    return parameters.isEmpty() ? "(none)" : String.join(" / ", parameters.values());
  }

  /** A figure for people: one decimal for throughput, three for milliseconds, none for counts. */
  static String figure(double value, Metric metric) {
    return switch (metric.unit()) {
      case "ops/s", "docs/op", "bytes/op" -> fixed(value, 1);
      case "count" -> fixed(value, 0);
      default -> fixed(value, 3);
    };
  }

  /** A relative change in percent with its sign, e.g. {@code +20.1 %}. */
  static String percent(double value) {
    return (value > 0 ? "+" : "") + fixed(value, 1) + " %";
  }

  /** {@code value} rounded half-up to {@code decimals}. */
  static String fixed(double value, int decimals) {
    if (!Double.isFinite(value)) {
      return "n/a";
    }
    String s = String.format(Locale.ROOT, "%." + decimals + "f", value);
    // -0.0 after rounding reads as a change where there is none
    return s.matches("-0\\.?0*") ? s.substring(1) : s;
  }

  /** The exact decimal written to JSON and CSV: three decimals, half-up. */
  static BigDecimal decimal(double value) {
    return BigDecimal.valueOf(value).setScale(3, RoundingMode.HALF_UP);
  }
}
