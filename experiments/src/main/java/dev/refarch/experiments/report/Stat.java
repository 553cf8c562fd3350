package dev.refarch.experiments.report;

import dev.refarch.experiments.stats.Effect;
import java.util.List;
import java.util.Optional;
import org.apache.commons.statistics.descriptive.DoubleStatistics;
import org.apache.commons.statistics.descriptive.Median;
import org.apache.commons.statistics.descriptive.Statistic;

/**
 * One figure over a point's completed repetitions: the median with the range, and the mean with
 * its 95 % confidence interval (Student's t with {@code n − 1} degrees of freedom, from Commons
 * Statistics; none from a single repetition). Immutable.
 *
 * @param median the middle value; for an even count, the mean of the two middle values
 * @param min the smallest value
 * @param max the largest value
 * @param count how many repetitions it is over, at least 1
 * @param mean the arithmetic mean
 * @param ci95 half the width of the mean's 95 % confidence interval; NaN for one repetition
 */
public record Stat(double median, double min, double max, int count, double mean, double ci95) {

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
    double[] x = values.stream().mapToDouble(Double::doubleValue).toArray();
    DoubleStatistics s = DoubleStatistics.of(java.util.EnumSet.of(Statistic.MIN, Statistic.MAX,
        Statistic.MEAN, Statistic.STANDARD_DEVIATION), x);
    int n = x.length;
    double ci = n > 1
        ? Effect.quantile(n - 1) * s.getAsDouble(Statistic.STANDARD_DEVIATION) / Math.sqrt(n)
        : Double.NaN;
    return Optional.of(new Stat(Median.withDefaults().withCopy(true).evaluate(x),
        s.getAsDouble(Statistic.MIN), s.getAsDouble(Statistic.MAX), n,
        s.getAsDouble(Statistic.MEAN), ci));
  }

  /** Whether the repetitions disagree at all. */
  public boolean spread() {
    return min != max;
  }
}
