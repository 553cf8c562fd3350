package dev.refarch.experiments.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.refarch.experiments.spec.ExperimentSpec;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Regression thresholds on comparisons of results written with chosen figures: an A/A pair
 * (repetitions of the same rates) shows no detectable difference and passes; a planted 20 %
 * fall of throughput (and a 50 % rise of latency) is detected with its interval and fails.
 */
class FailIfTest {

  private static Path experiment(Path root, String id, double... reads) {
    return experiment(new ResultsWriter(root), id, reads);
  }

  private static Path experiment(ResultsWriter w, String id, double... reads) {
    Path dir = w.plan(ExperimentSpec.builder(id).workload("c").repetitions(reads.length).build());
    for (int i = 0; i < reads.length; i++) {
      w.trial(id, "t001-r" + (i + 1), reads[i], true, "none");
    }
    return dir;
  }

  @Test
  void anAaPairShowsNoDetectableDifferenceAndPasses(@TempDir Path root) {
    Path a = experiment(root.resolve("a"), "baseline", 1000, 1030, 985);
    Path b = experiment(root.resolve("b"), "baseline", 1010, 990, 1025);
    List<ComparisonRow> rows = Comparison.compare(a, Map.of(), b, Map.of()).rows();
    ComparisonRow throughput = row(rows, Quantity.THROUGHPUT);
    assertThat(throughput.difference()).isEqualTo(ComparisonRow.Difference.NONE);
    assertThat(throughput.describe()).startsWith("no detectable difference (±");
    FailIf.Judgement j = FailIf.parse("throughput < -5%").judge(rows);
    assertThat(j.failed()).isFalse();
    assertThat(j.message()).contains("passes");
  }

  @Test
  void aPlantedRegressionIsDetectedAndFailsWithItsInterval(@TempDir Path root) {
    Path a = experiment(root.resolve("a"), "baseline", 1000, 1030, 985);
    Path b = experiment(root.resolve("b"), "baseline", 800, 824, 790);
    List<ComparisonRow> rows = Comparison.compare(a, Map.of(), b, Map.of()).rows();
    assertThat(row(rows, Quantity.THROUGHPUT).difference())
        .isEqualTo(ComparisonRow.Difference.SLOWER);
    FailIf.Judgement j = FailIf.parse("throughput < -5%").judge(rows);
    assertThat(j.failed()).isTrue();
    assertThat(j.message()).startsWith("throughput of OVERALL: -19.9 % [").contains("Welch's t on the"
        + " logs of 3 and 3 repetitions").endsWith("lies wholly below -5.0 %: FAILS");
    // a threshold the whole interval does not reach passes, and says the fall might reach it
    FailIf.Judgement deep = FailIf.parse("throughput < -21%").judge(rows);
    assertThat(deep.failed()).isFalse();
    assertThat(deep.message()).contains("might lie below -21.0 % but might not: passes");
  }

  /** Machine-probe readings, CPU ns per unit: about 10 ms, scattered by ±2 %, times {@code f}. */
  private static Double[] probe(double f) {
    return java.util.stream.DoubleStream.of(10.0, 10.2, 9.9, 10.1, 9.8, 10.0)
        .mapToObj(ms -> ms * 1e6 * f).toArray(Double[]::new);
  }

  @Test
  void aFallTheMachinesOwnSlowdownReachesIsNotAttributedToBAndDoesNotFail(@TempDir Path root) {
    Path a = experiment(new ResultsWriter(root.resolve("a")).probe(probe(1)), "baseline",
        1000, 1030, 985);
    // B's machine took 30 % more CPU time for the same work: CPU-bound throughput would fall 23 %
    Path b = experiment(new ResultsWriter(root.resolve("b")).probe(probe(1.3)), "baseline",
        800, 824, 790);
    List<ComparisonRow> rows = Comparison.compare(a, Map.of(), b, Map.of()).rows();
    ComparisonRow throughput = row(rows, Quantity.THROUGHPUT);
    assertThat(throughput.machine().orElseThrow().detected()).isTrue();
    assertThat(throughput.machineAlone().orElseThrow()).isCloseTo(-23.1, within(0.1));
    assertThat(throughput.difference()).isEqualTo(ComparisonRow.Difference.NOT_ATTRIBUTABLE);
    assertThat(throughput.describe()).startsWith("not attributable: the machine's speed changed:"
        + " -19.9 % [").contains("the machine's probe work took +30.0 % [")
        .endsWith("would change it by -23.1 %, as much as the whole change");
    FailIf.Judgement j = FailIf.parse("throughput < -5%").judge(rows);
    assertThat(j.failed()).isFalse();
    assertThat(j.message()).contains("lies wholly below -5.0 %, but the machine's probe work took"
        + " +30.0 %").contains("which alone would make it -23.1 %; without that, [")
        .endsWith("does not: passes (not attributable to B)");
    assertThat(FailIf.parse("throughput < -15%").judge(rows).failed()).isFalse();
  }

