package dev.refarch.ycsb.measure;

import java.util.LinkedHashMap;
import java.util.Map;
import org.HdrHistogram.AbstractHistogram;

/**
 * The summary figures of one latency histogram, in microseconds.
 *
 * <p>Histograms hold nanoseconds; figures are each bucket's highest equivalent value (HdrHistogram's
 * convention), so they are exact to three significant digits. Immutable.
 *
 * @param count operations in the histogram
 * @param mean arithmetic mean
 * @param p50 median
 * @param p90 90th percentile
 * @param p95 95th percentile
 * @param p99 99th percentile
 * @param p999 99.9th percentile
 * @param p9999 99.99th percentile
 * @param max largest value
 */
public record LatencyStats(long count, double mean, double p50, double p90, double p95, double p99,
    double p999, double p9999, double max) implements DistributionFigures {

  /** The percentiles every output reports, with their labels. */
  public static final Map<String, Double> PERCENTILES = percentiles();

  private static Map<String, Double> percentiles() {
    Map<String, Double> m = new LinkedHashMap<>();
    m.put("p50", 50.0);
    m.put("p90", 90.0);
    m.put("p95", 95.0);
    m.put("p99", 99.0);
    m.put("p99.9", 99.9);
    m.put("p99.99", 99.99);
    return java.util.Collections.unmodifiableMap(m);
  }

  /** Figures of a histogram of nanoseconds; all zero for an empty one. */
  public static LatencyStats of(AbstractHistogram nanos) {
    if (nanos.getTotalCount() == 0) {
      return new LatencyStats(0, 0, 0, 0, 0, 0, 0, 0, 0);
    }
    return new LatencyStats(nanos.getTotalCount(), nanos.getMean() / 1000.0,
        us(nanos, 50), us(nanos, 90), us(nanos, 95), us(nanos, 99), us(nanos, 99.9),
        us(nanos, 99.99), nanos.getMaxValue() / 1000.0);
  }

  private static double us(AbstractHistogram h, double percentile) {
    return h.getValueAtPercentile(percentile) / 1000.0;
  }
}
