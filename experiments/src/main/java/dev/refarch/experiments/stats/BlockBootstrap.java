package dev.refarch.experiments.stats;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.function.ToDoubleFunction;

/**
 * The moving-block bootstrap (Künsch 1989) over a series of consecutive intervals: a replicate
 * joins blocks of {@code l} consecutive intervals, each starting anywhere in the series, until it
 * is as long as the series, so that what neighbouring seconds share (a checkpoint, a burst of
 * evictions, a slow patch of the disk) stays together as it did in the trial — a bootstrap of
 * single seconds would take them for independent and give too narrow an interval.
 *
 * <p>The block length is Politis and White's choice from the series' own autocorrelation (2004,
 * with Patton, Politis and White's 2009 correction), but at least {@code round(√n)} and at most
 * {@code n / 3}, so that a replicate always joins three blocks or more. A trial's judged window
 * holds 6 to 30 seconds, too few for that rule's estimate of the autocorrelation alone: on
 * simulated seconds it picked blocks of 1 or 2 and its interval covered the true rate in 67–85 % of
 * trials where one second's deviation carries over 0.3 to 0.6 into the next. For the same
 * reason the interval takes Student's t with {@code n/l − 1} degrees of freedom, those of the
 * non-overlapping blocks' means (batch means), rather than a normal quantile. So chosen, it
 * covered 92–97 % of simulated trials of 8 to 30 independent seconds, 91–93 % with a lag-1
 * autocorrelation of 0.3 and 80–87 % with 0.6 ({@code BlockBootstrapTest}): an approximate
 * interval, stated as such in the reports; repetitions are what tells the scatter between trials.
 *
 * <p>Written here because no library on Maven Central that this project would take on offers a
 * block bootstrap (Commons Statistics and Commons Math have none). A replicate is handed to the
 * statistic as how many times each interval was drawn, so a statistic over histograms adds each
 * interval's counts with that weight instead of copying histograms.
 *
 * <p>Stateless and thread-safe; seeded, so that a report rebuilt from the same folder is the same.
 */
public final class BlockBootstrap {

  /** Replicates per estimate. */
  public static final int REPLICATES = 1000;

  private BlockBootstrap() {
  }

  /**
   * The block length for {@code series} by Politis and White's rule: from the autocovariances
   * {@code R(k)} up to the lag {@code M} past which they stop being significant,
   * {@code b = (2Ĝ² / D̂)^(1/3) n^(1/3)} with {@code Ĝ = Σ λ(k/M)|k|R(k)}, {@code D̂ = 4/3 ĝ²},
   * {@code ĝ = Σ λ(k/M)R(k)} (sums over {@code |k| ≤ M}) and {@code λ} the flat-top kernel;
   * rounded, then at least {@code round(√n)} and at most {@code n / 3} (at least 1).
   */
  public static int blockLength(double[] series) {
    int n = series.length;
    int least = (int) Math.round(Math.sqrt(n));
    int most = Math.max(1, n / 3);
    if (n < 6) {
      return Math.min(least, most);
    }
    int kn = Math.max(5, (int) Math.ceil(Math.sqrt(Math.log10(n))));
    int mMax = Math.min(n - 1, (int) Math.ceil(Math.sqrt(n)) + kn);
    double[] r = Autocorrelation.autocovariances(series, mMax);
    if (r[0] == 0) {
      return Math.min(least, most);
    }
    double bound = 2 * Math.sqrt(Math.log10(n) / n);
    int m = mMax;
    for (int candidate = 0; candidate < mMax; candidate++) {
      boolean quiet = true;
      for (int k = 1; k <= kn && candidate + k <= mMax; k++) {
        quiet &= Math.abs(r[candidate + k] / r[0]) < bound;
      }
      if (quiet) {
        m = candidate;
        break;
      }
    }
    int bigM = Math.min(2 * Math.max(m, 1), mMax);
    double g = r[0];
    double bigG = 0;
    for (int k = 1; k <= bigM; k++) {
      double lambda = flatTop((double) k / bigM);
      g += 2 * lambda * r[k];
      bigG += 2 * lambda * k * r[k];
    }
    double b = g <= 0 ? 1 : Math.cbrt(2 * bigG * bigG / (4.0 / 3.0 * g * g)) * Math.cbrt(n);
    return (int) Math.min(most, Math.max(least, Math.round(b)));
  }

  private static double flatTop(double t) {
    double a = Math.abs(t);
    return a <= 0.5 ? 1 : a <= 1 ? 2 * (1 - a) : 0;
  }

  /**
   * The degrees of freedom of a block-bootstrap variance of {@code n} intervals in blocks of
   * {@code l}: those of the means of its non-overlapping blocks, {@code n/l − 1}, at least 1.
   */
  public static double degreesOfFreedom(int n, int l) {
    return Math.max(1, (double) n / l - 1);
  }

  /**
   * Each replicate of {@code statistic} divided by its value on the series itself.
   *
   * @param n the intervals in the series, at least 2
   * @param l the block length, 1 to {@code n}
   * @param seed the random generator's seed
   * @param statistic the figure, given how many times each interval is counted (all 1 for the
   *     series itself)
   * @return {@link #REPLICATES} factors; NaN where a replicate has no value (no operation in it)
   *     or the series' own value is 0
   */
  public static double[] factors(int n, int l, long seed, ToDoubleFunction<int[]> statistic) {
    if (n < 2 || l < 1 || l > n) {
      throw new IllegalArgumentException("a bootstrap needs at least 2 intervals in blocks of 1"
          + " to all of them, got " + n + " in blocks of " + l);
    }
    int[] ones = new int[n];
    Arrays.fill(ones, 1);
    double original = statistic.applyAsDouble(ones);
    SplittableRandom random = new SplittableRandom(seed);
    double[] out = new double[REPLICATES];
    int[] weights = new int[n];
    for (int r = 0; r < REPLICATES; r++) {
      draw(n, l, random, weights);
      out[r] = original == 0 || Double.isNaN(original) ? Double.NaN
          : statistic.applyAsDouble(weights) / original;
    }
    return out;
  }

  /** Fills {@code weights} with one replicate's count of each interval. */
  static void draw(int n, int l, SplittableRandom random, int[] weights) {
    Arrays.fill(weights, 0);
    int filled = 0;
    while (filled < n) {
      int start = random.nextInt(n - l + 1);
      for (int i = 0; i < l && filled < n; i++, filled++) {
        weights[start + i]++;
      }
    }
  }
}
