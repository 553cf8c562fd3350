package dev.refarch.experiments.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
    ResultsWriter w = new ResultsWriter(root);
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
