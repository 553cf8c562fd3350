package dev.refarch.experiments.stats;

import java.util.Locale;

/**
 * A closed interval of relative changes in percent, e.g. a 95 % confidence interval
 * {@code [+12.4, +31.0]}; either end may be infinite. Immutable.
 *
 * @param low the lower end
 * @param high the upper end, at least {@code low}
 */
public record Interval(double low, double high) {

  public Interval {
    if (Double.isNaN(low) || Double.isNaN(high) || low > high) {
      throw new IllegalArgumentException("an interval needs low <= high, got [" + low + ", "
          + high + "]");
    }
  }

  /** Whether the whole interval lies in {@code other}. */
  public boolean within(Interval other) {
    return low >= other.low && high <= other.high;
  }

  /** Whether the interval shares no value with {@code other}. */
  public boolean disjoint(Interval other) {
    return high < other.low || low > other.high;
  }

  /** Whether {@code value} lies in the interval. */
  public boolean contains(double value) {
    return value >= low && value <= high;
  }

  /** {@code [+12.4, +31.0]}, signed percent with one decimal, in every locale. */
  @Override
  public String toString() {
    return "[" + signed(low) + ", " + signed(high) + "]";
  }

  static String signed(double pct) {
    if (Double.isInfinite(pct)) {
      return pct > 0 ? "+∞" : "−∞";
    }
    return String.format(Locale.ROOT, "%+.1f", pct);
  }
}
