package dev.refarch.experiments.report;

import dev.refarch.experiments.spec.Transfer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * Judges one reference: whether the re-run's change against the baseline has the shape the
 * reference declares. A shape is judged only when both points were measured, every completed
 * repetition of both was steady (for throughput and latency), each latency figure rests on enough
 * samples ({@link #samplesNeeded}), and the clients did not compete with the server for the cores
 * (fewer client JVMs than cores, and the clients used less than half the machine's CPU); otherwise
 * it is not comparable here, and the verdict says which of these failed.
 *
 * <p>Stateless and thread-safe.
 */
final class Verdicts {

  /** The clients' share of the machine's CPU from which a run counts as client-bound. */
  static final double CLIENT_BOUND_SHARE = 0.5;

  private Verdicts() {
  }

  /**
   * The verdict on {@code ref}.
   *
   * @param measured the point at the reference's parameters, if planned
   * @param baseline the point the change is measured against, if planned
   * @param baselineLabel how to name the baseline in reasons, e.g. {@code threadcount=8}
   */
  static Verdict judge(Plan.Reference ref, Optional<Point> measured, Optional<Point> baseline,
      String baselineLabel) {
    if (ref.transfer() instanceof Transfer.PlatformOnly p) {
      return Verdict.notComparable("platform only: " + p.why());
    }
    if (!(ref.transfer() instanceof Transfer.Shape shape)) {
      return Verdict.notComparable("the reference declares no shape that transfers");
    }
    Optional<String> missing = notMeasured(measured, Labels.parameters(ref.parameters()))
        .or(() -> notMeasured(baseline, "the baseline " + baselineLabel));
    if (missing.isPresent()) {
      return Verdict.notComparable(missing.get());
    }
    Point m = measured.orElseThrow();
    Point b = baseline.orElseThrow();
    if (m.equals(b)) {
      return Verdict.notComparable("this is the baseline itself");
    }
    Optional<String> unfit = unfit(ref, m).or(() -> unfit(ref, b));
    if (unfit.isPresent()) {
      return Verdict.notComparable(unfit.get());
    }
    OptionalDouble mv = m.median(ref.operation(), ref.metric());
    OptionalDouble bv = b.median(ref.operation(), ref.metric());
    if (mv.isEmpty() || bv.isEmpty()) {
      return Verdict.notComparable("no " + ref.metric().label() + " of " + ref.operation()
          + " measured at " + (mv.isEmpty() ? Labels.parameters(ref.parameters()) : baselineLabel));
    }
    double change = change(mv.getAsDouble(), bv.getAsDouble());
    String how = String.format(Locale.ROOT, "measured %s against %s; expected %s",
        Labels.percent(change), baselineLabel, shape.describe());
    return new Verdict(shape.agrees(change) ? Verdict.Kind.AGREES : Verdict.Kind.DISAGREES, how);
  }

  /** The relative change in percent; from 0, a rise is +∞ and no change is 0. */
  static double change(double value, double base) {
    if (base == 0) {
      return value == 0 ? 0 : Math.copySign(Double.POSITIVE_INFINITY, value);
    }
    return (value - base) / base * 100;
  }

  private static Optional<String> notMeasured(Optional<Point> p, String where) {
    if (p.isEmpty()) {
      return Optional.of("no trial was planned at " + where);
    }
    if (!p.get().completed().isEmpty()) {
      return Optional.empty();
    }
    String why = p.get().trials().stream().flatMap(t -> t.failures().stream()).findFirst()
        .map(f -> ": " + f.lines().findFirst().orElse(f)).orElse(": not run yet");
    return Optional.of("not measured at " + where + why);
  }

  /** Why a point's completed trials cannot carry a verdict on {@code ref}'s metric, if so. */
  private static Optional<String> unfit(Plan.Reference ref, Point p) {
    Metric metric = ref.metric();
    boolean rate = metric == Metric.THROUGHPUT || metric.isLatency() || metric == Metric.DOCUMENTS
        || metric == Metric.BYTES;
    List<String> unsteady = new ArrayList<>();
    for (TrialRecord t : p.completed()) {
      if (rate) {
        Optional<String> why = steadiness(t).or(() -> clientBound(t))
            .or(() -> samples(t, ref.operation(), metric));
        if (why.isPresent()) {
          unsteady.add(why.get());
        }
      }
    }
    return unsteady.stream().findFirst();
  }

  private static Optional<String> steadiness(TrialRecord t) {
    TrialFacts f = t.facts();
    if (f.steady().isEmpty()) {
      return Optional.of("steadiness not recorded for " + t.id());
    }
    return f.steady().get() ? Optional.empty() : Optional.of(String.format(Locale.ROOT,
        "not steady: %s found no steady window in %.0f s measured", t.id(), f.measuredSeconds()));
  }

  private static Optional<String> clientBound(TrialRecord t) {
    TrialFacts f = t.facts();
    if (f.cores() > 0 && f.clients() >= f.cores()) {
      return Optional.of("client-bound: " + f.clients() + " client JVM" + (f.clients() == 1 ? "" : "s")
          + " on " + f.cores() + " cores (" + t.id() + ")");
    }
    if (f.clientCpuShare().isPresent() && f.clientCpuShare().getAsDouble() >= CLIENT_BOUND_SHARE) {
      return Optional.of(String.format(Locale.ROOT, "client-bound: the clients used %.0f %% of %d"
          + " cores (%s)", f.clientCpuShare().getAsDouble() * 100, f.cores(), t.id()));
    }
    return Optional.empty();
  }

  private static Optional<String> samples(TrialRecord t, String operation, Metric metric) {
    long need = samplesNeeded(metric);
    long have = t.facts().samples(operation);
    return have >= need ? Optional.empty() : Optional.of("fewer than " + need + " samples for "
        + metric.label() + " of " + operation + " (" + have + " in " + t.id() + ")");
  }

  /**
   * The measured operations a figure needs to mean something: for a percentile q, enough that
   * ten operations lie beyond it ({@code 10 / (1 − q)}: 1,000 for p99); 30 for a mean; 1 for
   * throughput, max and per-operation quantities.
   */
  static long samplesNeeded(Metric metric) {
    return switch (metric) {
      case MEAN -> 30;
      case P50 -> 20;
      case P90 -> 100;
      case P95 -> 200;
      case P99 -> 1_000;
      case P999 -> 10_000;
      case P9999 -> 100_000;
      default -> 1;
    };
  }
}
