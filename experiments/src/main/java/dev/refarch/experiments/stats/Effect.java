package dev.refarch.experiments.stats;

import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import org.apache.commons.statistics.distribution.NormalDistribution;
import org.apache.commons.statistics.distribution.TDistribution;

/**
 * The relative change of a figure between two points — {@code (measured − base) / base}, in
 * percent — with its 95 % confidence interval. Immutable.
 *
 * <p>On the log scale (figures that are always positive) the change is the ratio of the two
 * estimates and its interval is {@code exp(Δ ± q·se) − 1}, with {@code Δ} the difference of the
 * logs, {@code se² = seₘ² + se_b²} and {@code q} the 97.5 % quantile of Student's t at the
 * Welch–Satterthwaite degrees of freedom (a normal quantile when both errors come from a
 * bootstrap) — Welch's unequal-variance interval, on logs. On the linear scale (figures that can
 * be 0) the interval is that of the difference, relative to the base's estimate taken as exact.
 *
 * <pre>{@code
 * Effect e = Effect.between(LogEstimate.ofRepetitions(2410, 2380, 2502),
 *     LogEstimate.ofRepetitions(1650, 1702, 1611));
 * e.pct();      // +46.1
 * e.ci95();     // Optional[[+38.0, +54.7]]
 * }</pre>
 *
 * @param measured the estimate at the point the change goes to
 * @param base the estimate it is measured against
 * @param pct the change, in percent; infinite from a base of 0
 * @param ci95 its 95 % confidence interval; empty when either side has no standard error, or the
 *     base is 0
 * @param df the degrees of freedom of the interval's quantile (infinite for a normal quantile);
 *     NaN without an interval
 * @param design the blocked design the interval comes from, when the two points' repetitions ran
 *     in rounds together with the study's other points ({@link #blocked}); empty for Welch's
 *     interval
 */
