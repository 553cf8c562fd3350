package dev.refarch.experiments.report;

import dev.refarch.experiments.stats.Effect;
import dev.refarch.experiments.stats.Interval;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * One figure of one set of parameters in two results: A's and B's estimate, and the change from
 * A to B with its 95 % confidence interval and what it says — B faster, slower, higher or lower
 * than A, or no detectable difference. Immutable.
 *
 * @param parameters the parameters both points share (or the one side has)
 * @param operation YCSB's operation name or {@link Quantity#OVERALL}
 * @param metric what is compared
 * @param a A's figure: the geometric mean of its completed repetitions (their mean for a figure
 *     that can be 0), or its single trial's figure; empty when A has none
 * @param b B's figure likewise
 * @param aCompleted completed repetitions behind {@code a}
 * @param bCompleted completed repetitions behind {@code b}
 * @param effect the change from A to B with its interval, when both sides have the figure
 * @param why why the change is not judged, when it is not (too few samples for a percentile, no
 *     interval); empty when it is
 * @param machine how the machine's own speed changed from A's trials to B's, when both sides'
 *     trials read it
 */
public record ComparisonRow(Map<String, String> parameters, String operation, Quantity metric,
    OptionalDouble a, OptionalDouble b, int aCompleted, int bCompleted, Optional<Effect> effect,
    Optional<String> why, Optional<MachineChange> machine) {

  /** What an interval of the change from A to B says. */
  public enum Difference {
    FASTER, SLOWER, HIGHER, LOWER, NONE,
    /** Changed in the machine's direction, by less than the machine alone but inside the interval. */
    INCONCLUSIVE,
    /** Changed in the machine's direction by no more than the machine alone explains. */
    NOT_ATTRIBUTABLE,
    UNKNOWN;

    /** Lower-case, for every output. */
    public String label() {
      return switch (this) {
        case NONE -> "no detectable difference";
        case NOT_ATTRIBUTABLE -> "not attributable: the machine's speed changed";
        default -> name().toLowerCase(Locale.ROOT);
      };
    }
  }

  public ComparisonRow {
    parameters = StoredPlan.ordered(parameters);
    java.util.Objects.requireNonNull(machine, "machine");
  }

  /** A row without the machine's side. */
  public ComparisonRow(Map<String, String> parameters, String operation, Quantity metric,
      OptionalDouble a, OptionalDouble b, int aCompleted, int bCompleted, Optional<Effect> effect,
      Optional<String> why) {
    this(parameters, operation, metric, a, b, aCompleted, bCompleted, effect, why,
        Optional.empty());
  }

  /** {@code b − a}, in the metric's unit, when both sides have the figure. */
  public OptionalDouble delta() {
    return a.isPresent() && b.isPresent() ? OptionalDouble.of(b.getAsDouble() - a.getAsDouble())
        : OptionalDouble.empty();
  }

  /** The change from A to B in percent: the effect's, else {@code (b − a) / a × 100}. */
  public OptionalDouble deltaPct() {
    if (effect.isPresent() && Double.isFinite(effect.get().pct())) {
      return OptionalDouble.of(effect.get().pct());
    }
    return delta().isPresent() && a.getAsDouble() != 0
        ? OptionalDouble.of(delta().getAsDouble() / a.getAsDouble() * 100) : OptionalDouble.empty();
  }

  /**
   * What the interval says: B higher or lower than A when the whole interval lies on one side of
   * 0 — faster or slower where the metric has a speed (throughput up is faster, latency and
   * interruption up are slower) — no detectable difference when it spans 0, unknown without an
   * interval. A change in the direction the machine's own speed moved is not attributable when
   * the machine alone reaches it, and inconclusive when the machine alone reaches into its
   * interval ({@link MachineChange}).
   */
  public Difference difference() {
    if (why.isPresent() || effect.isEmpty() || effect.get().ci95().isEmpty()) {
      return Difference.UNKNOWN;
    }
    Interval ci = effect.get().ci95().get();
    if (ci.contains(0)) {
      return Difference.NONE;
    }
    OptionalDouble alone = machineAlone();
    if (alone.isPresent() && Math.signum(alone.getAsDouble()) == Math.signum(ci.low())) {
      if (Math.abs(alone.getAsDouble()) >= Math.abs(effect.get().pct())) {
        return Difference.NOT_ATTRIBUTABLE;
      }
      if (ci.contains(alone.getAsDouble())) {
        return Difference.INCONCLUSIVE;
      }
    }
    return direction(ci.low() > 0);
  }

  /** The change the machine's speed alone would make to this figure, when it did change. */
  public OptionalDouble machineAlone() {
    return machine.filter(MachineChange::detected).map(m -> m.alone(metric))
        .orElse(OptionalDouble.empty());
  }

  private Difference direction(boolean up) {
    return switch (metric) {
      case THROUGHPUT -> up ? Difference.FASTER : Difference.SLOWER;
      case MEAN, P50, P90, P95, P99, P999, P9999, MAX, INTERRUPTION ->
          up ? Difference.SLOWER : Difference.FASTER;
      default -> up ? Difference.HIGHER : Difference.LOWER;
    };
  }

  /**
   * {@code slower: +12.3 % [+6.1, +18.0]}, {@code no detectable difference (±7.9 %)}, or why it
   * is not judged.
   */
  public String describe() {
    Difference d = difference();
    if (d == Difference.UNKNOWN) {
      return why.orElse(effect.map(e -> e + ": " + e.method()).orElse("only one side has it"));
    }
    Interval ci = effect.get().ci95().get();
    if (d == Difference.NONE) {
      return String.format(Locale.ROOT, "no detectable difference (±%.1f %%)",
          Math.max(Math.abs(ci.low()), Math.abs(ci.high())));
    }
    OptionalDouble alone = machineAlone();
    if (alone.isEmpty()) {
      return d.label() + ": " + effect.get();
    }
    String machineSays = String.format(Locale.ROOT, "%s; if CPU alone set this figure, that"
        + " would change it by %+.1f %%", machine.get().describe(), alone.getAsDouble());
    return switch (d) {
      case NOT_ATTRIBUTABLE -> d.label() + ": " + effect.get() + "; " + machineSays
          + ", as much as the whole change";
      case INCONCLUSIVE -> "inconclusive: " + effect.get() + "; " + machineSays
          + ", inside the interval, so whether the rest is B's own, noise decides";
      default -> d.label() + ": " + effect.get() + "; " + machineSays
          + (Math.signum(alone.getAsDouble()) == Math.signum(ci.low())
              ? ", short of the interval" : ", the other way");
    };
  }
}