  @Test
  void aMachineChangeInsideTheIntervalLeavesTheFallInconclusiveAndASmallOneLetsItStand(
      @TempDir Path root) {
    Path a = experiment(new ResultsWriter(root.resolve("a")).probe(probe(1)), "baseline",
        1000, 1030, 985);
    Path inside = experiment(new ResultsWriter(root.resolve("inside")).probe(probe(1.22)),
        "baseline", 800, 824, 790);
    ComparisonRow r = row(Comparison.compare(a, Map.of(), inside, Map.of()).rows(),
        Quantity.THROUGHPUT);
    assertThat(r.machineAlone().orElseThrow()).isCloseTo(-18.0, within(0.1));
    assertThat(r.effect().orElseThrow().ci95().orElseThrow().contains(-18.0)).isTrue();
    assertThat(r.difference()).isEqualTo(ComparisonRow.Difference.INCONCLUSIVE);
    assertThat(r.describe()).startsWith("inconclusive: -19.9 % [")
        .endsWith("inside the interval, so whether the rest is B's own, noise decides");

    Path small = experiment(new ResultsWriter(root.resolve("small")).probe(probe(1.05)),
        "baseline", 800, 824, 790);
    List<ComparisonRow> rows = Comparison.compare(a, Map.of(), small, Map.of()).rows();
    ComparisonRow stands = row(rows, Quantity.THROUGHPUT);
    assertThat(stands.difference()).isEqualTo(ComparisonRow.Difference.SLOWER);
    assertThat(stands.describe()).endsWith("would change it by -4.8 %, short of the interval");
    // the machine's -4.8 % taken out, the rest (about -16 % [-20, -12]) still fails the gate
    FailIf.Judgement gate = FailIf.parse("throughput < -5%").judge(rows);
    assertThat(gate.failed()).isTrue();
    assertThat(gate.message()).contains("without that, [-").endsWith("still lies wholly below"
        + " -5.0 %: FAILS");

    // the same readings on both sides: no machine change, the fall stands as before
    Path same = experiment(new ResultsWriter(root.resolve("same")).probe(probe(1)), "baseline",
        800, 824, 790);
    ComparisonRow unchanged = row(Comparison.compare(a, Map.of(), same, Map.of()).rows(),
        Quantity.THROUGHPUT);
    assertThat(unchanged.machine().orElseThrow().detected()).isFalse();
    assertThat(unchanged.difference()).isEqualTo(ComparisonRow.Difference.SLOWER);
  }

  @Test
  void aLatencyThresholdJudgesTheOperationItNames(@TempDir Path root) {
    ResultsWriter w = new ResultsWriter(root.resolve("b"));
    Path b = w.plan(ExperimentSpec.builder("baseline").workload("c").repetitions(2).build());
    // the same rates, every read taking 1.5 ms instead of 1 ms
    w.trial("baseline", "t001-r1", ResultsWriter.read(1000, 20, 1500), true, "none");
    w.trial("baseline", "t001-r2", ResultsWriter.read(1010, 20, 1510), true, "none");
    Path a = experiment(root.resolve("a"), "baseline", 1000, 1010);
    List<ComparisonRow> rows = Comparison.compare(a, Map.of(), b, Map.of()).rows();
    assertThat(FailIf.parse("p50(READ) > +10%").judge(rows).failed()).isTrue();
    assertThat(FailIf.parse("mean(read) > +60%").judge(rows).failed()).isFalse();
  }

  @Test
  void selectionsComparePointsOfOneExperimentByTheirOtherParameters(@TempDir Path root) {
    ResultsWriter w = new ResultsWriter(root);
    Path dir = w.plan(ExperimentSpec.builder("A9-durability").workload("c").repetitions(2)
        .sweep(dev.refarch.experiments.spec.Sweep.cartesian(Map.of("mongodb.durability",
            List.of("durable", "balanced")))).build());
    w.trial("A9-durability", "t001-mongodb.durability=durable-r1", 1000, true, "none");
    w.trial("A9-durability", "t001-mongodb.durability=durable-r2", 1020, true, "none");
    w.trial("A9-durability", "t002-mongodb.durability=balanced-r1", 1500, true, "none");
    w.trial("A9-durability", "t002-mongodb.durability=balanced-r2", 1490, true, "none");
    Comparison.Result r = Comparison.compare(dir, Map.of("mongodb.durability", "durable"), dir,
        Map.of("mongodb.durability", "balanced"));
    ComparisonRow throughput = row(r.rows(), Quantity.THROUGHPUT);
    assertThat(throughput.parameters()).isEmpty();
    assertThat(throughput.difference()).isEqualTo(ComparisonRow.Difference.FASTER);
    assertThat(throughput.effect().orElseThrow().ci95().orElseThrow().low()).isGreaterThan(0);
    assertThatThrownBy(() -> Comparison.compare(dir, Map.of("mongodb.durability", "durble"), dir,
        Map.of())).hasMessageContaining("--where-a='mongodb.durability=durble' is not allowed;"
            + " allowed: parameters of a point of ").hasMessageContaining("[balanced, durable]");
  }

  @Test
  void badExpressionsNameTheGrammarAndAMissingFigureNamesThoseThereAre(@TempDir Path root) {
    assertThatThrownBy(() -> FailIf.parse("throughput drops 5%"))
        .hasMessageStartingWith("--fail-if='throughput drops 5%' is not allowed; allowed:"
            + " <metric>[(<OPERATION>)] < or > <signed percent>%");
    assertThatThrownBy(() -> FailIf.parse("p98(UPDATE) > 5%")).hasMessageContaining("p98");
    Path a = experiment(root.resolve("a"), "baseline", 1000, 1010);
    List<ComparisonRow> rows = Comparison.compare(a, Map.of(), a, Map.of()).rows();
    assertThatThrownBy(() -> FailIf.parse("p99(UPDATE) > +10%").judge(rows))
        .hasMessageContaining("allowed: a figure both sides have: throughput(OVERALL)");
    FailIf f = FailIf.parse(" p99.9 ( update ) >+10.5% ");
    assertThat(f.metric()).isEqualTo(Quantity.P999);
    assertThat(f.operation()).isEqualTo("UPDATE");
    assertThat(f.above()).isTrue();
    assertThat(f.thresholdPct()).isEqualTo(10.5);
  }

  private static ComparisonRow row(List<ComparisonRow> rows, Quantity metric) {
    return rows.stream().filter(r -> r.operation().equals(Quantity.OVERALL) && r.metric() == metric)
        .findFirst().orElseThrow();
  }
}