public record Effect(LogEstimate measured, LogEstimate base, double pct, Optional<Interval> ci95,
    double df, Optional<BlockedDesign> design) {

  /** The confidence level of every interval here. */
  public static final double LEVEL = 0.95;

  public Effect {
    Objects.requireNonNull(measured, "measured");
    Objects.requireNonNull(base, "base");
    Objects.requireNonNull(ci95, "ci95");
    Objects.requireNonNull(design, "design");
  }

  /** The change from {@code base} to {@code measured}. */
  public static Effect between(LogEstimate measured, LogEstimate base) {
    boolean log = measured.log() && base.log();
    LogEstimate m = log ? measured : measured.onLinearScale();
    LogEstimate b = log ? base : base.onLinearScale();
    double diff = m.center() - b.center();
    double pct = log ? Math.expm1(diff) * 100 : change(m.value(), b.value());
    if (!m.hasError() || !b.hasError() || !log && b.value() == 0) {
      return new Effect(measured, base, pct, Optional.empty(), Double.NaN, Optional.empty());
    }
    double vm = m.se() * m.se();
    double vb = b.se() * b.se();
    double se = Math.sqrt(vm + vb);
    double df = welchDf(vm, m.df(), vb, b.df());
    double q = quantile(df);
    double low = diff - q * se;
    double high = diff + q * se;
    Interval ci = log ? new Interval(Math.expm1(low) * 100, Math.expm1(high) * 100)
        : new Interval(low / Math.abs(b.value()) * 100, high / Math.abs(b.value()) * 100);
    return new Effect(measured, base, pct, Optional.of(ci), df, Optional.empty());
  }

  /**
   * The change from {@code base} to {@code measured} when both ran in the same rounds of a
   * blocked design: the difference of their logs' means over those rounds, with the interval
   * {@code exp(Δ ± q·s·√(2/R)) − 1}, {@code q} Student's t at the design's residual degrees of
   * freedom ({@link BlockedDesign}).
   *
   * @param measured the measured point's figures of the design's rounds, in round order
   * @param base the baseline's, likewise
   * @param design the design over the study's points in those rounds (on the logs)
   * @throws IllegalArgumentException when either side has a figure that is not positive, or not
   *     one per round
   */
  public static Effect blocked(LogEstimate measured, LogEstimate base, BlockedDesign design) {
    if (!measured.log() || !base.log() || measured.repetitions() != design.rounds()
        || base.repetitions() != design.rounds()) {
      throw new IllegalArgumentException("a blocked effect needs positive figures, one per round"
          + " of " + design.rounds() + ", got " + measured.figures() + " and " + base.figures());
    }
    double diff = measured.center() - base.center();
    double se = design.seOfDifference();
    double q = quantile(design.df());
    Interval ci = new Interval(Math.expm1(diff - q * se) * 100, Math.expm1(diff + q * se) * 100);
    return new Effect(measured, base, Math.expm1(diff) * 100, Optional.of(ci), design.df(),
        Optional.of(design));
  }

  /**
   * Welch–Satterthwaite: {@code (v₁ + v₂)² / (v₁²/df₁ + v₂²/df₂)}; a side with infinite degrees
   * of freedom adds nothing to the denominator.
   */
  static double welchDf(double v1, double df1, double v2, double df2) {
    double denominator = (Double.isInfinite(df1) ? 0 : v1 * v1 / df1)
        + (Double.isInfinite(df2) ? 0 : v2 * v2 / df2);
    if (denominator == 0) {
      return (v1 + v2) == 0 ? Math.min(df1, df2) : Double.POSITIVE_INFINITY;
    }
    return (v1 + v2) * (v1 + v2) / denominator;
  }

  /** The two-sided 95 % quantile: Student's t at {@code df}, the normal one when infinite. */
  public static double quantile(double df) {
    double upper = (1 - LEVEL) / 2;
    return Double.isInfinite(df) ? NormalDistribution.of(0, 1).inverseSurvivalProbability(upper)
        : TDistribution.of(df).inverseSurvivalProbability(upper);
  }

  /** The change in percent, {@code ±∞} from 0 (and 0 from 0 to 0). */
  static double change(double value, double base) {
    if (base == 0) {
      return value == 0 ? 0 : Math.copySign(Double.POSITIVE_INFINITY, value);
    }
    return (value - base) / Math.abs(base) * 100;
  }

  /** The repetitions behind each side, e.g. {@code 3 and 3}. */
  public String repetitions() {
    return measured.repetitions() + " and " + base.repetitions();
  }

  /**
   * How the interval was estimated, in words for a report, e.g. {@code Welch's t on the logs of
   * 3 and 3 repetitions (df 3.9)}.
   */
  public String method() {
    LogEstimate.Source sm = measured.source();
    LogEstimate.Source sb = base.source();
    if (ci95.isEmpty()) {
      return sm == LogEstimate.Source.NONE || sb == LogEstimate.Source.NONE
          ? "no interval: one trial at " + (sm == LogEstimate.Source.NONE ? "the measured point"
              : "the baseline") + ", and no per-interval figures to bootstrap (a figure without"
              + " them, or fewer than 4 intervals)"
          : "no interval: a change from 0 has no relative size";
    }
    if (design.isPresent()) {
      return String.format(Locale.ROOT, "two-way model (point + round) on the logs of %d rounds"
          + " × %d points of the study, rounds as blocks (df %.0f)", design.get().rounds(),
          design.get().points(), df);
    }
    String scale = measured.log() && base.log() ? "the logs of " : "";
    if (sm == LogEstimate.Source.REPETITIONS && sb == LogEstimate.Source.REPETITIONS) {
      return String.format(Locale.ROOT, "Welch's t on %s%s repetitions (df %.1f)", scale,
          repetitions(), df);
    }
    if (sm == LogEstimate.Source.WITHIN_TRIAL && sb == LogEstimate.Source.WITHIN_TRIAL) {
      return "moving-block bootstrap within one trial per point (does not include the scatter"
          + " between trials)";
    }
    return String.format(Locale.ROOT, "Welch's t on %s%s repetitions, the single trial's error"
        + " from a moving-block bootstrap within it (df %.1f)", scale, repetitions(), df);
  }

  /**
   * About how many more repetitions of both points would likely make the interval lie wholly
   * inside or wholly outside {@code band}, if the estimate stayed where it is and each side's
   * scatter per repetition stayed as estimated; empty when the estimate lies on an edge of the
   * band (no number of repetitions is likely to decide), or the interval already decides. A point
   * measured once adds its within-trial error as if it were its scatter per repetition: at least
   * one more repetition then tells the real one.
   *
   * @param band the band the interval is judged against, in percent
   * @param most the largest answer worth giving
   */
  public OptionalInt morePerPoint(Interval band, int most) {
    if (ci95.isEmpty()) {
      return measured.hasError() && base.hasError() ? OptionalInt.empty() : OptionalInt.of(1);
    }
    if (ci95.get().within(band) || ci95.get().disjoint(band)) {
      return OptionalInt.empty();
    }
    boolean log = measured.log() && base.log();
    double at = log ? Math.log1p(pct / 100) : pct;
    double distance = Math.min(Math.abs(at - edge(band.low(), log)),
        Math.abs(at - edge(band.high(), log)));
    if (!(distance > 0)) {
      return OptionalInt.empty();
    }
    if (design.isPresent()) {
      BlockedDesign d = design.get();
      for (int k = 1; k <= most; k++) {
        if (quantile(d.df(d.rounds() + k)) * d.seOfDifference(d.rounds() + k) < distance) {
          return OptionalInt.of(k);
        }
      }
      return OptionalInt.of(most + 1);
    }
    double scale = log ? 1 : 100 / Math.abs(base.value());
    double perM = measured.se() * measured.se() * measured.repetitions();
    double perB = base.se() * base.se() * base.repetitions();
    for (int k = 1; k <= most; k++) {
      int nm = measured.repetitions() + k;
      int nb = base.repetitions() + k;
      double vm = perM / nm;
      double vb = perB / nb;
      double q = quantile(welchDf(vm, nm - 1, vb, nb - 1));
      if (q * Math.sqrt(vm + vb) * scale < distance) {
        return OptionalInt.of(k);
      }
    }
    return OptionalInt.of(most + 1);
  }

  private static double edge(double pct, boolean log) {
    if (!log) {
      return pct;
    }
    return pct <= -100 ? Double.NEGATIVE_INFINITY : Math.log1p(pct / 100);
  }

  /** {@code +46.1 % [+38.0, +54.7]}, or without the interval when there is none. */
  @Override
  public String toString() {
    return Interval.signed(pct) + " %" + ci95.map(c -> " " + c).orElse("");
  }
}
