package dev.refarch.experiments.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One figure over a point's completed repetitions: the median with the range, and the mean with
 * its 95 % confidence interval (Student's t; none from a single repetition). Immutable.
 *
 * @param median the middle value; for an even count, the mean of the two middle values
 * @param min the smallest value
 * @param max the largest value
 * @param count how many repetitions it is over, at least 1
 * @param mean the arithmetic mean
 * @param ci95 half the width of the mean's 95 % confidence interval; NaN for one repetition
 */
public record Stat(double median, double min, double max, int count, double mean, double ci95) {

  /** Two-sided 97.5 % quantiles of Student's t for 1 to 30 degrees of freedom. */
  private static final double[] T975 = {12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306,
      2.262, 2.228, 2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080,
      2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042};

  public Stat {
    if (count < 1 || min > median || median > max) {
      throw new IllegalArgumentException("need min <= median <= max over at least one value, got "
          + min + " <= " + median + " <= " + max + " over " + count);
    }
  }

  /** The statistic of {@code values}; empty when there are none. */
  public static Optional<Stat> of(List<Double> values) {
    if (values.isEmpty()) {
      return Optional.empty();
    }
    List<Double> sorted = new ArrayList<>(values);
    sorted.sort(null);
    int n = sorted.size();
    double median = n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    double mean = sorted.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
    double ci = Double.NaN;
    if (n > 1) {
      double variance = sorted.stream().mapToDouble(v -> (v - mean) * (v - mean)).sum() / (n - 1);
      ci = (n - 1 <= T975.length ? T975[n - 2] : 1.960) * Math.sqrt(variance / n);
    }
    return Optional.of(new Stat(median, sorted.get(0), sorted.get(n - 1), n, mean, ci));
  }

  /** Whether the repetitions disagree at all. */
  public boolean spread() {
    return min != max;
  }
}
