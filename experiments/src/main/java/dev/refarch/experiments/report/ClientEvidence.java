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
 * withdrawn ("not comparable") only when the clients alone could explain the change measured:
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
 *       a core. When the clients' wait per operation changed between the points by at least the
 *       measured change (the end of its interval nearest 0, in milliseconds), in its direction,
 *       the clients suffice to explain it. For a percentile this compares a mean wait with a
 *       tail's change: it withdraws a verdict only where even the average wait is enough.
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
   * The caveats on a verdict, and why the clients alone could explain its change, if they could.
   */
  record Judgement(Optional<String> explains, List<String> caveats) {
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
    Optional<String> explains = Optional.empty();
    if (metric == Quantity.THROUGHPUT && saturated(m) && saturated(b)) {
      explains = throughput(effect, m, b, baselineLabel);
    } else if (metric.isLatency() && m.waitPerOp().isPresent() && b.waitPerOp().isPresent()) {
      explains = latency(metric, operation, effect, m, b, baselineLabel);
    }
    return new Judgement(explains, caveats);
  }

  private static boolean saturated(Side s) {
    return s.machine().isPresent() && s.machine().getAsDouble() >= SATURATED
        && s.clients().isPresent();
  }

  private static Optional<String> throughput(Effect effect, Side m, Side b, String baselineLabel) {
    double km = m.clients().getAsDouble() * m.cores();
    double kb = b.clients().getAsDouble() * b.cores();
    double busy = b.machine().getAsDouble() * b.cores();
    double predicted = ((busy - km) / (busy - kb) - 1) * 100;
    if (!(busy > kb) || !reaches(effect, predicted)) {
      return Optional.empty();
    }
    return Optional.of(String.format(Locale.ROOT, "the clients alone could explain it: they took"
        + " %.2f of the machine's busy cores at %s and %.2f at the measured point, which on"
        + " machines busy at %.0f %% and %.0f %% of their cores would by itself change throughput"
        + " by %s; measured %s", kb, baselineLabel, km, b.machine().getAsDouble() * 100,
        m.machine().getAsDouble() * 100, Formats.percent(predicted), effect));
  }

  private static Optional<String> latency(Quantity metric, String operation, Effect effect, Side m,
      Side b, String baselineLabel) {
    double waitChangeMs = (m.waitPerOp().getAsDouble() - b.waitPerOp().getAsDouble()) * 1000;
    double base = effect.base().value();
    double predictedPct = base > 0 ? waitChangeMs / base * 100 : 0;
    if (!(base > 0) || !reaches(effect, predictedPct)) {
      return Optional.empty();
    }
    return Optional.of(String.format(Locale.ROOT, "the clients alone could explain it: their"
        + " threads waited for a core %+.2f ms per operation more than at %s, as much as the %s of"
        + " %s changed (measured %s, %+.2f ms)", waitChangeMs, baselineLabel, metric.label(),
        operation, effect, effect.measured().value() - base));
  }

  /**
   * Whether a change of {@code predicted} % goes the way of the measured change and reaches its
   * interval (the end nearest 0), so that it alone could account for what was measured.
   */
  static boolean reaches(Effect effect, double predicted) {
    if (effect.ci95().isEmpty() || effect.pct() == 0 || Math.signum(predicted)
        != Math.signum(effect.pct())) {
      return false;
    }
    double nearZero = effect.pct() > 0 ? Math.max(0, effect.ci95().get().low())
        : Math.min(0, effect.ci95().get().high());
    return Math.abs(predicted) >= Math.abs(nearZero) && nearZero != 0;
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
