package dev.refarch.experiments.report;

import java.util.Map;
import java.util.OptionalDouble;

/**
 * One figure of one set of parameters in two results: A's median, B's median and the change
 * from A to B. Immutable.
 *
 * @param parameters the parameters both points share (or the one side has)
 * @param operation YCSB's operation name or {@link Metric#OVERALL}
 * @param metric what is compared
 * @param a A's median over its completed repetitions, when it has one
 * @param b B's median likewise
 * @param aCompleted completed repetitions behind {@code a}
 * @param bCompleted completed repetitions behind {@code b}
 */
public record ComparisonRow(Map<String, String> parameters, String operation, Metric metric,
    OptionalDouble a, OptionalDouble b, int aCompleted, int bCompleted) {

  public ComparisonRow {
    parameters = Plan.ordered(parameters);
  }

  /** {@code b − a}, in the metric's unit, when both sides have the figure. */
  public OptionalDouble delta() {
    return a.isPresent() && b.isPresent() ? OptionalDouble.of(b.getAsDouble() - a.getAsDouble())
        : OptionalDouble.empty();
  }

  /** {@code (b − a) / a × 100}, when both sides have the figure and {@code a} is not 0. */
  public OptionalDouble deltaPct() {
    return delta().isPresent() && a.getAsDouble() != 0
        ? OptionalDouble.of(delta().getAsDouble() / a.getAsDouble() * 100) : OptionalDouble.empty();
  }
}
