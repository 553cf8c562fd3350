package dev.refarch.experiments.stats;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import org.apache.commons.statistics.descriptive.DoubleStatistics;
import org.apache.commons.statistics.descriptive.Statistic;
import org.apache.commons.statistics.descriptive.Variance;

/**
 * One point's figure with the standard error of its estimate, on the scale its changes are judged
 * on: the natural logarithm for figures that are always positive (throughput, latency), so that a
 * change is a ratio whatever the unit; the figure itself for those that can be 0 (an interruption,
 * lost writes). Immutable.
 *
 * <p>Where the error comes from is its {@link Source}: the spread of the point's repetitions
 * (Student's t with {@code n − 1} degrees of freedom), or, for a point measured once, a
 * moving-block bootstrap over that trial's own one-second intervals ({@link BlockBootstrap}) —
 * which sees the noise inside the trial but not how much another trial of the same point would
 * differ.
 *
 * @param value the point's figure in its unit: the geometric mean of its repetitions on the log
 *     scale, their mean on the linear one, the trial's figure for one trial
 * @param center the estimate on its scale: {@code ln(value)} on the log scale, {@code value}
 *     otherwise
 * @param se the standard error of {@code center}; NaN when nothing tells it
 * @param df degrees of freedom of {@code se}: {@code n − 1} between repetitions, those of the
 *     bootstrap's blocks within a trial, 0 when {@code se} is NaN
 * @param figures each repetition's figure, in their order
 * @param source where {@code se} comes from
 * @param log whether {@code center} is on the log scale
 */
public record LogEstimate(double value, double center, double se, double df,
    List<Double> figures, Source source, boolean log) {

  /** Where a standard error comes from. */
  public enum Source {
    /** The spread of two or more repetitions. */
    REPETITIONS,
    /** A moving-block bootstrap over one trial's intervals. */
    WITHIN_TRIAL,
    /** Nothing: one trial and no per-interval figures (an interruption, a count). */
    NONE
  }

  public LogEstimate {
    Objects.requireNonNull(source, "source");
    figures = List.copyOf(figures);
    if (figures.isEmpty()) {
      throw new IllegalArgumentException("an estimate rests on at least one trial");
    }
  }

  /** How many trials the figure rests on. */
  public int repetitions() {
    return figures.size();
  }

  /**
   * The estimate from each repetition's figure: on the log scale when every figure is positive,
   * else on the linear scale; with one figure, no standard error.
   *
   * @param figures one per completed repetition, none NaN
   */
  public static LogEstimate ofRepetitions(double... figures) {
    boolean log = figures.length > 0
        && Arrays.stream(figures).allMatch(v -> v > 0 && Double.isFinite(v));
    return of(figures, log);
  }

  /**
   * The estimate from each repetition's figure on the linear scale, whatever their sign: for
   * figures whose difference, not ratio, is what matters.
   */
  public static LogEstimate linear(double... figures) {
    return of(figures, false);
  }

  private static LogEstimate of(double[] figures, boolean log) {
    if (figures.length == 0) {
      throw new IllegalArgumentException("no figures");
    }
    double[] x = log ? Arrays.stream(figures).map(Math::log).toArray() : figures.clone();
    DoubleStatistics s = DoubleStatistics.of(EnumSet.of(Statistic.MEAN, Statistic.VARIANCE), x);
    double center = s.getAsDouble(Statistic.MEAN);
    int n = x.length;
    double value = log ? Math.exp(center) : center;
    List<Double> all = Arrays.stream(figures).boxed().toList();
    if (n == 1) {
      return new LogEstimate(value, center, Double.NaN, 0, all, Source.NONE, log);
    }
    double se = Math.sqrt(s.getAsDouble(Statistic.VARIANCE) / n);
    return new LogEstimate(value, center, se, n - 1, all, Source.REPETITIONS, log);
  }

  /**
   * The estimate of one trial whose figure is {@code value}, from a bootstrap's replicates of it
   * expressed as factors of it ({@code replicate / value}): the standard deviation of their logs.
   *
   * @param factors the replicates over the original figure; NaN ones (a draw without the
   *     operation) are left out
   * @param df the degrees of freedom the bootstrap's variance carries
   */
  public static LogEstimate withinTrial(double value, double[] factors, double df) {
    double[] logs = Arrays.stream(factors).filter(f -> f > 0 && Double.isFinite(f))
        .map(Math::log).toArray();
    if (!(value > 0) || logs.length < factors.length / 2 || logs.length < 2) {
      return ofRepetitions(value);
    }
    double sd = Math.sqrt(Variance.of(logs).getAsDouble());
    return new LogEstimate(value, Math.log(value), sd, df, List.of(value), Source.WITHIN_TRIAL,
        true);
  }

  /** One trial's figure with no standard error. */
  public static LogEstimate single(double value) {
    return ofRepetitions(value);
  }

  /** Whether the estimate has a standard error. */
  public boolean hasError() {
    return !Double.isNaN(se);
  }

  /** The same estimate on the linear scale: recomputed from the figures, or by the delta method. */
  LogEstimate onLinearScale() {
    if (!log) {
      return this;
    }
    if (source != Source.WITHIN_TRIAL) {
      return linear(figures.stream().mapToDouble(Double::doubleValue).toArray());
    }
    return new LogEstimate(value, value, se * value, df, figures, source, false);
  }
}
