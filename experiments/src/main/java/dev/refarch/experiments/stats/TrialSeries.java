package dev.refarch.experiments.stats;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * One trial's operations, interval by interval over the window its figures are judged on: per
 * interval the operations completed and their latency histogram. Gives each figure's bootstrap
 * factors ({@link BlockBootstrap}) — throughput, mean latency, a latency percentile — computed
 * from the intervals a replicate draws, with their counts added, as a histogram union would.
 *
 * <p>Immutable and thread-safe.
 */
public final class TrialSeries {

  /** What a figure of the series is. */
  public sealed interface Figure {
    /** Operations per second. */
    record Throughput() implements Figure {
    }

    /** The mean latency. */
    record Mean() implements Figure {
    }

    /** A latency percentile, in (0, 100]. */
    record Percentile(double percentile) implements Figure {
      public Percentile {
        if (!(percentile > 0 && percentile <= 100)) {
          throw new IllegalArgumentException("a percentile lies in (0, 100], got " + percentile);
        }
      }
    }
  }

  private final long[] counts;
  private final double[] sums;
  private final long[] values;
  private final int[][] buckets;
  private final long[][] bucketCounts;
  private final int blockLength;

  /**
   * The series of {@code intervals}, one histogram per interval of the window in time order
   * (an interval without operations is an empty histogram, not left out).
   */
  public TrialSeries(List<Histogram> intervals) {
    Objects.requireNonNull(intervals, "intervals");
    int n = intervals.size();
    TreeMap<Long, Integer> distinct = new TreeMap<>();
    List<List<long[]>> perSlot = new ArrayList<>();
    counts = new long[n];
    sums = new double[n];
    for (int s = 0; s < n; s++) {
      List<long[]> entries = new ArrayList<>();
      for (HistogramIterationValue v : intervals.get(s).recordedValues()) {
        long value = v.getValueIteratedTo();
        long count = v.getCountAtValueIteratedTo();
        entries.add(new long[] {value, count});
        distinct.putIfAbsent(value, 0);
        counts[s] += count;
        sums[s] += (double) value * count;
      }
      perSlot.add(entries);
    }
    values = new long[distinct.size()];
    int i = 0;
    for (Long v : distinct.keySet()) {
      distinct.put(v, i);
      values[i++] = v;
    }
    blockLength = BlockBootstrap.blockLength(java.util.Arrays.stream(counts).asDoubleStream()
        .toArray());
    buckets = new int[n][];
    bucketCounts = new long[n][];
    for (int s = 0; s < n; s++) {
      List<long[]> entries = perSlot.get(s);
      buckets[s] = new int[entries.size()];
      bucketCounts[s] = new long[entries.size()];
      for (int e = 0; e < entries.size(); e++) {
        buckets[s][e] = distinct.get(entries.get(e)[0]);
        bucketCounts[s][e] = entries.get(e)[1];
      }
    }
  }

  /**
   * The bootstrap's block length: Politis and White's choice for the series of operations per
   * interval ({@link BlockBootstrap#blockLength}), used for every figure of the trial.
   */
  public int blockLength() {
    return blockLength;
  }

  /** Intervals in the series. */
  public int size() {
    return counts.length;
  }

  /** Operations in the whole series. */
  public long operations() {
    long total = 0;
    for (long c : counts) {
      total += c;
    }
    return total;
  }

  /**
   * The estimate of {@code figure}, whose value over the window is {@code value}, with its error
   * from a moving-block bootstrap over the intervals; without an error for fewer than 2 intervals.
   *
   * @param seed the generator's seed, e.g. from the trial's id and the figure
   */
  public LogEstimate estimate(Figure figure, double value, long seed) {
    if (size() < 2) {
      return LogEstimate.single(value);
    }
    double[] factors = BlockBootstrap.factors(size(), blockLength, seed, w -> value(figure, w));
    return LogEstimate.withinTrial(value, factors,
        BlockBootstrap.degreesOfFreedom(size(), blockLength));
  }

  /** The figure over the intervals weighted by {@code weights}; NaN without operations. */
  double value(Figure figure, int[] weights) {
    if (figure instanceof Figure.Throughput) {
      double total = 0;
      for (int s = 0; s < counts.length; s++) {
        total += (double) weights[s] * counts[s];
      }
      return total; // per the same number of intervals: the interval's length cancels in a factor
    }
    if (figure instanceof Figure.Mean) {
      double sum = 0;
      double n = 0;
      for (int s = 0; s < counts.length; s++) {
        sum += weights[s] * sums[s];
        n += (double) weights[s] * counts[s];
      }
      return n == 0 ? Double.NaN : sum / n;
    }
    return percentile(((Figure.Percentile) figure).percentile(), weights);
  }

  /**
   * As {@link Histogram#getValueAtPercentile}: the highest value of the bucket holding the
   * {@code ⌈q/100 · total⌉}-th operation (at least the first; {@code q} a hair below itself, as
   * HdrHistogram takes it, so that rounding cannot overrun into the next bucket), over the
   * weighted union.
   */
  private double percentile(double q, int[] weights) {
    long[] byBucket = new long[values.length];
    long total = 0;
    for (int s = 0; s < buckets.length; s++) {
      if (weights[s] == 0) {
        continue;
      }
      for (int e = 0; e < buckets[s].length; e++) {
        long c = weights[s] * bucketCounts[s][e];
        byBucket[buckets[s][e]] += c;
        total += c;
      }
    }
    if (total == 0) {
      return Double.NaN;
    }
    double below = Math.min(Math.max(Math.nextDown(q), 0), 100);
    long rank = Math.max(1, (long) Math.ceil(below / 100 * total));
    long seen = 0;
    for (int b = 0; b < byBucket.length; b++) {
      seen += byBucket[b];
      if (seen >= rank) {
        return values[b];
      }
    }
    return values[values.length - 1];
  }
}
