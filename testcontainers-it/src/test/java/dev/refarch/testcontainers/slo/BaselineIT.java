package dev.refarch.testcontainers.slo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.refarch.platform.spi.RunningCluster;
import dev.refarch.testcontainers.junit.MongoCluster;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The baseline assertion on real trials, as a user's {@code mvn verify} writes it: two
 * repetitions stored as the baseline, two of the same configuration pass against them, and two
 * with a planted regression (the target throughput halved, as a slower code path would cap it)
 * fail with the change and its interval. Throttled trials hold their throughput at the target
 * however loaded the machine is, so the A/A pair cannot fail on a busy CI machine, and the
 * planted halving cannot pass.
 */
@MongoCluster
class BaselineIT {

  @TempDir
  Path baseline;

  @TempDir
  Path same;

  @TempDir
  Path regressed;

  private static SloTrial trial(RunningCluster cluster, Path results, double target) {
    return SloTrial.against(cluster).workload("a").records(1_000).operations(1_500)
        .target(target).threadsPerClient(4).trial("checkout").results(results);
  }

  @Test
  void anAaPairPassesAndAPlantedRegressionFailsWithItsInterval(RunningCluster cluster)
      throws Exception {
    trial(cluster, baseline, 300).runRepetitions(2);
    trial(cluster, same, 300).runRepetitions(2);
    trial(cluster, regressed, 150).runRepetitions(2);

    BaselineAssert.assertThat(same.resolve("slo")).against(baseline.resolve("slo"))
        .failIf("throughput < -5%");

    RegressionError e = catchThrowableOfType(RegressionError.class, () ->
        BaselineAssert.assertThat(regressed.resolve("slo")).against(baseline.resolve("slo"))
            .failIf("throughput < -5%"));
    System.out.println("[baseline-it] " + e.getMessage());
    assertThat(e).hasMessageStartingWith("regression: throughput < -5% (baseline ")
        .hasMessageContaining("throughput of OVERALL at trial=checkout: -")
        .hasMessageContaining("Welch's t on the logs of 2 and 2 repetitions")
        .hasMessageContaining("lies wholly below -5.0 %: FAILS");
    assertThat(e.threshold().thresholdPct()).isEqualTo(-5);
  }

  @Test
  void aBadExpressionNamesTheGrammarBeforeAnythingIsRead() {
    assertThatThrownBy(() -> BaselineAssert.assertThat(same).against(baseline)
        .failIf("throughput falls"))
        .hasMessageStartingWith("--fail-if='throughput falls' is not allowed; allowed:"
            + " <metric>[(<OPERATION>)] < or > <signed percent>%");
  }
}
