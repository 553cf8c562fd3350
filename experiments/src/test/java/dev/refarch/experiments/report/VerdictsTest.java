package dev.refarch.experiments.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.refarch.experiments.spec.Transfer;
import dev.refarch.experiments.stats.Interval;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

/** The verdict on one reference, from points built in memory with chosen repetitions. */
class VerdictsTest {

  private static final Map<String, String> BASE = Map.of("durability", "durable");
  private static final Map<String, String> AT = Map.of("durability", "balanced");
  private static final String WHY = "the journal's wait; its size is the platform's";

  /** A completed trial of one client on 2 cores, with this throughput and UPDATE latency. */
  private static TrialRecord trial(String id, Map<String, String> parameters, double opsPerSecond,
      double updateMeanMs, TrialFacts facts) {
    return new TrialRecord(id, parameters, 1, TrialRecord.Status.COMPLETED, List.of(),
        Map.of(Quantity.OVERALL, Map.of(Quantity.THROUGHPUT, opsPerSecond),
            "UPDATE", Map.of(Quantity.MEAN, updateMeanMs, Quantity.P99, updateMeanMs * 3,
                Quantity.INTERRUPTION, updateMeanMs * 1000)),
        List.of(), "run", Optional.empty(), facts);
  }

  private static TrialFacts steady() {
    return facts(true, 0.2, 50_000, Optional.empty());
  }

  private static TrialFacts facts(boolean steady, double cpuShare, long samples,
      Optional<CpuEvidence> cpu) {
    return new TrialFacts(Optional.of(steady), 30, steady, 1, 8, 2, OptionalDouble.of(cpuShare),
        Map.of(Quantity.OVERALL, samples, "UPDATE", samples), 0,
        new TrialFacts.Window(0, 30_000, steady), Optional.empty(), cpu,
        cpu.map(c -> c.clientCpuSeconds()).filter(OptionalDouble::isPresent)
            .map(c -> OptionalDouble.of(c.getAsDouble() / samples * 1e6))
            .orElse(OptionalDouble.empty()), Optional.empty(), java.util.List.of());
  }

  /**
   * CPU evidence over {@code seconds} on 2 cores: the clients' CPU and wait, the server's CPU and
   * the machine's busy seconds (the server's wait barely matters here: 0.1 s).
   */
  private static CpuEvidence cpu(double seconds, double clients, double wait, double server,
      double machine) {
    return new CpuEvidence(seconds, 2, OptionalDouble.of(clients), OptionalDouble.of(wait),
        OptionalDouble.of(server), OptionalDouble.of(0.1), OptionalDouble.of(machine));
  }

  /** A point of one trial per figure: throughput {@code ops[i]}, UPDATE mean {@code ops[i]/1000}. */
  private static Point point(Map<String, String> parameters, double... ops) {
    return point(parameters, steady(), ops);
  }

  private static Point point(Map<String, String> parameters, TrialFacts facts, double... ops) {
    List<TrialRecord> trials = new ArrayList<>();
    for (int i = 0; i < ops.length; i++) {
      trials.add(trial("t-" + parameters.values().iterator().next() + "-r" + (i + 1), parameters,
          ops[i], ops[i] / 1000, facts));
    }
    return new Point(parameters, trials);
  }

  private static StoredPlan.Reference ref(Quantity metric, String op, Transfer transfer) {
    return new StoredPlan.Reference(AT, metric, op, OptionalDouble.empty(), metric.unit(), "Figure 18",
        transfer, Map.of(), Optional.empty());
  }

  private static Verdict judge(StoredPlan.Reference r, Point measured, Point baseline) {
    return Verdicts.judge(r, Optional.of(measured), Optional.of(baseline), "durability=durable",
        OptionalDouble.empty());
  }

  private static final StoredPlan.Reference UP = ref(Quantity.THROUGHPUT, Quantity.OVERALL,
      Transfer.Shape.up(WHY));

  @Test
  void agreesWhenTheWholeIntervalLiesOnTheDeclaredSide() {
    Verdict v = judge(UP, point(AT, 1200, 1210, 1190), point(BASE, 1000, 1010, 990));
    assertThat(v.kind()).isEqualTo(Verdict.Kind.AGREES);
    assertThat(v.reason()).startsWith("+20.0 % [+").contains("] against durability=durable;"
        + " expected up (the direction transfers, not the size)");
    assertThat(v.effect().orElseThrow().ci95().orElseThrow().low()).isGreaterThan(15);
    assertThat(v.effect().orElseThrow().method()).startsWith("Welch's t on the logs of 3 and 3");
    assertThat(v.window()).isEqualTo("each trial's judged window, steady to the end of its run");
  }

