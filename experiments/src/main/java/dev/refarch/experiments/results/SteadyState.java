package dev.refarch.experiments.results;

import dev.refarch.experiments.spec.SteadyRule;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;

/**
 * Whether, and from when, a run's throughput was steady: the first window of {@code windowSeconds}
 * of consecutive interval slots of the measured window (after every client's warm-up) that passes
 * the {@link SteadyRule}. The series is the measured operations per slot of the clients' interval
 * histograms, so that the same rule on the same data stops a trial early ({@link #lastWindow},
 * while the clients write them) and judges it afterwards ({@link #detect}, from the merge).
 * Immutable.
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
   * Applies {@code rule} to the operations per slot of {@code perSlot} (slot start → count,
   * consecutive slots of {@code slotMs}, covering exactly the measured window).
   */
  public static SteadyState detect(SortedMap<Long, Long> perSlot, long slotMs, SteadyRule rule,
      boolean stoppedWhenSteady) {
    List<Map.Entry<Long, Long>> slots = new ArrayList<>(perSlot.entrySet());
    List<Long> counts = slots.stream().map(Map.Entry::getValue).toList();
    int w = rule.slots(slotMs);
    double perSecond = 1000.0 / slotMs;
    double seconds = slots.size() * slotMs / 1000.0;
    for (int i = 0; i + w <= slots.size(); i++) {
      List<Long> window = counts.subList(i, i + w);
      if (rule.steady(window)) {
        double mean = window.stream().mapToLong(Long::longValue).average().orElseThrow();
        return new SteadyState(true, slots.get(i).getKey(), mean * perSecond, rule.windowSeconds(),
            rule.band(), rule.maxCv(), seconds, stoppedWhenSteady);
      }
    }
    return new SteadyState(false, 0, 0, rule.windowSeconds(), rule.band(), rule.maxCv(), seconds,
        stoppedWhenSteady);
  }

  /** Whether the last window of slots of {@code slotMs} in {@code perSlot} is steady. */
  public static boolean lastWindow(SortedMap<Long, Long> perSlot, long slotMs, SteadyRule rule) {
    List<Long> counts = new ArrayList<>(perSlot.values());
    int w = rule.slots(slotMs);
    return counts.size() >= w && rule.steady(counts.subList(counts.size() - w, counts.size()));
  }
}
