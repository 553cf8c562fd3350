package dev.refarch.experiments.report;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Formats figures and parameters the same way in every default locale: a dot as decimal
 * separator, no grouping, three significant digits for measured figures (never fewer than the
 * integer digits: {@code 2128}, {@code 21.3}, {@code 2.13}, {@code 0.213}), durations in the
 * unit that reads best ({@code 850 ms}, {@code 2.13 s}). Stateless and thread-safe.
 */
public final class Formats {

  private Formats() {
  }

  /** {@code workload=a threadcount=4}; {@code (none)} for no parameters. */
  public static String parameters(Map<String, String> parameters) {
    return parameters.isEmpty() ? "(none)" : parameters.entrySet().stream()
        .map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(" "));
  }

  /** {@code a / 4} for {@code workload=a threadcount=4}: short enough for a chart's axis. */
  public static String values(Map<String, String> parameters) {
    return parameters.isEmpty() ? "(none)" : String.join(" / ", parameters.values());
  }

  /**
   * A figure for people in its metric's unit, without the unit: three significant digits, whole
   * numbers for counts. JSON and CSV keep the exact decimals ({@link #decimal}).
   */
  public static String figure(double value, Quantity metric) {
    return metric.unit().equals("count") ? fixed(value, 0) : significant(value, 3);
  }

  /** A figure with its unit; milliseconds of a second or more as seconds: {@code 2.13 s}. */
  public static String withUnit(double value, Quantity metric) {
    return metric.unit().equals("ms") ? millis(value) : figure(value, metric) + " " + metric.unit();
  }

  /** A duration for people: {@code 0.412 ms}, {@code 850 ms}, {@code 2.13 s}, {@code 120 s}. */
  public static String millis(double ms) {
    return Double.isFinite(ms) && Math.abs(ms) >= 1000 ? significant(ms / 1000, 3) + " s"
        : significant(ms, 3) + " ms";
  }

  /**
   * {@code value} to {@code digits} significant digits, half-up, trailing zeros dropped; the
   * integer part is never rounded away ({@code 2128.4} is {@code 2128}).
   */
  public static String significant(double value, int digits) {
    if (!Double.isFinite(value)) {
      return "n/a";
    }
    if (value == 0) {
      return "0";
    }
    BigDecimal v = new BigDecimal(value);
    BigDecimal rounded = v.round(new java.math.MathContext(digits, RoundingMode.HALF_UP));
    if (rounded.scale() < 0 || v.abs().compareTo(BigDecimal.ONE.movePointRight(digits)) >= 0) {
      rounded = v.setScale(0, RoundingMode.HALF_UP);
    }
    String s = rounded.scale() > 0 ? rounded.stripTrailingZeros().toPlainString()
        : rounded.toPlainString();
    return s.equals("-0") ? "0" : s;
  }

  /** A relative change in percent with its sign, e.g. {@code +20.1 %}. */
  public static String percent(double value) {
    return (value > 0 ? "+" : "") + fixed(value, 1) + " %";
  }

  /** {@code value} rounded half-up to {@code decimals}. */
  public static String fixed(double value, int decimals) {
    if (!Double.isFinite(value)) {
      return "n/a";
    }
    String s = String.format(Locale.ROOT, "%." + decimals + "f", value);
    // -0.0 after rounding reads as a change where there is none
    return s.matches("-0\\.?0*") ? s.substring(1) : s;
  }

  /** The exact decimal written to JSON and CSV: three decimals, half-up. */
  public static BigDecimal decimal(double value) {
    return BigDecimal.valueOf(value).setScale(3, RoundingMode.HALF_UP);
  }
}
