package dev.refarch.experiments.results;

import dev.refarch.experiments.spec.SteadyRule;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;

/**
 * Whether, and from when, a run's throughput was steady: the first window of {@code windowSeconds}
 * of consecutive interval slots of the measured window (after every client's warm-up) that passes
 * the {@link SteadyRule}, provided the run stayed there — its final window passes the rule too,
 * and its mean lies within the rule's band of the first window's. A run that drifted away after
 * an earlier steady window is not steady. The judged window of a steady run is its first steady
 * window to the end of the measured window: the trial's judged figures come from it, not from the
 * ramp before it. The series is the measured operations per slot of the clients' interval
 * histograms, so that the same rule on the same data stops a trial early ({@link #lastWindow},
 * while the clients write them) and judges it afterwards ({@link #detect}, from the merge).
 * Immutable.
 *
 * @param reached whether a steady window exists and the run did not drift from it
 * @param fromEpochMs start of the first steady window; 0 when none was found
 * @param opsPerSecond mean throughput of that window; 0 when none was found
 * @param windowSeconds slots per window
 * @param band allowed relative difference of the halves' means, e.g. 0.1 for 10 %
 * @param maxCv allowed coefficient of variation of the window's slots
 * @param measuredSeconds seconds in the measured window the rule was applied to
 * @param stoppedWhenSteady whether the runner ended the run because it was steady (otherwise it
 *     ran to its operation count or maximum time)
 * @param toEpochMs the end of the measured window, where the judged window ends; 0 when none
 * @param finalOpsPerSecond mean throughput of the final window; 0 when none was found
 * @param drifted whether the final window failed the rule or left the band of the first steady
 *     window's mean, which makes the run not steady
 */
public record SteadyState(boolean reached, long fromEpochMs, double opsPerSecond,
    int windowSeconds, double band, double maxCv, double measuredSeconds,
    boolean stoppedWhenSteady, long toEpochMs, double finalOpsPerSecond, boolean drifted) {

  /** As recorded before the judged window and drift were (no end, no final window). */
  public SteadyState(boolean reached, long fromEpochMs, double opsPerSecond, int windowSeconds,
      double band, double maxCv, double measuredSeconds, boolean stoppedWhenSteady) {
    this(reached, fromEpochMs, opsPerSecond, windowSeconds, band, maxCv, measuredSeconds,
        stoppedWhenSteady, 0, 0, false);
  }

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
        double mean = mean(window);
        List<Long> last = counts.subList(counts.size() - w, counts.size());
        double lastMean = mean(last);
        boolean drifted = !rule.steady(last) || Math.abs(lastMean - mean) > rule.band() * mean;
        long to = slots.get(slots.size() - 1).getKey() + slotMs;
        return new SteadyState(!drifted, slots.get(i).getKey(), mean * perSecond,
            rule.windowSeconds(), rule.band(), rule.maxCv(), seconds, stoppedWhenSteady, to,
            lastMean * perSecond, drifted);
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

  private static double mean(List<Long> values) {
    return values.stream().mapToLong(Long::longValue).average().orElse(0);
  }
}
