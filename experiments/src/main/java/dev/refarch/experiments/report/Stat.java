package dev.refarch.experiments.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The median of one figure over a point's completed repetitions, with its range. Immutable.
 *
 * @param median the middle value; for an even count, the mean of the two middle values
 * @param min the smallest value
 * @param max the largest value
 * @param count how many repetitions it is over, at least 1
 */
public record Stat(double median, double min, double max, int count) {

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
    return Optional.of(new Stat(median, sorted.get(0), sorted.get(n - 1), n));
  }

  /** Whether the repetitions disagree at all. */
  public boolean spread() {
    return min != max;
  }
}
