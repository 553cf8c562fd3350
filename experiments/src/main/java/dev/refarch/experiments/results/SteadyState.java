package dev.refarch.experiments.results;

import dev.refarch.experiments.spec.SteadyRule;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;

/**
 * Whether, and from when, a run's throughput was steady, judged on the measured operations per
 * interval slot of its measured window (after every client's warm-up). The detector accepts the
 * earliest window of the {@link SteadyRule}'s length that passes the rule — no trend beyond the
 * band between its halves, no swing beyond the coefficient of variation — <em>and</em> lies at
 * the level the run ended at: its mean within the band of the final window's. The run's
 * <em>judged window</em> runs from there to the end of the measured window, and its figures leave
 * out the ramp before it. A window that passed the rule on a step of a climbing run (a fresh
 * client JVM's code compiled in tiers holds a level for seconds before jumping), or before the
 * run drifted away, is not accepted; a run none of whose steady windows lies at its final level
 * is not steady ({@code drifted}). The final window itself need not pass the rule: its last
 * slot may hold the clients' stop. The same rule on the same series stops a trial early
 * ({@link #lastWindow}, while the clients write them) and judges it afterwards ({@link #detect},
 * from the merge). Immutable.
 *
 * @param reached whether the run has a judged window
 * @param fromEpochMs start of the judged window; for a run that drifted, of its first steady
 *     window; 0 when neither
 * @param opsPerSecond mean throughput of the judged window (for a run that drifted, of its first
 *     steady window); 0 when neither
 * @param windowSeconds slots per window
 * @param band allowed relative difference of the halves' means, e.g. 0.1 for 10 %
 * @param maxCv allowed coefficient of variation of the window's slots
 * @param measuredSeconds seconds in the measured window the rule was applied to
 * @param stoppedWhenSteady whether the runner ended the run because it was steady (otherwise it
 *     ran to its operation count or maximum time)
 * @param toEpochMs the end of the measured window, where the judged window ends; 0 when none
 * @param finalOpsPerSecond mean throughput of the final rule window; 0 when none was found
 * @param drifted whether a window passed the rule but none at the run's final level, so that
 *     the run is not steady
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
    int n = counts.size();
    if (n < w) {
      return new SteadyState(false, 0, 0, rule.windowSeconds(), rule.band(), rule.maxCv(), seconds,
          stoppedWhenSteady);
    }
    long to = slots.get(n - 1).getKey() + slotMs;
    double last = mean(counts.subList(n - w, n));
    int firstSteady = -1;
    for (int i = 0; i + w <= n; i++) {
      List<Long> window = counts.subList(i, i + w);
      if (!rule.steady(window)) {
        continue;
      }
      firstSteady = firstSteady < 0 ? i : firstSteady;
      double mean = mean(window);
      if (Math.abs(mean - last) <= rule.band() * mean) {
        return new SteadyState(true, slots.get(i).getKey(), mean(counts.subList(i, n))
            * perSecond, rule.windowSeconds(), rule.band(), rule.maxCv(), seconds,
            stoppedWhenSteady, to, last * perSecond, false);
      }
    }
    if (firstSteady >= 0) {
      return new SteadyState(false, slots.get(firstSteady).getKey(), mean(counts.subList(
          firstSteady, firstSteady + w)) * perSecond, rule.windowSeconds(), rule.band(),
          rule.maxCv(), seconds, stoppedWhenSteady, to, last * perSecond, true);
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
