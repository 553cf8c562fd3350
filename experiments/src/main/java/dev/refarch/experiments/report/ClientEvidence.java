package dev.refarch.experiments.report;

import dev.refarch.experiments.stats.Effect;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Function;
import org.apache.commons.statistics.descriptive.Median;

/**
 * Whether the clients, sharing the machine's cores with the server they measure, may have shaped
 * a verdict — weighed from what each trial recorded over its judged window ({@link CpuEvidence}):
 * the clients' and the server's CPU, the machine's, and how long the clients' runnable threads
 * waited for a core.
 *
 * <p>A point whose machine was busy (at least {@value #SATURATED} of its cores) while its clients
 * waited for a core at least {@value #WAITING} of their runnable time — or, without those
 * figures, whose clients used half the cores — carries a caveat with the figures. The verdict is
 * withdrawn ("not comparable") only when the clients alone could explain the change measured —
 * when what they predict by themselves reaches the measured change (its estimate). When it
 * reaches only the measured interval (its end nearest 0), the change beyond the clients' share is
 * not told apart from none: a verdict that the interval decided becomes inconclusive, saying so
 * ({@link Judgement#blurs}). The predictions:
 *
 * <ul>
 *   <li>throughput, both points' machines busy: a saturated machine's cores go to the clients
 *       and to the rest (the server, mostly), and the server's throughput follows the cores it
 *       gets. Had only the cores the clients took changed between the points, the rest getting
 *       what the clients left of the baseline's busy cores, throughput would have changed by
 *       {@code (M_b − K_m) / (M_b − K_b) − 1} ({@code M} the machine's busy cores, {@code K} the
 *       clients'). When that reaches the measured interval in its direction, the clients
 *       suffice to explain it. The clients' CPU <em>per operation</em> is no cause here: with
 *       the same client code it falls as throughput rises (a client thread that finds its reply
 *       waiting sleeps and wakes less often per operation; measured 157–246 µs at 1,000
 *       operations a second, 110 at 2,500, 93–97 at 5,000, 72–79 flat out, workload A with 8
 *       threads, src/docs/benchmarks.md), so its change follows the throughput it would be
 *       taken to explain;
 *   <li>latency: an operation's latency includes the time its client thread, runnable, waited for
 *       a core: the change in the clients' wait per operation between the points, in
 *       milliseconds, against the figure's. For a percentile this compares a mean wait with a
 *       tail's change: it counts only where even the average wait is enough.
 * </ul>
 *
 * <p>Stateless and thread-safe.
 */
final class ClientEvidence {

  /** The machine's busy share from which its CPU counts as saturated. */
  static final double SATURATED = 0.9;
  /** The share of their runnable time clients waited for a core from which they count as starved. */
  static final double WAITING = 0.1;
  /** Without wait and machine figures: the clients' share of the cores that earns a caveat. */
  static final double CLIENT_SHARE = 0.5;

  private ClientEvidence() {
  }

  /**
   * What the clients' evidence says about a verdict.
   *
   * @param explains why the clients alone could explain the measured change, if they could: the
   *     verdict is withdrawn
   * @param blurs why the clients alone could explain a change inside the measured interval but
   *     short of its estimate, if so: a decided verdict becomes inconclusive
   * @param caveats the figures of clients that may have limited a point
   */
  record Judgement(Optional<String> explains, Optional<String> blurs, List<String> caveats) {
  }

  /** How far a change the clients alone would cause reaches into the measured one. */
  enum Reach {
    /** Not in the measured change's direction, or short of its interval. */
    NONE,
    /** Into the interval, short of the estimate. */
    INTERVAL,
    /** To the estimate or beyond. */
    ESTIMATE
  }

  /** Per point, the medians over its trials of what the evidence gives. */
  private record Side(OptionalDouble clients, OptionalDouble server, OptionalDouble machine,
      OptionalDouble waiting, OptionalDouble waitPerOp, int cores, String range) {
  }

