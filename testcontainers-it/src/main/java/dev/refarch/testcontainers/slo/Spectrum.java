package dev.refarch.testcontainers.slo;

import dev.refarch.ycsb.measure.LatencyStats;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Renders latencies for people: three significant digits in µs, ms or s, whatever the default
 * locale; and a histogram's whole spectrum on one line.
 *
 * <p>Stateless and thread-safe.
 */
final class Spectrum {

  private Spectrum() {
  }

  /** {@code mean 412 µs, p50 380 µs, p90 601 µs, …, p99.99 3.10 ms, max 4.20 ms}. */
  static String of(LatencyStats stats) {
    return stats.figures().entrySet().stream().map(e -> e.getKey() + " " + micros(e.getValue()))
        .collect(Collectors.joining(", "));
  }

  /** A duration in microseconds, e.g. {@code 0.500 µs}, {@code 812 µs}, {@code 1.52 ms}. */
  static String micros(double us) {
    if (us >= 1_000_000) {
      return significant(us / 1_000_000) + " s";
    }
    if (us >= 1_000) {
      return significant(us / 1_000) + " ms";
    }
    return significant(us) + " µs";
  }

  static String of(Duration d) {
    return micros(d.toNanos() / 1_000.0);
  }

  private static String significant(double v) {
    String pattern = v >= 100 ? "%.0f" : v >= 10 ? "%.1f" : "%.2f";
    return String.format(Locale.ROOT, pattern, v);
  }

  /** A percentile's label: {@code p99}, {@code p99.9}. */
  static String percentile(double p) {
    return "p" + (p == Math.rint(p) ? String.valueOf((long) p)
        : String.valueOf(p).replaceAll("0+$", ""));
  }

  /** Counts per status, e.g. {@code OK=1998, SERVICE_UNAVAILABLE=2}. */
  static String counts(Map<String, Long> counts) {
    return counts.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
        .collect(Collectors.joining(", "));
  }
}
