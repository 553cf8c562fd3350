package dev.refarch.ycsb.measure;

import org.HdrHistogram.AbstractHistogram;

/**
 * The summary figures of one {@link Metric} over the measured operations, in the metric's own
 * unit (documents, bytes). Count, sum, mean and max are exact; percentiles are HdrHistogram's
 * highest equivalent values, exact to three significant digits, and never above the exact max.
 * Immutable.
 *
 * @param count operations the quantity was recorded for
 * @param sum the quantities added up, e.g. every document all scans returned
 * @param mean {@code sum / count}
 * @param p50 median
 * @param p90 90th percentile
 * @param p95 95th percentile
 * @param p99 99th percentile
 * @param p999 99.9th percentile
 * @param p9999 99.99th percentile
 * @param max largest value
 */
public record MetricStats(long count, long sum, double mean, double p50, double p90, double p95,
    double p99, double p999, double p9999, double max) implements DistributionFigures {

  /** The figures of {@code values} with the exact {@code sum} and {@code max} kept beside it. */
  public static MetricStats of(AbstractHistogram values, long sum, long max) {
    long n = values.getTotalCount();
    if (n == 0) {
      return new MetricStats(0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
    }
    return new MetricStats(n, sum, (double) sum / n, at(values, 50, max), at(values, 90, max),
        at(values, 95, max), at(values, 99, max), at(values, 99.9, max), at(values, 99.99, max),
        max);
  }

  private static double at(AbstractHistogram h, double percentile, long max) {
    return Math.min(h.getValueAtPercentile(percentile), max);
  }
}
