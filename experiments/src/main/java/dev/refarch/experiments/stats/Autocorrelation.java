package dev.refarch.experiments.stats;

import org.apache.commons.statistics.descriptive.Mean;

/**
 * Autocovariances of a series, {@code R(k) = Σᵢ₌ₖ₊₁ⁿ (yᵢ − ȳ)(yᵢ₋ₖ − ȳ) / n}, and the lag-1
 * autocorrelation {@code r₁ = R(1) / R(0)} (NIST StRD's definition): how much one second of a
 * trial resembles the next, and so why its intervals are resampled in blocks, and how long
 * ({@link BlockBootstrap#blockLength}). Commons Statistics has no autocorrelation; the formula is
 * one loop.
 *
 * <p>Stateless and thread-safe.
 */
public final class Autocorrelation {

  private Autocorrelation() {
  }

  /** {@code R(0) … R(maxLag)} of {@code y} (at most {@code n − 1} lags); empty for no values. */
  public static double[] autocovariances(double[] y, int maxLag) {
    int n = y.length;
    if (n == 0) {
      return new double[0];
    }
    double mean = Mean.of(y).getAsDouble();
    double[] r = new double[Math.min(maxLag, n - 1) + 1];
    for (int k = 0; k < r.length; k++) {
      double sum = 0;
      for (int i = k; i < n; i++) {
        sum += (y[i] - mean) * (y[i - k] - mean);
      }
      r[k] = sum / n;
    }
    return r;
  }

  /** {@code r₁} of {@code y}; NaN for fewer than 2 values or a constant series. */
  public static double lag1(double... y) {
    double[] r = autocovariances(y, 1);
    return r.length < 2 || r[0] == 0 ? Double.NaN : r[1] / r[0];
  }
}
