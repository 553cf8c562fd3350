package dev.refarch.experiments.report;

import dev.refarch.experiments.stats.Effect;
import dev.refarch.experiments.stats.LogEstimate;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * How much more or less CPU time the same fixed work took on the machine during B's trials than
 * during A's ({@link dev.refarch.experiments.trial.MachineProbe}: every trial reads it before its
 * run phase and after its last phase), with its 95 % interval: Welch's t on the logs of every
 * reading of each side. Immutable.
 *
 * <p>It weakens a comparison, never strengthens one. A figure set by CPU alone moves with the
 * machine's speed: throughput by {@code 1/r − 1} and latency by {@code r − 1}, {@code r} the
 * ratio of B's CPU time per unit of work to A's. That is the most the machine alone can explain
 * (a figure set partly by the disk or the network moves less), so when the interval of the probe
 * excludes 0 and the change a figure shows is in the machine's direction:
 * <ul>
 *   <li>the machine alone reaches the change → <em>not attributable</em>;
 *   <li>it reaches into the change's interval → <em>inconclusive</em>: part of the change may be
 *       the machine's, and whether the rest is the configuration's, noise decides;
 *   <li>otherwise the change stands, beyond what the machine explains.
 * </ul>
 * The rule is the client-bound rule's ({@link ClientEvidence}) with the machine in the clients'
 * place; it does not subtract the machine's change, as a figure not set by CPU alone would then be
 * credited with a change it never had.
 *
 * @param probe the change of CPU time per unit of probe work from A's trials to B's
 */
public record MachineChange(Effect probe) {

  /** The least readings a side needs: one trial's before-and-after reading. */
  static final int MIN_READINGS = 2;

  /** The change between the probes of {@code a}'s and {@code b}'s completed trials, when both have them. */
  static Optional<MachineChange> of(Optional<Point> a, Optional<Point> b) {
    Optional<double[]> ra = a.map(MachineChange::readings);
    Optional<double[]> rb = b.map(MachineChange::readings);
    if (ra.isEmpty() || rb.isEmpty() || ra.get().length < MIN_READINGS
        || rb.get().length < MIN_READINGS) {
      return Optional.empty();
    }
    return Optional.of(new MachineChange(Effect.between(LogEstimate.ofRepetitions(rb.get()),
        LogEstimate.ofRepetitions(ra.get()))));
  }

  private static double[] readings(Point p) {
    return p.completed().stream().flatMap(t -> t.facts().machineProbe().stream())
        .mapToDouble(Double::doubleValue).filter(v -> v > 0).toArray();
  }

  /** Whether the interval of the probe's change excludes 0: the machine's speed did change. */
  public boolean detected() {
    return probe.ci95().map(ci -> !ci.contains(0)).orElse(false);
  }

  /**
   * The change of {@code metric} in percent that the machine alone would make if CPU alone set
   * it; empty for a metric the machine's speed does not set (counts, interruption after a fault,
   * documents and bytes per scan).
   */
  OptionalDouble alone(Quantity metric) {
    double r = 1 + probe.pct() / 100;
    if (metric == Quantity.THROUGHPUT) {
      return OptionalDouble.of((1 / r - 1) * 100);
    }
    return metric.isLatency() ? OptionalDouble.of((r - 1) * 100) : OptionalDouble.empty();
  }

  /** {@code the probe's work took +31.2 % [+24.0, +38.9] CPU time per unit in B's trials}. */
  String describe() {
    return String.format(Locale.ROOT, "the machine's probe work took %s CPU time per unit in B's"
        + " trials than in A's", probe);
  }
}