  /** A point whose {@code i}-th trial ran in round {@code rounds[i]}, throughput {@code ops[i]}. */
  private static Point inRounds(Map<String, String> parameters, int[] rounds, double... ops) {
    List<TrialRecord> trials = new ArrayList<>();
    for (int i = 0; i < ops.length; i++) {
      TrialRecord t = trial("t-" + parameters.values().iterator().next() + "-r" + rounds[i],
          parameters, ops[i], ops[i] / 1000, steady());
      trials.add(new TrialRecord(t.id(), t.parameters(), rounds[i], t.status(), t.failures(),
          t.values(), t.faults(), t.phase(), t.folder(), t.facts()));
    }
    return new Point(parameters, trials);
  }

  @Test
  void roundsSharedByTheStudysPointsAreBlocksAndTheirLevelLeavesTheInterval() {
    // the machine's level moves by a quarter between rounds; every point of a round shares it
    int[] r = {1, 2, 3};
    Point at = inRounds(AT, r, 1200, 1503, 958);
    Point base = inRounds(BASE, r, 1000, 1250, 800);
    Point other = inRounds(Map.of("durability", "none"), r, 900, 1122, 722);
    Verdict v = Verdicts.judge(UP, Optional.of(at), Optional.of(base), "durability=durable",
        OptionalDouble.empty(), List.of(at, base, other));
    assertThat(v.kind()).isEqualTo(Verdict.Kind.AGREES);
    assertThat(v.effect().orElseThrow().method()).isEqualTo("two-way model (point + round) on"
        + " the logs of 3 rounds × 3 points of the study, rounds as blocks (df 4)");
    assertThat(v.effect().orElseThrow().ci95().orElseThrow().low()).isGreaterThan(15);
    // the same figures without their rounds: Welch's interval carries the level's swing
    Verdict welch = judge(UP, point(AT, 1200, 1503, 958), point(BASE, 1000, 1250, 800));
    assertThat(welch.kind()).isEqualTo(Verdict.Kind.INCONCLUSIVE);
    assertThat(welch.effect().orElseThrow().method()).startsWith("Welch's t on the logs of 3");
  }

  @Test
  void pointsThatShareFewerThanTwoRoundsAreJudgedByWelchAndUnsharedRoundsAreNamed() {
    Point at = inRounds(AT, new int[] {1, 2}, 1200, 1210);
    Point base = inRounds(BASE, new int[] {3, 4}, 1000, 1010);
    assertThat(judge(UP, at, base).effect().orElseThrow().method()).startsWith("Welch's t");

    Verdict v = judge(UP, inRounds(AT, new int[] {1, 2, 3}, 1200, 1210, 1190),
        inRounds(BASE, new int[] {1, 2}, 1000, 1010));
    assertThat(v.effect().orElseThrow().method()).contains("2 rounds × 2 points");
    assertThat(v.caveats()).contains("1 repetition outside the 2 rounds both points share left"
        + " out of the blocked interval");
  }

  @Test
  void disagreesWhenTheWholeIntervalLiesOnTheOtherSide() {
    Verdict v = judge(UP, point(AT, 800, 810, 790), point(BASE, 1000, 1010, 990));
    assertThat(v.kind()).isEqualTo(Verdict.Kind.DISAGREES);
    assertThat(v.reason()).startsWith("-20.0 % [");
  }

  @Test
  void isInconclusiveWhenNoiseDecidesAndSaysHowManyRepetitionsWouldLikelyDecide() {
    Verdict v = judge(UP, point(AT, 1090, 1010, 1060), point(BASE, 1000, 1040, 980));
    assertThat(v.kind()).isEqualTo(Verdict.Kind.INCONCLUSIVE);
    assertThat(v.effect().orElseThrow().ci95().orElseThrow().contains(0)).isTrue();
    assertThat(v.morePerPoint()).isPresent();
    assertThat(v.reason()).contains("the interval crosses 0: about ")
        .contains("more repetitions of both points would likely decide it");
  }