  static Judgement judge(Quantity metric, String operation, Effect effect,
      List<TrialRecord> measured, List<TrialRecord> base, String baselineLabel) {
    Side m = side(measured);
    Side b = side(base);
    List<String> caveats = new ArrayList<>();
    caveat(m, "the measured point").ifPresent(caveats::add);
    caveat(b, baselineLabel).ifPresent(caveats::add);
    Optional<Prediction> p = Optional.empty();
    if (metric == Quantity.THROUGHPUT && saturated(m) && saturated(b)) {
      p = throughput(effect, m, b, baselineLabel);
    } else if (metric.isLatency() && m.waitPerOp().isPresent() && b.waitPerOp().isPresent()) {
      p = latency(metric, operation, effect, m, b, baselineLabel);
    }
    Reach reach = p.map(x -> reach(effect, x.pct())).orElse(Reach.NONE);
    return new Judgement(
        reach == Reach.ESTIMATE ? p.map(x -> "the clients alone could explain it: " + x.figures())
            : Optional.empty(),
        reach == Reach.INTERVAL ? p.map(x -> "the clients alone could explain part of it: "
            + x.figures() + "; inside the interval, so whether the rest of the change is the"
            + " server's, noise decides") : Optional.empty(),
        caveats);
  }

  /** A change the clients alone would cause, in percent, and the figures that give it. */
  private record Prediction(double pct, String figures) {
  }

  private static boolean saturated(Side s) {
    return s.machine().isPresent() && s.machine().getAsDouble() >= SATURATED
        && s.clients().isPresent();
  }

  private static Optional<Prediction> throughput(Effect effect, Side m, Side b,
      String baselineLabel) {
    double km = m.clients().getAsDouble() * m.cores();
    double kb = b.clients().getAsDouble() * b.cores();
    double busy = b.machine().getAsDouble() * b.cores();
    if (!(busy > kb)) {
      return Optional.empty();
    }
    double predicted = ((busy - km) / (busy - kb) - 1) * 100;
    return Optional.of(new Prediction(predicted, String.format(Locale.ROOT, "they took %.2f of"
        + " the machine's busy cores at %s and %.2f at the measured point, which on machines busy"
        + " at %.0f %% and %.0f %% of their cores would by itself change throughput by %s;"
        + " measured %s", kb, baselineLabel, km, b.machine().getAsDouble() * 100,
        m.machine().getAsDouble() * 100, Formats.percent(predicted), effect)));
  }

  private static Optional<Prediction> latency(Quantity metric, String operation, Effect effect,
      Side m, Side b, String baselineLabel) {
    double waitChangeMs = (m.waitPerOp().getAsDouble() - b.waitPerOp().getAsDouble()) * 1000;
    double base = effect.base().value();
    if (!(base > 0)) {
      return Optional.empty();
    }
    return Optional.of(new Prediction(waitChangeMs / base * 100, String.format(Locale.ROOT,
        "their threads waited for a core %+.2f ms per operation more than at %s, where the %s of"
        + " %s changed by %+.2f ms (measured %s)", waitChangeMs, baselineLabel, metric.label(),
        operation, effect.measured().value() - base, effect)));
  }

  /**
   * How far a change of {@code predicted} % reaches into the measured change: none when it goes
   * the other way, stops short of the interval's end nearest 0, or the interval spans 0 (or
   * there is none).
   */
  static Reach reach(Effect effect, double predicted) {
    if (effect.ci95().isEmpty() || effect.pct() == 0 || Math.signum(predicted)
        != Math.signum(effect.pct())) {
      return Reach.NONE;
    }
    double nearZero = effect.pct() > 0 ? Math.max(0, effect.ci95().get().low())
        : Math.min(0, effect.ci95().get().high());
    if (nearZero == 0 || Math.abs(predicted) < Math.abs(nearZero)) {
      return Reach.NONE; // an interval across 0 is inconclusive already
    }
    return Math.abs(predicted) >= Math.abs(effect.pct()) ? Reach.ESTIMATE : Reach.INTERVAL;
  }

