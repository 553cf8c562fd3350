package dev.refarch.experiments.report;

import dev.refarch.experiments.spec.Transfer;
import dev.refarch.experiments.stats.Effect;
import dev.refarch.experiments.stats.Interval;
import dev.refarch.experiments.stats.LogEstimate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * Judges one reference: the measured change of its figure against the baseline, with a 95 %
 * confidence interval ({@link Effect}: across a point's repetitions, or within its single trial),
 * against the shape the reference declares — {@code agrees} when the whole interval lies in the
 * band, {@code disagrees} when it lies wholly outside, {@code inconclusive} otherwise, with about
 * how many more repetitions would likely decide it.
 *
 * <p>A point's trials count when they completed, and, for throughput and latency, when their run
 * was steady and each latency figure rests on enough samples ({@link #samplesNeeded}); the others
 * are left out and the verdict says so. A point none of whose trials count is not comparable here,
 * and the verdict says why. Clients that competed with the server for the cores are weighed as
 * evidence ({@link ClientEvidence}): the verdict keeps its figures as a caveat, becomes not
 * comparable only when the clients alone could explain the change measured, and inconclusive
 * when they could explain a change inside its interval (the rest then is not told apart from
 * none).
 *
 * <p>Stateless and thread-safe.
 */
public final class Verdicts {

  /** The most repetitions an inconclusive verdict's estimate asks for. */
  static final int MOST_REPETITIONS = 20;

  private Verdicts() {
  }

  /**
   * The verdict on {@code ref}.
   *
   * @param measured the point at the reference's parameters, if planned
   * @param baseline the point the change is measured against, if planned
   * @param baselineLabel how to name the baseline in reasons, e.g. {@code threadcount=8}
   * @param paperChangePct the paper's own change between the two points, when it states both
   */
  static Verdict judge(StoredPlan.Reference ref, Optional<Point> measured, Optional<Point> baseline,
      String baselineLabel, OptionalDouble paperChangePct) {
    return judge(ref, measured, baseline, baselineLabel, paperChangePct, List.of());
  }

  /**
   * The verdict on {@code ref}, its interval blocked by round over {@code study}'s points where
   * the two points ran in the same rounds ({@link #blocked}).
   *
   * @param study every point of the study the two points belong to (none when the baseline is
   *     another study's): the blocked design's other points
   */
  static Verdict judge(StoredPlan.Reference ref, Optional<Point> measured, Optional<Point> baseline,
      String baselineLabel, OptionalDouble paperChangePct, List<Point> study) {
    if (ref.transfer() instanceof Transfer.PlatformOnly p) {
      return Verdict.notComparable("platform only: " + p.why());
    }
    if (!(ref.transfer() instanceof Transfer.Shape shape)) {
      return Verdict.notComparable("the reference declares no shape that transfers");
    }
    Optional<String> missing = notMeasured(measured, Formats.parameters(ref.parameters()))
        .or(() -> notMeasured(baseline, "the baseline " + baselineLabel));
    if (missing.isPresent()) {
      return Verdict.notComparable(missing.get());
    }
    Point m = measured.orElseThrow();
    Point b = baseline.orElseThrow();
    if (m.equals(b)) {
      return Verdict.notComparable("this is the baseline itself");
    }
    Usable um = usable(ref, m);
    Usable ub = usable(ref, b);
    Optional<String> unfit = um.unfit().or(ub::unfit);
    if (unfit.isPresent()) {
      return Verdict.notComparable(unfit.get());
    }
    Optional<LogEstimate> em = PointEstimates.of(um.trials(), ref.operation(), ref.metric());
    Optional<LogEstimate> eb = PointEstimates.of(ub.trials(), ref.operation(), ref.metric());
    if (em.isEmpty() || eb.isEmpty()) {
      return Verdict.notComparable("no " + ref.metric().label() + " of " + ref.operation()
          + " measured at " + (em.isEmpty() ? Formats.parameters(ref.parameters()) : baselineLabel));
    }
    List<String> caveats = new ArrayList<>(um.leftOut());
    caveats.addAll(ub.leftOut());
    Optional<Effect> blocked = blocked(ref, m, um, b, ub, study, caveats);
    Effect effect = blocked.orElseGet(() -> Effect.between(em.get(), eb.get()));
    ClientEvidence.Judgement clients = ClientEvidence.judge(ref.metric(), ref.operation(), effect,
        um.trials(), ub.trials(), baselineLabel);
    caveats.addAll(clients.caveats());
    String window = window(um.trials(), ub.trials());
    if (clients.explains().isPresent()) {
      return new Verdict(Verdict.Kind.NOT_COMPARABLE, clients.explains().get(), Optional.of(effect),
          Optional.empty(), OptionalInt.empty(), caveats, window);
    }
    Verdict decided = decide(shape, effect, baselineLabel, paperChangePct, caveats, window);
    if (clients.blurs().isEmpty()) {
      return decided;
    }
    if (decided.kind() == Verdict.Kind.INCONCLUSIVE) {
      List<String> more = new ArrayList<>(caveats);
      more.add(clients.blurs().get());
      return new Verdict(decided.kind(), decided.reason(), decided.effect(), decided.direction(),
          decided.morePerPoint(), more, window);
    }
    // the interval decided against 0 or the band, but not against what the clients alone do
    return new Verdict(Verdict.Kind.INCONCLUSIVE, decided.reason() + "; "
        + clients.blurs().get(), decided.effect(), decided.direction(), OptionalInt.empty(),
        caveats, window);
  }

  /**
   * The change of {@code ref}'s figure from {@code b} to {@code m} blocked by round, when the two
   * points have usable trials in 2 or more of the same rounds (repetition numbers: round
   * {@code r} runs every point of the study once before round {@code r + 1} starts, so the two
   * trials of a round share whatever the machine did then). The design's points are {@code m},
   * {@code b} and every other point of {@code study} with a usable trial in each of those rounds;
   * its rounds, those. Trials of {@code m} or {@code b} outside the shared rounds are left out,
   * and a caveat says so. Empty — Welch's interval then — when they share fewer than 2 rounds,
   * a figure is not positive, or a point has two trials of one round.
   */
  static Optional<Effect> blocked(StoredPlan.Reference ref, Point m, Usable um, Point b,
      Usable ub, List<Point> study, List<String> caveats) {
    Optional<RoundBlocks.Blocked> blocked = RoundBlocks.effect(
        t -> t.value(ref.operation(), ref.metric()), m, b, study,
        p -> p.equals(m) ? um.trials() : p.equals(b) ? ub.trials() : usable(ref, p).trials());
    blocked.filter(x -> x.outside() > 0).ifPresent(x -> caveats.add(x.outside() + " repetition"
        + (x.outside() == 1 ? "" : "s") + " outside the " + x.effect().design().orElseThrow()
        .rounds() + " rounds both points share left out of the blocked interval"));
    return blocked.map(RoundBlocks.Blocked::effect);
  }

  private static Verdict decide(Transfer.Shape shape, Effect effect, String baselineLabel,
      OptionalDouble paperChangePct, List<String> caveats, String window) {
    String measured = effect + " against " + baselineLabel;
    String expected = "expected " + shape.describe();
    String paper = paperChangePct.isPresent() ? paper(effect.pct(), paperChangePct.getAsDouble())
        : "";
    if (effect.ci95().isEmpty()) {
      return new Verdict(Verdict.Kind.INCONCLUSIVE, measured + "; " + expected + paper + "; "
          + effect.method() + ": repeat the points (repetitions 2 or more) to give it one",
          Optional.of(effect), Optional.empty(), effect.morePerPoint(band(shape), MOST_REPETITIONS),
          caveats, window);
    }
    Interval ci = effect.ci95().get();
    Transfer.Outcome outcome = shape.judge(ci.low(), ci.high());
    Optional<Transfer.Outcome> direction = shape.magnitude() && !shape.direction().equals("flat")
        ? Optional.of(shape.direction(ci.low(), ci.high())) : Optional.empty();
    OptionalInt more = outcome == Transfer.Outcome.INCONCLUSIVE
        ? effect.morePerPoint(band(shape), MOST_REPETITIONS) : OptionalInt.empty();
    StringBuilder why = new StringBuilder();
    direction.ifPresent(d -> why.append("direction ").append(d.name().toLowerCase(Locale.ROOT))
        .append("; "));
    why.append(measured).append("; ").append(expected).append(paper);
    if (outcome == Transfer.Outcome.INCONCLUSIVE) {
      why.append("; the interval crosses ").append(shape.magnitude() ? "the band's edge" : "0")
          .append(more.isPresent()
              ? more.getAsInt() > MOST_REPETITIONS
                  ? ": more than " + MOST_REPETITIONS + " more repetitions of both points would"
                      + " be needed to decide it"
                  : ": about " + more.getAsInt() + " more repetition" + (more.getAsInt() == 1 ? ""
                      : "s") + " of both points would likely decide it"
              : ": the estimate lies on the edge, so repeating is not likely to decide it");
    }
    return new Verdict(Verdict.Kind.of(outcome), why.toString(), Optional.of(effect), direction,
        more, caveats, window);
  }

  /** {@code ; the paper's +61.6 %: 3.7× its size}. */
  static String paper(double measuredPct, double paperPct) {
    String size = paperPct == 0 || Double.isInfinite(measuredPct) ? ""
        : String.format(Locale.ROOT, ": %s its size", times(measuredPct / paperPct));
    return "; the paper's " + Formats.percent(paperPct) + size;
  }

  private static String times(double ratio) {
    return ratio < 0 ? String.format(Locale.ROOT, "%.2f× (the other way)", ratio)
        : String.format(Locale.ROOT, ratio < 10 ? "%.2f×" : "%.0f×", ratio);
  }

  /** The band an inconclusive interval would have to settle in or out of. */
  static Interval band(Transfer.Shape shape) {
    return new Interval(shape.lowPct(), shape.highPct());
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

  /**
   * A point's trials that can carry a verdict on a figure, those left out and why, and why none
   * can, if none can.
   */
  record Usable(List<TrialRecord> trials, List<String> leftOut, Optional<String> unfit) {
  }

  /** The completed trials of {@code p} that can carry a verdict on {@code ref}'s figure. */
  static Usable usable(StoredPlan.Reference ref, Point p) {
    Quantity metric = ref.metric();
    boolean rate = metric == Quantity.THROUGHPUT || metric.isLatency() || metric == Quantity.DOCUMENTS
        || metric == Quantity.BYTES;
    List<TrialRecord> ok = new ArrayList<>();
    List<String> out = new ArrayList<>();
    for (TrialRecord t : p.completed()) {
      Optional<String> why = rate ? steadiness(t).or(() -> samples(t, ref.operation(), metric))
          : Optional.empty();
      if (why.isPresent()) {
        out.add(why.get());
      } else {
        ok.add(t);
      }
    }
    if (ok.isEmpty()) {
      return new Usable(ok, List.of(), out.stream().findFirst());
    }
    List<String> leftOut = out.isEmpty() ? List.of() : List.of(out.size() + " of "
        + p.completed().size() + " repetitions at " + Formats.parameters(p.parameters())
        + " left out: " + String.join("; ", out));
    return new Usable(ok, leftOut, Optional.empty());
  }

  private static Optional<String> steadiness(TrialRecord t) {
    TrialFacts f = t.facts();
    if (f.steady().isEmpty()) {
      return Optional.of("steadiness not recorded for " + t.id());
    }
    if (f.steady().get()) {
      return Optional.empty();
    }
    return Optional.of(f.drift().map(d -> "not steady: " + t.id() + " " + d).orElse(String.format(
        Locale.ROOT, "not steady: %s found no steady window in %.0f s measured", t.id(),
        f.measuredSeconds())));
  }

  private static Optional<String> samples(TrialRecord t, String operation, Quantity metric) {
    long need = samplesNeeded(metric);
    long have = t.facts().samples(operation);
    return have >= need ? Optional.empty() : Optional.of("fewer than " + need + " samples for "
        + metric.label() + " of " + operation + " (" + have + " in " + t.id() + ")");
  }

  /** Which window the trials' figures come from, e.g. {@code each trial's judged window …}. */
  private static String window(List<TrialRecord> m, List<TrialRecord> b) {
    List<TrialRecord> all = new ArrayList<>(m);
    all.addAll(b);
    long steady = all.stream().filter(t -> t.facts().window().steady()).count();
    if (steady == all.size()) {
      return "each trial's judged window, steady to the end of its run";
    }
    return steady == 0 ? "each trial's whole measured window" : steady + " of " + all.size()
        + " trials' judged windows, steady to the end of their runs; the others' whole measured"
        + " windows";
  }

  /**
   * The measured operations a figure needs to mean something: for a percentile q, enough that
   * ten operations lie beyond it ({@code 10 / (1 − q)}: 1,000 for p99); 30 for a mean; 1 for
   * throughput, max and per-operation quantities.
   */
  public static long samplesNeeded(Quantity metric) {
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
