package dev.refarch.experiments.stats;

import org.apache.commons.statistics.descriptive.Mean;

/**
 * The lag-1 autocorrelation of a series, {@code r₁ = Σᵢ₌₂ⁿ (yᵢ − ȳ)(yᵢ₋₁ − ȳ) / Σᵢ₌₁ⁿ (yᵢ − ȳ)²}
 * (NIST StRD's definition): how much one second of a trial resembles the next, and so why its
 * intervals are resampled in blocks. Commons Statistics has no autocorrelation; the formula is one
 * line.
 *
 * <p>Stateless and thread-safe.
 */
public final class Autocorrelation {

  private Autocorrelation() {
  }

  /** {@code r₁} of {@code y}; NaN for fewer than 2 values or a constant series. */
  public static double lag1(double... y) {
    if (y.length < 2) {
      return Double.NaN;
    }
    double mean = Mean.of(y).getAsDouble();
    double num = 0;
    double den = 0;
    for (int i = 0; i < y.length; i++) {
      double d = y[i] - mean;
      den += d * d;
      if (i > 0) {
        num += d * (y[i - 1] - mean);
      }
    }
    return den == 0 ? Double.NaN : num / den;
  }
}
