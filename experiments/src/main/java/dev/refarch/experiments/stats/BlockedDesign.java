package dev.refarch.experiments.stats;

/**
 * The analysis of a randomised complete block design: {@code P} points, each run once in each of
 * {@code R} rounds (the blocks), so that whatever changes between rounds — the machine's speed,
 * the page cache, another tenant — is shared by the points of a round. The two-way additive model
 * {@code y[p][r] = μ + α[p] + β[r] + ε} takes the rounds' levels out; the residual mean square
 * {@code s² = Σ (y[p][r] − ȳ[p]· − ȳ·[r] + ȳ··)² / ((P − 1)(R − 1))} estimates the noise a
 * difference of two points' means over the rounds carries, with standard error
 * {@code s·√(2/R)} and {@code (P − 1)(R − 1)} degrees of freedom (Montgomery, <i>Design and
 * Analysis of Experiments</i>, §4.1). Immutable.
 *
 * <p>Written here: the sums above are a dozen lines, and a statistics library with a general
 * linear model (Commons Math 3's regression, last released in 2016) would be a dependency for
 * them alone. {@code BlockedDesignTest} checks them against the textbook's own example.
 *
 * @param points {@code P}, at least 2
 * @param rounds {@code R}, at least 2
 * @param residualVariance {@code s²}
 */
public record BlockedDesign(int points, int rounds, double residualVariance) {

  public BlockedDesign {
    if (points < 2 || rounds < 2 || !(residualVariance >= 0)) {
      throw new IllegalArgumentException("a blocked design needs 2 or more points and rounds and"
          + " a residual variance >= 0, got " + points + ", " + rounds + ", " + residualVariance);
    }
  }

  /**
   * The design of {@code y}, one row per point and one column per round, every cell present.
   *
   * @throws IllegalArgumentException when fewer than 2 points or rounds, rows of unequal length,
   *     or a value is not finite
   */
  public static BlockedDesign of(double[][] y) {
    int p = y.length;
    int r = p == 0 ? 0 : y[0].length;
    if (p < 2 || r < 2) {
      throw new IllegalArgumentException("a blocked design needs 2 or more points and rounds, got "
          + p + " × " + r);
    }
    double[] pointMean = new double[p];
    double[] roundMean = new double[r];
    double grand = 0;
    for (int i = 0; i < p; i++) {
      if (y[i].length != r) {
        throw new IllegalArgumentException("point " + i + " has " + y[i].length + " rounds, not "
            + r);
      }
      for (int j = 0; j < r; j++) {
        if (!Double.isFinite(y[i][j])) {
          throw new IllegalArgumentException("point " + i + ", round " + j + ": " + y[i][j]);
        }
        pointMean[i] += y[i][j] / r;
        roundMean[j] += y[i][j] / p;
        grand += y[i][j] / (p * r);
      }
    }
    double ss = 0;
    for (int i = 0; i < p; i++) {
      for (int j = 0; j < r; j++) {
        double e = y[i][j] - pointMean[i] - roundMean[j] + grand;
        ss += e * e;
      }
    }
    return new BlockedDesign(p, r, ss / ((p - 1) * (r - 1)));
  }

  /** Degrees of freedom of the residual: {@code (P − 1)(R − 1)}. */
  public double df() {
    return (double) (points - 1) * (rounds - 1);
  }

  /** The standard error of the difference of two points' means over the rounds. */
  public double seOfDifference() {
    return seOfDifference(rounds);
  }

  /** The same were there {@code rounds} rounds with the same residual variance. */
  double seOfDifference(int rounds) {
    return Math.sqrt(2 * residualVariance / rounds);
  }

  /** The same degrees of freedom were there {@code rounds} rounds. */
  double df(int rounds) {
    return (double) (points - 1) * (rounds - 1);
  }
}
