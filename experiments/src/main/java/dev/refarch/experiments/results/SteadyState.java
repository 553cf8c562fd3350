package dev.refarch.experiments.results;

import dev.refarch.experiments.spec.SteadyRule;
import dev.refarch.ycsb.measure.Timeline;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Whether, and from when, a run's throughput was steady: the first window of {@code windowSeconds}
 * consecutive one-second slots of the measured window (after every client's warm-up) that passes
 * the {@link SteadyRule}. The same rule stops a trial early ({@link #lastWindow}) and judges it
 * afterwards ({@link #detect}). Immutable.
 *
 * @param reached whether such a window exists
 * @param fromEpochMs start of the first steady window; 0 when not reached
 * @param opsPerSecond mean throughput of that window; 0 when not reached
 * @param windowSeconds slots per window
 * @param band allowed relative difference of the halves' means, e.g. 0.1 for 10 %
 * @param maxCv allowed coefficient of variation of the window's slots
 * @param measuredSeconds seconds in the measured window the rule was applied to
 * @param stoppedWhenSteady whether the runner ended the run because it was steady (otherwise it
 *     ran to its operation count or maximum time)
 */
public record SteadyState(boolean reached, long fromEpochMs, double opsPerSecond,
    int windowSeconds, double band, double maxCv, double measuredSeconds,
    boolean stoppedWhenSteady) {

  /** A run the rule was not applied to (no measured window). */
  public static SteadyState notMeasured(SteadyRule rule) {
    return new SteadyState(false, 0, 0, rule.windowSeconds(), rule.band(), rule.maxCv(), 0, false);
  }

  /**
   * Applies {@code rule} to the operations per slot of {@code perSlot} (slot start → count, one
   * slot per second, consecutive, covering exactly the measured window).
   */
  public static SteadyState detect(SortedMap<Long, Long> perSlot, SteadyRule rule, boolean stoppedWhenSteady) {
    List<Map.Entry<Long, Long>> slots = new ArrayList<>(perSlot.entrySet());
    List<Long> counts = slots.stream().map(Map.Entry::getValue).toList();
    int w = rule.windowSeconds();
    for (int i = 0; i + w <= slots.size(); i++) {
      List<Long> window = counts.subList(i, i + w);
      if (rule.steady(window)) {
        double mean = window.stream().mapToLong(Long::longValue).average().orElseThrow();
        return new SteadyState(true, slots.get(i).getKey(), mean, w, rule.band(), rule.maxCv(),
            slots.size(), stoppedWhenSteady);
      }
    }
    return new SteadyState(false, 0, 0, w, rule.band(), rule.maxCv(), slots.size(),
        stoppedWhenSteady);
  }

  /** Whether the last {@code rule.windowSeconds()} slots of {@code perSlot} are steady. */
  public static boolean lastWindow(SortedMap<Long, Long> perSlot, SteadyRule rule) {
    List<Long> counts = new ArrayList<>(perSlot.values());
    int w = rule.windowSeconds();
    return counts.size() >= w && rule.steady(counts.subList(counts.size() - w, counts.size()));
  }

  /**
   * Operations (all types and statuses) per slot of {@code timeline} from {@code fromEpochMs} (a
   * slot start) to {@code toEpochMs} (exclusive), every slot present. Slots are one second, or the
   * timeline's resolution when that does not divide a second.
   */
  public static SortedMap<Long, Long> perSlot(Timeline timeline, long fromEpochMs, long toEpochMs) {
    long slotMs = slotMs(timeline.resolutionMs());
    TreeMap<Long, Long> slots = new TreeMap<>();
    for (long t = fromEpochMs; t + slotMs <= toEpochMs; t += slotMs) {
      slots.put(t, 0L);
    }
    for (Timeline.Row r : timeline.rows()) {
      long slot = fromEpochMs + Math.floorDiv(r.epochMs() - fromEpochMs, slotMs) * slotMs;
      slots.computeIfPresent(slot, (s, n) -> n + r.successes() + r.failures());
    }
    return slots;
  }

  /** The slot length for a timeline of {@code resolutionMs}: 1000, or the resolution. */
  static long slotMs(int resolutionMs) {
    return resolutionMs < 1000 && 1000 % resolutionMs == 0 ? 1000 : resolutionMs;
  }
}