  private static Optional<String> caveat(Side s, String where) {
    boolean starved = s.machine().isPresent() && s.waiting().isPresent()
        && s.machine().getAsDouble() >= SATURATED && s.waiting().getAsDouble() >= WAITING;
    boolean heavy = s.machine().isEmpty() && s.clients().isPresent()
        && s.clients().getAsDouble() >= CLIENT_SHARE;
    if (!starved && !heavy) {
      return Optional.empty();
    }
    StringBuilder out = new StringBuilder("the clients may have limited ").append(where)
        .append(String.format(Locale.ROOT, ": clients %s of %d cores", pct(s.clients()),
            s.cores()));
    s.server().ifPresent(v -> out.append(", server ").append(pct(s.server())));
    s.machine().ifPresent(v -> out.append(", machine ").append(pct(s.machine())));
    s.waiting().ifPresent(v -> out.append(String.format(Locale.ROOT,
        ", client threads waited for a core %.0f %% of their runnable time", v * 100)));
    if (s.machine().isEmpty()) {
      out.append(" (no machine or server CPU recorded to weigh it)");
    }
    out.append(s.range());
    return Optional.of(out.toString());
  }

  private static String pct(OptionalDouble share) {
    return share.isPresent() ? String.format(Locale.ROOT, "%.0f %%", share.getAsDouble() * 100)
        : "?";
  }

  private static Side side(List<TrialRecord> trials) {
    int cores = trials.stream().mapToInt(t -> t.facts().cores()).max().orElse(0);
    OptionalDouble clients = median(trials, t -> t.facts().cpu().map(CpuEvidence::clientShare)
        .filter(OptionalDouble::isPresent).orElse(t.facts().clientCpuShare()));
    OptionalDouble server = median(trials, t -> t.facts().cpu().map(CpuEvidence::serverShare)
        .orElse(OptionalDouble.empty()));
    OptionalDouble machine = median(trials, t -> t.facts().cpu().map(CpuEvidence::machineShare)
        .orElse(OptionalDouble.empty()));
    OptionalDouble waiting = median(trials, t -> t.facts().cpu()
        .map(CpuEvidence::clientWaitShare).orElse(OptionalDouble.empty()));
    OptionalDouble waitPerOp = median(trials, t -> perOp(t, CpuEvidence::clientRunDelaySeconds));
    String range = trials.size() < 2 || clients.isEmpty() ? "" : String.format(Locale.ROOT,
        " (medians of %d repetitions; clients %s)", trials.size(), spread(trials));
    return new Side(clients, server, machine, waiting, waitPerOp,
        cores, range);
  }

  private static String spread(List<TrialRecord> trials) {
    double[] v = trials.stream().map(t -> t.facts().cpu().map(CpuEvidence::clientShare)
        .filter(OptionalDouble::isPresent).orElse(t.facts().clientCpuShare()))
        .filter(OptionalDouble::isPresent).mapToDouble(OptionalDouble::getAsDouble).sorted()
        .toArray();
    return v.length == 0 ? "" : String.format(Locale.ROOT, "%.0f–%.0f %%", v[0] * 100,
        v[v.length - 1] * 100);
  }

  /** Seconds of {@code figure} per measured operation of the judged window. */
  private static OptionalDouble perOp(TrialRecord t, Function<CpuEvidence, OptionalDouble> figure) {
    long ops = t.facts().samples(Quantity.OVERALL);
    return t.facts().cpu().map(figure).filter(f -> f.isPresent() && ops > 0)
        .map(f -> OptionalDouble.of(f.getAsDouble() / ops)).orElse(OptionalDouble.empty());
  }

  private static OptionalDouble median(List<TrialRecord> trials,
      Function<TrialRecord, OptionalDouble> figure) {
    double[] v = trials.stream().map(figure).filter(OptionalDouble::isPresent)
        .mapToDouble(OptionalDouble::getAsDouble).toArray();
    return v.length == 0 ? OptionalDouble.empty()
        : OptionalDouble.of(Median.withDefaults().evaluate(v));
  }
}