  @Test
  void aSizeIsJudgedApartFromTheDirectionAndAgainstThePapersSize() {
    StoredPlan.Reference sized = ref(Quantity.THROUGHPUT, Quantity.OVERALL,
        Transfer.Shape.up(30.8, 123.2, "half to twice the paper's +61.6 %"));
    Verdict v = Verdicts.judge(sized, Optional.of(point(AT, 3300, 3250, 3350)),
        Optional.of(point(BASE, 1000, 1010, 990)), "D1", OptionalDouble.of(61.6));
    assertThat(v.kind()).isEqualTo(Verdict.Kind.DISAGREES);
    assertThat(v.direction()).contains(Transfer.Outcome.AGREES);
    assertThat(v.reason()).startsWith("direction agrees; +230.0 % [").contains("the paper's"
        + " +61.6 %: 3.73× its size");
  }

  @Test
  void flatAgreesWhenTheWholeIntervalStaysWithinItsBand() {
    StoredPlan.Reference flat = ref(Quantity.THROUGHPUT, Quantity.OVERALL, Transfer.Shape.flat(5, WHY));
    assertThat(judge(flat, point(AT, 1001, 1003, 999), point(BASE, 1000, 1002, 998)).kind())
        .isEqualTo(Verdict.Kind.AGREES);
    assertThat(judge(flat, point(AT, 1300, 1303, 1299), point(BASE, 1000, 1002, 998)).kind())
        .isEqualTo(Verdict.Kind.DISAGREES);
  }

  @Test
  void oneTrialWithoutIntervalsIsInconclusiveAndAsksForRepetitions() {
    Verdict v = judge(UP, point(AT, 2000), point(BASE, 1000));
    assertThat(v.kind()).isEqualTo(Verdict.Kind.INCONCLUSIVE);
    assertThat(v.reason()).contains("no interval: one trial at the measured point, and no per-interval figures")
        .contains("repeat the points");
    assertThat(v.morePerPoint()).hasValue(1);
  }

  @Test
  void anUnsteadyRepetitionIsLeftOutAndSaidSo() {
    List<TrialRecord> trials = new ArrayList<>(point(AT, 1200, 1210).trials());
    trials.add(trial("t-balanced-r3", AT, 5000, 5, facts(false, 0.2, 50_000, Optional.empty())));
    Verdict v = judge(UP, new Point(AT, trials), point(BASE, 1000, 1010, 990));
    assertThat(v.kind()).isEqualTo(Verdict.Kind.AGREES);
    assertThat(v.effect().orElseThrow().measured().repetitions()).isEqualTo(2);
    assertThat(v.caveats()).containsExactly("1 of 3 repetitions at durability=balanced left out:"
        + " not steady: t-balanced-r3 found no steady window in 30 s measured");
  }

  @Test
  void aPointWithoutASteadyTrialIsNotComparable() {
    Verdict v = judge(UP, point(AT, facts(false, 0.2, 50_000, Optional.empty()), 2000),
        point(BASE, 1000, 1010));
    assertThat(v).isEqualTo(Verdict.notComparable(
        "not steady: t-balanced-r1 found no steady window in 30 s measured"));
  }

  @Test
  void aPercentileFromTooFewSamplesIsNotComparable() {
    StoredPlan.Reference p99 = ref(Quantity.P99, "UPDATE", Transfer.Shape.up(WHY));
    TrialFacts few = facts(true, 0.2, 412, Optional.empty());
    Verdict v = judge(p99, point(AT, few, 2000), point(BASE, 1000, 1010));
    assertThat(v).isEqualTo(Verdict.notComparable(
        "fewer than 1000 samples for p99 of UPDATE (412 in t-balanced-r1)"));
    // the same samples are plenty for a mean
    StoredPlan.Reference mean = ref(Quantity.MEAN, "UPDATE", Transfer.Shape.up(WHY));
    assertThat(judge(mean, point(AT, few, 2000, 2020), point(BASE, 1000, 1010)).kind())
        .isEqualTo(Verdict.Kind.AGREES);
  }

