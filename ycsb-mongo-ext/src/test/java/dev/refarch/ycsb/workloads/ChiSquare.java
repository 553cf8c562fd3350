package dev.refarch.ycsb.workloads;

/** Pearson's chi-square goodness-of-fit, for tests of a distribution's shape. */
final class ChiSquare {

  private ChiSquare() {
  }

  /** The statistic for observed counts against expected probabilities (summing to 1). */
  static double statistic(long[] observed, double[] probabilities) {
    long n = 0;
    for (long o : observed) {
      n += o;
    }
    double chi = 0;
    for (int i = 0; i < observed.length; i++) {
      double expected = n * probabilities[i];
      chi += (observed[i] - expected) * (observed[i] - expected) / expected;
    }
    return chi;
  }

  /**
   * The statistic's critical value at significance 0.001 for {@code df} degrees of freedom
   * (Wilson–Hilferty approximation, within 1 % for df ≥ 30).
   */
  static double critical(int df) {
    double z = 3.090; // standard normal quantile at 0.999
    double a = 2.0 / (9.0 * df);
    return df * Math.pow(1 - a + z * Math.sqrt(a), 3);
  }
}
