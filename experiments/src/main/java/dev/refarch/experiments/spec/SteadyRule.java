package dev.refarch.experiments.spec;

import java.util.List;

/**
 * When a run's throughput counts as steady: a window of {@code windowSeconds} consecutive
 * one-second slots without a trend — the means of its two halves differ by at most {@code band} of
 * the window's mean — and without swinging — the coefficient of variation of its slots is at most
 * {@code maxCv}. A slot without operations is never steady. Noise without drift passes (a busy
 * machine's seconds scatter); a ramp does not, however close each second is to the mean.
 * Immutable.
 *
 * @param windowSeconds slots per window, 2–600
 * @param band allowed relative difference of the halves' means, in (0, 1]
 * @param maxCv allowed coefficient of variation of the slots, in (0, 10]
 */
public record SteadyRule(int windowSeconds, double band, double maxCv) {

  /** 10 s without a trend beyond ±10 % and with a coefficient of variation of at most 25 %. */
  public static final SteadyRule DEFAULT = new SteadyRule(10, 0.10, 0.25);

  public SteadyRule {
    if (windowSeconds < 2 || windowSeconds > 600 || !(band > 0 && band <= 1)
        || !(maxCv > 0 && maxCv <= 10)) {
      throw new IllegalArgumentException("steady window 2-600 s, band in (0, 1], cv in (0, 10];"
          + " got " + windowSeconds + " s, " + band + ", " + maxCv);
    }
  }

  /** Slots of {@code slotMs} in a window: the window's seconds in slots, at least 2. */
  public int slots(long slotMs) {
    return (int) Math.max(2, Math.round(windowSeconds * 1000.0 / slotMs));
  }

  /** Whether {@code slots} (operations per slot, in order, one window) are steady. */
  public boolean steady(List<Long> slots) {
    int n = slots.size();
    double mean = mean(slots);
    if (n < 2 || mean <= 0 || slots.contains(0L)) {
      return false;
    }
    double first = mean(slots.subList(0, n / 2));
    double second = mean(slots.subList(n - n / 2, n));
    double variance = slots.stream().mapToDouble(v -> (v - mean) * (v - mean)).sum() / (n - 1);
    return Math.abs(second - first) <= band * mean && Math.sqrt(variance) / mean <= maxCv;
  }

  private static double mean(List<Long> values) {
    return values.stream().mapToLong(Long::longValue).average().orElse(0);
  }
}