  @Test
  void clientsThatWaitedForACoreCarryACaveatWithTheirFigures() {
    // 30 s on 2 cores: clients 33 s of CPU (55 %), waiting 6 s; machine 58 s (97 %); server 24 s
    CpuEvidence starved = cpu(30, 33, 6, 24, 58);
    Verdict v = judge(UP, point(AT, facts(true, 0.55, 60_000, Optional.of(starved)), 2000, 2010,
        1990), point(BASE, 1000, 1010, 990));
    assertThat(v.kind()).isEqualTo(Verdict.Kind.AGREES);
    assertThat(v.caveats()).hasSize(1);
    assertThat(v.caveats().get(0)).startsWith("the clients may have limited the measured point:"
        + " clients 55 % of 2 cores, server 40 %, machine 97 %, client threads waited for a core"
        + " 15 % of their runnable time");
  }

  @Test
  void aLatencyRiseTheClientsWaitAloneCouldExplainIsNotComparable() {
    // the baseline's clients barely waited; at the measured point they waited 2 ms per operation
    // (60 s over 30,000 operations) while the UPDATE mean rose by about 1 ms
    CpuEvidence calm = cpu(30, 10, 0.3, 30, 45);
    CpuEvidence waiting = cpu(30, 20, 60, 35, 59);
    StoredPlan.Reference mean = ref(Quantity.MEAN, "UPDATE", Transfer.Shape.up(WHY));
    Verdict v = judge(mean, point(AT, facts(true, 0.3, 30_000, Optional.of(waiting)), 2000, 2020,
        1990), point(BASE, facts(true, 0.2, 30_000, Optional.of(calm)), 1000, 1010, 990));
    assertThat(v.kind()).isEqualTo(Verdict.Kind.NOT_COMPARABLE);
    assertThat(v.reason()).startsWith("the clients alone could explain it: their threads waited"
        + " for a core +1.99 ms per operation more than at durability=durable");
    assertThat(v.effect()).isPresent();
  }

  @Test
  void aThroughputChangeTheCoresTheClientsTookAloneCouldExplainIsNotComparable() {
    // both machines saturated (1.95 of 2 cores); the clients took 0.6 cores at the baseline and
    // 1.1 at the other point, leaving the rest 0.85 instead of 1.35 cores: -37 % by itself
    CpuEvidence lean = cpu(10, 6, 0.1, 13.5, 19.5);
    CpuEvidence heavy = cpu(10, 11, 0.5, 8.5, 19.5);
    Verdict v = judge(UP, point(AT, facts(true, 0.55, 23_077, Optional.of(heavy)), 770, 775, 765),
        point(BASE, facts(true, 0.3, 30_000, Optional.of(lean)), 1000, 1005, 995));
    StoredPlan.Reference down = ref(Quantity.THROUGHPUT, Quantity.OVERALL, Transfer.Shape.down(WHY));
    Verdict d = judge(down, point(AT, facts(true, 0.55, 23_077, Optional.of(heavy)), 770, 775,
        765), point(BASE, facts(true, 0.3, 30_000, Optional.of(lean)), 1000, 1005, 995));
    assertThat(d.kind()).isEqualTo(Verdict.Kind.NOT_COMPARABLE);
    assertThat(d.reason()).startsWith("the clients alone could explain it: they took 0.60 of the"
        + " machine's busy cores at durability=durable and 1.10 at the measured point, which on"
        + " machines busy at 98 % and 98 % of their cores would by itself change throughput by"
        + " -37.0 %");
    assertThat(v.kind()).isEqualTo(Verdict.Kind.NOT_COMPARABLE);
  }

  @Test
  void aChangeTheClientsCouldExplainOnlyInsideTheIntervalIsInconclusiveNotWithdrawn() {
    // both machines saturated (1.95 of 2 cores); the clients took 0.60 cores at the baseline and
    // 0.22 at the measured point, leaving the rest 1.73 instead of 1.35 cores: +28 % by itself,
    // short of the measured +29.9 % but past its interval's lower end (about +19 %)
    CpuEvidence heavy = cpu(10, 6, 0.5, 13.5, 19.5);
    CpuEvidence lean = cpu(10, 2.22, 0.1, 17.2, 19.5);
    Verdict v = judge(UP, point(AT, facts(true, 0.11, 39_000, Optional.of(lean)), 1300, 1350,
        1250), point(BASE, facts(true, 0.3, 30_000, Optional.of(heavy)), 1000, 1005, 995));

    Interval ci = v.effect().orElseThrow().ci95().orElseThrow();
    assertThat(v.effect().orElseThrow().pct()).as(v.toString()).isGreaterThan(28.0);
    assertThat(ci.low()).as(v.toString()).isBetween(0.0, 28.0);
    assertThat(v.kind()).as(v.toString()).isEqualTo(Verdict.Kind.INCONCLUSIVE);
    assertThat(v.reason()).contains("expected up").contains("the clients alone could explain"
        + " part of it: they took 0.60 of the machine's busy cores at durability=durable and 0.22"
        + " at the measured point, which on machines busy at 98 % and 98 % of their cores would"
        + " by itself change throughput by +28.0 %").endsWith("noise decides");
    assertThat(v.morePerPoint()).isEmpty();
  }

