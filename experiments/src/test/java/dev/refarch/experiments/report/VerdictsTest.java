package dev.refarch.experiments.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.refarch.experiments.spec.Transfer;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

/** The verdict on one reference, from points built in memory. */
class VerdictsTest {

  private static final Map<String, String> BASE = Map.of("durability", "durable");
  private static final Map<String, String> AT = Map.of("durability", "balanced");

  /** A completed, steady trial of one client on 2 cores, with this throughput and UPDATE latency. */
  private static TrialRecord trial(String id, Map<String, String> parameters, double opsPerSecond,
      double updateMeanMs, TrialFacts facts) {
    return new TrialRecord(id, parameters, 1, TrialRecord.Status.COMPLETED, List.of(),
        Map.of(Metric.OVERALL, Map.of(Metric.THROUGHPUT, opsPerSecond),
            "UPDATE", Map.of(Metric.MEAN, updateMeanMs, Metric.P99, updateMeanMs * 3,
                Metric.INTERRUPTION, updateMeanMs * 1000)),
        List.of(), "run", Optional.empty(), facts);
  }

  private static TrialFacts steady() {
    return facts(true, 1, 0.2, 50_000);
  }

  private static TrialFacts facts(boolean steady, int clients, double cpuShare, long samples) {
    return new TrialFacts(Optional.of(steady), 30, steady, clients, clients * 8, 2,
        OptionalDouble.of(cpuShare), Map.of(Metric.OVERALL, samples, "UPDATE", samples));
  }

  private static Point point(Map<String, String> parameters, double ops, TrialFacts facts) {
    return new Point(parameters, List.of(trial("t-" + parameters.values().iterator().next(),
        parameters, ops, ops / 1000, facts)));
  }

  private static Plan.Reference ref(Metric metric, String op, Transfer transfer) {
    return new Plan.Reference(AT, metric, op, OptionalDouble.empty(), metric.unit(), "Figure 18",
        transfer, Map.of(), Optional.empty());
  }

  private static Verdict judge(Plan.Reference r, Point measured, Point baseline) {
    return Verdicts.judge(r, Optional.of(measured), Optional.of(baseline), "durability=durable");
  }

  private static final Plan.Reference UP_10 = ref(Metric.THROUGHPUT, Metric.OVERALL,
      Transfer.Shape.up(10, Double.POSITIVE_INFINITY));

  @Test
  void agreesWhenTheChangeAgainstTheBaselineLiesInTheBand() {
    Verdict v = judge(UP_10, point(AT, 1200, steady()), point(BASE, 1000, steady()));
    assertThat(v).isEqualTo(new Verdict(Verdict.Kind.AGREES,
        "measured +20.0 % against durability=durable; expected up by +10 % or more"));
  }

  @Test
  void disagreesWhenTheChangeFallsShortOfTheBand() {
    Verdict v = judge(UP_10, point(AT, 1030, steady()), point(BASE, 1000, steady()));
    assertThat(v.kind()).isEqualTo(Verdict.Kind.DISAGREES);
    assertThat(v.reason()).startsWith("measured +3.0 %");
  }

  @Test
  void aFallAgreesWithDownAndARiseDoesNot() {
    Plan.Reference down = ref(Metric.THROUGHPUT, Metric.OVERALL, Transfer.Shape.down(15, 100));
    assertThat(judge(down, point(AT, 700, steady()), point(BASE, 1000, steady())).kind())
        .isEqualTo(Verdict.Kind.AGREES);
    assertThat(judge(down, point(AT, 1100, steady()), point(BASE, 1000, steady())).kind())
        .isEqualTo(Verdict.Kind.DISAGREES);
  }

  @Test
  void flatAgreesWithinItsBandEitherWay() {
    Plan.Reference flat = ref(Metric.THROUGHPUT, Metric.OVERALL, Transfer.Shape.flat(5));
    assertThat(judge(flat, point(AT, 960, steady()), point(BASE, 1000, steady())).kind())
        .isEqualTo(Verdict.Kind.AGREES);
    assertThat(judge(flat, point(AT, 1060, steady()), point(BASE, 1000, steady())).kind())
        .isEqualTo(Verdict.Kind.DISAGREES);
  }

  @Test
  void aTrialThatNeverGotSteadyIsNotComparable() {
    Verdict v = judge(UP_10, point(AT, 2000, facts(false, 1, 0.2, 50_000)),
        point(BASE, 1000, steady()));
    assertThat(v).isEqualTo(Verdict.notComparable(
        "not steady: t-balanced found no steady window in 30 s measured"));
  }

