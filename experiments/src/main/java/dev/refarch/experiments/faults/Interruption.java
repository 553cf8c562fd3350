package dev.refarch.experiments.faults;

import dev.refarch.ycsb.measure.Timeline;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Client-observed interruption after a fault, per operation type, read off a merged timeline.
 *
 * <ul>
 *   <li><b>interruption</b>: from the injection to the first successful operation after the longest
 *       run of buckets without any success that begins at or after the injection's bucket; 0 when
 *       no bucket went without success;
 *   <li><b>recovery</b>: from the injection to the start of the first bucket, at or after the gap,
 *       whose successes reach 90 % of the median successes per bucket before the fault.
 * </ul>
 *
 * Both are exact to one timeline bucket ({@code measurement.timelineResolution}; use 100 ms for
 * failure trials). Immutable.
 *
 * @param operation YCSB's operation name
 * @param baselinePerSecond median successful operations per second over the buckets before the fault
 * @param interruptionMs as above
 * @param recoveryMs as above; empty when throughput never came back within the analysed span
 * @param gapBuckets length of the longest gap, in buckets
 * @param resumed whether any operation succeeded after the gap; when not, {@code interruptionMs}
 *     runs to the end of the analysed span and is a lower bound
 */
public record Interruption(String operation, double baselinePerSecond, long interruptionMs,
    Optional<Long> recoveryMs, int gapBuckets, boolean resumed) {

  /** Buckets before the fault whose median is the baseline. */
  static final int BASELINE_BUCKETS = 30;
  static final double RECOVERED = 0.9;

  /**
   * Analyses every operation type of {@code timeline} after a fault at {@code faultEpochMs}, up to
   * (not including) {@code untilEpochMs}, e.g. the next fault.
   */
  public static Map<String, Interruption> analyze(Timeline timeline, long faultEpochMs,
      long untilEpochMs) {
    int res = timeline.resolutionMs();
    long faultBucket = Math.floorDiv(faultEpochMs, res) * res;
    Map<String, TreeMap<Long, Long>> successes = new TreeMap<>();
    for (Timeline.Row r : timeline.rows()) {
      successes.computeIfAbsent(r.operation(), o -> new TreeMap<>()).put(r.epochMs(), r.successes());
    }
    // the run ends inside its last bucket: that bucket, when empty, says the run stopped, not
    // that the operation did (a stepped-down set whose reads never paused was once reported as
    // "never resumed" for an empty last 100 ms)
    long lastBucket = timeline.rows().stream().mapToLong(Timeline.Row::epochMs).max()
        .orElse(Long.MIN_VALUE);
    Map<String, Interruption> out = new LinkedHashMap<>();
    successes.forEach((op, perBucket) -> {
      List<Long> before = new ArrayList<>(perBucket.headMap(faultBucket, false).descendingMap()
          .values().stream().limit(BASELINE_BUCKETS).toList());
      if (before.isEmpty()) {
        return;
      }
      before.sort(null);
      double baseline = before.get(before.size() / 2);
      List<Map.Entry<Long, Long>> after = new ArrayList<>(
          perBucket.subMap(faultBucket, true, untilEpochMs, false).entrySet());
      if (!after.isEmpty() && after.get(after.size() - 1).getKey() == lastBucket
          && after.get(after.size() - 1).getValue() == 0) {
        after.remove(after.size() - 1);
      }
      out.put(op, measure(op, baseline, after, faultEpochMs, res));
    });
    return out;
  }

  private static Interruption measure(String op, double baseline, List<Map.Entry<Long, Long>> after,
      long faultEpochMs, int res) {
    int bestStart = -1;
    int bestLength = 0;
    for (int i = 0; i < after.size(); ) {
      if (after.get(i).getValue() == 0) {
        int j = i;
        while (j < after.size() && after.get(j).getValue() == 0) {
          j++;
        }
        if (j - i > bestLength) {
          bestStart = i;
          bestLength = j - i;
        }
        i = j;
      } else {
        i++;
      }
    }
    long interruption = 0;
    int searchFrom = 0;
    boolean resumed = true;
    if (bestLength > 0) {
      resumed = bestStart + bestLength < after.size();
      int firstSuccess = bestStart + bestLength;
      interruption = firstSuccess < after.size()
          ? Math.max(0, after.get(firstSuccess).getKey() - faultEpochMs)
          : Math.max(0, after.get(after.size() - 1).getKey() + res - faultEpochMs);
      searchFrom = firstSuccess;
    }
    Optional<Long> recovery = Optional.empty();
    for (int i = searchFrom; i < after.size(); i++) {
      if (after.get(i).getValue() >= RECOVERED * baseline) {
        recovery = Optional.of(Math.max(0, after.get(i).getKey() - faultEpochMs));
        break;
      }
    }
    return new Interruption(op, baseline * 1000.0 / res, interruption, recovery, bestLength, resumed);
  }
}