  @Test
  void clientsWhoseCpuPerOperationFellOnlyBecauseThroughputRoseExplainNothing() {
    // as in A9's workload A: throughput rose from about 5,300 to 6,400 operations a second while
    // the clients took about the same cores (0.94 and 0.95 here), so their CPU per operation fell
    // (176 to 148 µs here); that fall follows the rise and cannot explain it
    CpuEvidence base = cpu(10, 9.38, 0.2, 9.5, 19.4);
    CpuEvidence faster = cpu(10, 9.54, 0.2, 9.4, 19.5);
    Verdict v = judge(UP, point(AT, facts(true, 0.477, 64_320, Optional.of(faster)), 6432, 6000,
        6900, 6300), point(BASE, facts(true, 0.469, 53_180, Optional.of(base)), 5318, 5000, 5700,
        5450));
    assertThat(v.kind()).as(v.toString()).isEqualTo(Verdict.Kind.AGREES);
    // the rule that read the clients' CPU per operation as a cause predicted +8.3 %, inside this
    // interval, and withdrew the verdict
    assertThat(v.effect().orElseThrow().ci95().orElseThrow().low()).isBetween(0.0, 8.3);
  }

  @Test
  void interruptionNeedsNoSteadiness() {
    StoredPlan.Reference longer = ref(Quantity.INTERRUPTION, "UPDATE", Transfer.Shape.up(WHY));
    TrialFacts unsteady = facts(false, 0.2, 50_000, Optional.empty());
    Verdict v = judge(longer, point(AT, unsteady, 8000, 8200, 7900),
        point(BASE, unsteady, 3000, 3100, 2950));
    assertThat(v.kind()).isEqualTo(Verdict.Kind.AGREES);
    assertThat(v.reason()).startsWith("+166.");
  }

  @Test
  void aPlatformFigureIsNeverComparableAndSaysWhy() {
    StoredPlan.Reference platform = ref(Quantity.THROUGHPUT, Quantity.OVERALL,
        new Transfer.PlatformOnly("absolute throughput of the paper's cluster"));
    assertThat(judge(platform, point(AT, 1200), point(BASE, 1000)))
        .isEqualTo(Verdict.notComparable("platform only: absolute throughput of the paper's cluster"));
    assertThat(judge(ref(Quantity.THROUGHPUT, Quantity.OVERALL, new Transfer.Undeclared()),
        point(AT, 1200), point(BASE, 1000)).reason())
        .isEqualTo("the reference declares no shape that transfers");
  }

  @Test
  void aFailedBaselineSaysWhatFailed() {
    Point failed = new Point(BASE, List.of(new TrialRecord("t001", BASE, 1,
        TrialRecord.Status.FAILED, List.of("phase run timed out after PT30M\nmore"), Map.of(),
        List.of(), "run", Optional.empty(), TrialFacts.unknown())));
    assertThat(judge(UP, point(AT, 1200), failed)).isEqualTo(Verdict.notComparable(
        "not measured at the baseline durability=durable: phase run timed out after PT30M"));
    assertThat(Verdicts.judge(UP, Optional.empty(), Optional.of(failed), "x",
        OptionalDouble.empty()).reason()).isEqualTo("no trial was planned at durability=balanced");
  }

  @Test
  void theBaselineItselfIsNotJudged() {
    Point same = point(BASE, 1000);
    assertThat(judge(UP, same, same).reason()).isEqualTo("this is the baseline itself");
  }

  @Test
  void samplesNeededLeaveTenOperationsBeyondAPercentile() {
    assertThat(List.of(Quantity.P50, Quantity.P90, Quantity.P99, Quantity.P999, Quantity.MEAN, Quantity.THROUGHPUT)
        .stream().map(Verdicts::samplesNeeded)).containsExactly(20L, 100L, 1_000L, 10_000L, 30L, 1L);
  }
}
