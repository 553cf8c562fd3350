package dev.refarch.testcontainers.slo;

import org.opentest4j.AssertionFailedError;

/**
 * A trial did not meet a service-level objective, or could not be judged against it. The message
 * shows the trial, its target and achieved throughput, and the measured spectrum; the fields keep
 * what was asked and what was measured for code that wants them.
 */
public class SloViolation extends AssertionFailedError {

  private static final long serialVersionUID = 1L;

  private final String objective;
  private final double measuredMicros;

  /**
   * @param objective the objective in words, e.g. {@code UPDATE service time p99 below 10 ms}
   * @param measuredMicros the measured figure in µs; {@code NaN} when there was none
   */
  public SloViolation(String objective, double measuredMicros, String message) {
    super(message);
    this.objective = objective;
    this.measuredMicros = measuredMicros;
  }

  public String objective() {
    return objective;
  }

  /** The measured figure in µs, {@code NaN} when the trial could not be judged. */
  public double measuredMicros() {
    return measuredMicros;
  }
}