  @Test
  void asManyClientJvmsAsCoresIsClientBound() {
    Verdict v = judge(UP_10, point(AT, 2000, facts(true, 2, 0.3, 50_000)),
        point(BASE, 1000, steady()));
    assertThat(v).isEqualTo(Verdict.notComparable("client-bound: 2 client JVMs on 2 cores (t-balanced)"));
  }

  @Test
  void clientsUsingHalfTheMachineAreClientBound() {
    Verdict v = judge(UP_10, point(AT, 2000, steady()), point(BASE, 1000, facts(true, 1, 0.62, 50_000)));
    assertThat(v).isEqualTo(Verdict.notComparable(
        "client-bound: the clients used 62 % of 2 cores (t-durable)"));
  }

  @Test
  void aPercentileFromTooFewSamplesIsNotComparable() {
    Plan.Reference p99 = ref(Metric.P99, "UPDATE", Transfer.Shape.up(10, Double.POSITIVE_INFINITY));
    Verdict v = judge(p99, point(AT, 2000, facts(true, 1, 0.2, 412)), point(BASE, 1000, steady()));
    assertThat(v).isEqualTo(Verdict.notComparable(
        "fewer than 1000 samples for p99 of UPDATE (412 in t-balanced)"));
    // the same samples are plenty for a mean
    Plan.Reference mean = ref(Metric.MEAN, "UPDATE", Transfer.Shape.up(10, Double.POSITIVE_INFINITY));
    assertThat(judge(mean, point(AT, 2000, facts(true, 1, 0.2, 412)), point(BASE, 1000, steady()))
        .kind()).isEqualTo(Verdict.Kind.AGREES);
  }

  @Test
  void interruptionNeedsNoSteadiness() {
    Plan.Reference longer = ref(Metric.INTERRUPTION, "UPDATE", Transfer.Shape.up(50, Double.POSITIVE_INFINITY));
    Verdict v = judge(longer, point(AT, 8000, facts(false, 1, 0.2, 50_000)),
        point(BASE, 3000, facts(false, 1, 0.2, 50_000)));
    assertThat(v.kind()).isEqualTo(Verdict.Kind.AGREES);
    assertThat(v.reason()).startsWith("measured +166.7 %");
  }

  @Test
  void aPlatformFigureIsNeverComparableAndSaysWhy() {
    Plan.Reference platform = ref(Metric.THROUGHPUT, Metric.OVERALL,
        new Transfer.PlatformOnly("absolute throughput of the paper's cluster"));
    assertThat(judge(platform, point(AT, 1200, steady()), point(BASE, 1000, steady())))
        .isEqualTo(Verdict.notComparable("platform only: absolute throughput of the paper's cluster"));
    assertThat(judge(ref(Metric.THROUGHPUT, Metric.OVERALL, new Transfer.Undeclared()),
        point(AT, 1200, steady()), point(BASE, 1000, steady())).reason())
        .isEqualTo("the reference declares no shape that transfers");
  }

  @Test
  void aFailedBaselineSaysWhatFailed() {
    Point failed = new Point(BASE, List.of(new TrialRecord("t001", BASE, 1,
        TrialRecord.Status.FAILED, List.of("phase run timed out after PT30M\nmore"), Map.of(),
        List.of(), "run", Optional.empty(), TrialFacts.unknown())));
    assertThat(judge(UP_10, point(AT, 1200, steady()), failed)).isEqualTo(Verdict.notComparable(
        "not measured at the baseline durability=durable: phase run timed out after PT30M"));
    assertThat(Verdicts.judge(UP_10, Optional.empty(), Optional.of(failed), "x").reason())
        .isEqualTo("no trial was planned at durability=balanced");
  }

  @Test
  void theBaselineItselfIsNotJudged() {
    Point same = point(BASE, 1000, steady());
    assertThat(judge(UP_10, same, same).reason()).isEqualTo("this is the baseline itself");
  }

  @Test
  void samplesNeededLeaveTenOperationsBeyondAPercentile() {
    assertThat(List.of(Metric.P50, Metric.P90, Metric.P99, Metric.P999, Metric.MEAN, Metric.THROUGHPUT)
        .stream().map(Verdicts::samplesNeeded)).containsExactly(20L, 100L, 1_000L, 10_000L, 30L, 1L);
  }

  @Test
  void changeFromZeroIsInfiniteAndNoChangeFromZeroIsNone() {
    assertThat(Verdicts.change(5, 0)).isInfinite().isPositive();
    assertThat(Verdicts.change(0, 0)).isZero();
    assertThat(Verdicts.change(750, 1000)).isEqualTo(-25.0);
  }
}
