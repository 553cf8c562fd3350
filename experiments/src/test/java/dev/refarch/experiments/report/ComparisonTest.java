package dev.refarch.experiments.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.refarch.experiments.report.format.ComparisonReport;
import dev.refarch.experiments.spec.ExperimentSpec;
import dev.refarch.experiments.spec.Sweep;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ComparisonTest {

  private static final Map<String, String> A2 = Map.of("workload", "a", "threadcount", "2");

  static List<ComparisonRow> rows() {
    return Comparison.compare(Fixtures.root().resolve(Fixtures.A1), Map.of(),
        Fixtures.root().resolve(Fixtures.A1_DURABLE), Map.of()).rows();
  }

  @Test
  void matchesPointsByParametersAndComputesBothDeltas() {
    ComparisonRow r = rows().stream().filter(x -> x.parameters().equals(A2)
        && x.operation().equals(Quantity.OVERALL) && x.metric() == Quantity.THROUGHPUT)
        .findFirst().orElseThrow();
    double a = r.a().getAsDouble();
    double b = r.b().getAsDouble();
    assertThat(r.delta().getAsDouble()).isCloseTo(b - a, within(1e-9));
    assertThat(r.deltaPct().getAsDouble()).isCloseTo((b - a) / a * 100, within(1e-9));
    // B's single trial measured 3 s: too few seconds to bootstrap, so the change has no interval
    assertThat(r.effect().orElseThrow().ci95()).isEmpty();
    assertThat(r.difference()).isEqualTo(ComparisonRow.Difference.UNKNOWN);
    assertThat(r.describe()).contains("no interval: one trial at the measured point");
    assertThat(r.aCompleted()).isEqualTo(2);
    assertThat(r.bCompleted()).isEqualTo(1);
  }

  @Test
  void parametersOnlyOneSideMeasuredHaveNoDelta() {
    assertThat(rows()).filteredOn(r -> r.parameters().equals(Map.of("workload", "b",
        "threadcount", "2"))).isNotEmpty().allSatisfy(r -> {
          assertThat(r.b()).isEmpty();
          assertThat(r.delta()).isEmpty();
          assertThat(r.deltaPct()).isEmpty();
        });
  }

  @Test
  void namesEachSideByItsFolderAndTheOneAbove() {
    assertThat(Comparison.side(Fixtures.root().resolve(Fixtures.A1_DURABLE)).label())
        .isEqualTo("results-durable/A1-client-threads");
    assertThat(Comparison.onlyIn(Comparison.side(Fixtures.root().resolve(Fixtures.A1)),
        Comparison.side(Fixtures.root().resolve(Fixtures.A1_DURABLE))))
        .containsExactly(Map.of("workload", "b", "threadcount", "2"),
            Map.of("workload", "b", "threadcount", "4"));
    assertThat(Path.of(ComparisonReport.HTML).toString()).isEqualTo("comparison.html");
  }

  /**
   * One folder of three profiles run in three rounds whose level swings by a third (the
   * machine's); balanced is about 10 % faster than durable in every round. Written into
   * {@code root}; with {@code extraRound}, durable has a fourth repetition the others lack.
   */
  private static Path rounds(Path root, boolean extraRound) {
    ResultsWriter w = new ResultsWriter(root);
    Path dir = w.plan(ExperimentSpec.builder("A9-durability").workload("c").repetitions(4)
        .sweep(Sweep.cartesian(Map.of("mongodb.durability", List.of("durable", "balanced",
            "fast")))).build());
    double[] durable = {1000, 1300, 800};
    double[] balanced = {1105, 1425, 884};
    double[] fast = {1210, 1580, 975};
    for (int r = 1; r <= 3; r++) {
      w.trial("A9-durability", "t001-mongodb.durability=durable-r" + r, durable[r - 1], true,
          "none");
      w.trial("A9-durability", "t002-mongodb.durability=balanced-r" + r, balanced[r - 1], true,
          "none");
      w.trial("A9-durability", "t003-mongodb.durability=fast-r" + r, fast[r - 1], true, "none");
    }
    if (extraRound) {
      w.trial("A9-durability", "t001-mongodb.durability=durable-r4", 1050, true, "none");
    }
    return dir;
  }

  private static ComparisonRow throughput(Comparison.Result r) {
    return r.rows().stream().filter(x -> x.operation().equals(Quantity.OVERALL)
        && x.metric() == Quantity.THROUGHPUT).findFirst().orElseThrow();
  }

  @Test
  void pointsOfOneFolderAreComparedBlockedByTheRoundsTheyRanIn(@TempDir Path root) {
    Path dir = rounds(root.resolve("one"), false);
    ComparisonRow blocked = throughput(Comparison.compare(dir,
        Map.of("mongodb.durability", "durable"), dir, Map.of("mongodb.durability", "balanced")));
    assertThat(blocked.effect().orElseThrow().method()).isEqualTo("two-way model (point + round)"
        + " on the logs of 3 rounds × 3 points of the study, rounds as blocks (df 4)");
    assertThat(blocked.difference()).isEqualTo(ComparisonRow.Difference.FASTER);
    assertThat(blocked.effect().orElseThrow().pct()).isCloseTo(10.20, within(0.01));
    assertThat(blocked.effect().orElseThrow().ci95().orElseThrow().low()).isGreaterThan(0);

    // the same figures from two folders: their rounds are unrelated, so Welch's interval carries
    // the swing of the machine's level and cannot tell the profiles apart
    Path other = rounds(root.resolve("two"), false);
    ComparisonRow welch = throughput(Comparison.compare(dir,
        Map.of("mongodb.durability", "durable"), other, Map.of("mongodb.durability", "balanced")));
    assertThat(welch.effect().orElseThrow().pct()).isCloseTo(10.20, within(0.01));
    assertThat(welch.effect().orElseThrow().method()).startsWith("Welch's t on the logs of 3");
    assertThat(welch.difference()).isEqualTo(ComparisonRow.Difference.NONE);
  }

  @Test
  void aRepetitionOutsideTheSharedRoundsKeepsWelchsIntervalOverAllOfThem(@TempDir Path root) {
    Path dir = rounds(root, true);
    ComparisonRow row = throughput(Comparison.compare(dir,
        Map.of("mongodb.durability", "durable"), dir, Map.of("mongodb.durability", "balanced")));
    assertThat(row.aCompleted()).isEqualTo(4);
    assertThat(row.effect().orElseThrow().method()).startsWith("Welch's t on the logs of 3 and 4");
  }
}
