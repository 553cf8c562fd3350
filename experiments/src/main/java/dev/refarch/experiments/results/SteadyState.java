package dev.refarch.experiments.results;

import dev.refarch.ycsb.measure.Timeline;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Whether, and from when, a run's throughput was steady: the first window of consecutive timeline
 * buckets after warm-up in which every bucket's throughput stays within a band around the window's
 * mean. The last bucket is ignored, as the run usually ends inside it.
 *
 * @param reached whether such a window exists
 * @param fromEpochMs start of the first steady window; 0 when not reached
 * @param opsPerSecond mean throughput of that window; 0 when not reached
 * @param windowBuckets buckets per window
 * @param band allowed relative deviation from the window mean, e.g. 0.1 for ±10 %
 */
public record SteadyState(boolean reached, long fromEpochMs, double opsPerSecond,
    int windowBuckets, double band) {

  /** Five one-second buckets within ±10 %. */
  public static final int DEFAULT_WINDOW = 5;
  public static final double DEFAULT_BAND = 0.10;

  /** Finds the first steady window in {@code timeline} that starts at or after {@code fromEpochMs}. */
  public static SteadyState detect(Timeline timeline, long fromEpochMs, int window, double band) {
    if (window < 2 || band <= 0) {
      throw new IllegalArgumentException("window >= 2 and band > 0, got " + window + ", " + band);
    }
    TreeMap<Long, Long> perBucket = new TreeMap<>();
    for (Timeline.Row r : timeline.rows()) {
      perBucket.merge(r.epochMs(), r.successes() + r.failures(), Long::sum);
    }
    if (!perBucket.isEmpty()) {
      perBucket.remove(perBucket.lastKey());
    }
    List<Map.Entry<Long, Long>> buckets = new ArrayList<>(perBucket.tailMap(fromEpochMs, true).entrySet());
    double perSecond = 1000.0 / timeline.resolutionMs();
    for (int i = 0; i + window <= buckets.size(); i++) {
      double mean = 0;
      for (int j = i; j < i + window; j++) {
        mean += buckets.get(j).getValue();
      }
      mean /= window;
      if (mean > 0 && withinBand(buckets.subList(i, i + window), mean, band)) {
        return new SteadyState(true, buckets.get(i).getKey(), mean * perSecond, window, band);
      }
    }
    return new SteadyState(false, 0, 0, window, band);
  }

  private static boolean withinBand(List<Map.Entry<Long, Long>> window, double mean, double band) {
    for (Map.Entry<Long, Long> b : window) {
      if (Math.abs(b.getValue() - mean) > band * mean) {
        return false;
      }
    }
    return true;
  }
}
