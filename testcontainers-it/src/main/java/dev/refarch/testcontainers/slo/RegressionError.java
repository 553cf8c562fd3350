package dev.refarch.testcontainers.slo;

import dev.refarch.experiments.report.FailIf;

/**
 * A regression threshold the current results crossed with their whole 95 % interval
 * ({@link BaselineAssert}); the message names every matched figure, its change, interval and
 * method.
 */
public final class RegressionError extends AssertionError {

  private static final long serialVersionUID = 1L;

  private final transient FailIf threshold;

  RegressionError(FailIf threshold, String message) {
    super(message);
    this.threshold = threshold;
  }

  /** The threshold that failed. */
  public FailIf threshold() {
    return threshold;
  }
}
