package dev.refarch.testcontainers.slo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.refarch.experiments.report.Comparison;
import dev.refarch.experiments.report.FailIf;
import dev.refarch.platform.spi.RunningCluster;
import dev.refarch.testcontainers.junit.MongoCluster;
import dev.refarch.ycsb.measure.Warmup;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The baseline assertion on real trials, as a user's {@code mvn verify} writes it: three
 * repetitions stored as the baseline, three of the same configuration pass against them, and
 * three with a planted regression (the target throughput halved, as a slower code path would cap
 * it) fail with the change and its interval.
 *
 * <p>Why the planted halving cannot pass on a loaded machine, from the rule and the statistics
 * rather than from a measured run:
 * <ul>
 *   <li>Throttled trials hold their throughput at the target while the server keeps up, and a
 *       halving is a change of ln 0.5 = −0.69 in the logs. It fails the build when the upper end
 *       of its 95 % interval lies below ln 0.95 = −0.05, i.e. when t × SE &lt; 0.64.
 *   <li>Three repetitions a side: Welch's degrees of freedom are then at least 2 (t ≤ 4.30), so the
 *       halving fails while one side's trials scatter with a log standard deviation up to 0.26.
 *       With two a side they can fall to 1 (t = 12.7), and it failed only while they scattered
 *       less than 0.07 — which a CI machine running two suites and a cluster beside this one did
 *       not give.
 *   <li>Each run ends by time ({@code maxexecutiontime}, every thread stops together) and its first
 *       {@value #WARMUP_S} s are warm-up, so the measured window holds only seconds in which every
 *       thread runs at the target's pace. A run of a fixed count also measures how far apart its
 *       threads started and ended, seconds on a starved machine: the scatter above.
 * </ul>
 * The A/A pair fails only if its whole interval lies below −5 %, which noise between alike trials
 * makes as unlikely as a 95 % interval missing a zero change on that side.
 */
@MongoCluster
class BaselineIT {

  private static final int WARMUP_S = 2;
  private static final int MEASURED_S = 5;
  private static final int REPETITIONS = 3;
  private static final String THRESHOLD = "throughput < -5%";

  @TempDir
  Path baseline;

  @TempDir
  Path same;

  @TempDir
  Path regressed;

  private static SloTrial trial(RunningCluster cluster, Path results, double target) {
    return SloTrial.against(cluster).workload("a").records(1_000).operations(0)
        .property("maxexecutiontime", String.valueOf(WARMUP_S + MEASURED_S))
        .warmup(Warmup.seconds(WARMUP_S)).target(target).threadsPerClient(4).trial("checkout")
        .results(results);
  }

  @Test
  void anAaPairPassesAndAPlantedRegressionFailsWithItsInterval(RunningCluster cluster)
      throws Exception {
    trial(cluster, baseline, 300).runRepetitions(REPETITIONS);
    trial(cluster, same, 300).runRepetitions(REPETITIONS);
    trial(cluster, regressed, 150).runRepetitions(REPETITIONS);

    System.out.println("[baseline-it] A/A: " + judgement(same));
    BaselineAssert.assertThat(same.resolve("slo")).against(baseline.resolve("slo"))
        .failIf(THRESHOLD);

    RegressionError e = catchThrowableOfType(RegressionError.class, () ->
        BaselineAssert.assertThat(regressed.resolve("slo")).against(baseline.resolve("slo"))
            .failIf(THRESHOLD));
    assertThat(e).as("the planted halving must fail the build; the judgement was:%n%s",
        judgement(regressed)).isNotNull();
    System.out.println("[baseline-it] " + e.getMessage());
    assertThat(e).hasMessageStartingWith("regression: throughput < -5% (baseline ")
        .hasMessageContaining("throughput of OVERALL at trial=checkout: -")
        .hasMessageContaining("Welch's t on the logs of 3 and 3 repetitions")
        .hasMessageContaining("lies wholly below -5.0 %: FAILS");
    assertThat(e.threshold().thresholdPct()).isEqualTo(-5);
  }

  /** The judgement {@link BaselineAssert} passed, for a failure's message. */
  private String judgement(Path current) {
    return FailIf.parse(THRESHOLD).judge(Comparison.compare(baseline.resolve("slo"), Map.of(),
        current.resolve("slo"), Map.of()).rows()).message();
  }

  @Test
  void aBadExpressionNamesTheGrammarBeforeAnythingIsRead() {
    assertThatThrownBy(() -> BaselineAssert.assertThat(same).against(baseline)
        .failIf("throughput falls"))
        .hasMessageStartingWith("--fail-if='throughput falls' is not allowed; allowed:"
            + " <metric>[(<OPERATION>)] < or > <signed percent>%");
  }
}
