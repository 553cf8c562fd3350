package dev.refarch.testcontainers.slo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.refarch.experiments.results.TrialResult;
import dev.refarch.platform.spi.RunningCluster;
import dev.refarch.testcontainers.junit.MongoCluster;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** SLO assertions on real trials against a one-member replica set, as a user's test writes them. */
@MongoCluster
class SloIT {

  @TempDir
  Path results;

  /**
   * Four threads, so that the target holds while an operation takes up to 20 ms — as it does on
   * a loaded machine through a container's published port (two threads fell to 140 ops/s there).
   */
  private TrialResult updateHeavyTrialAt200OpsPerSecond(RunningCluster cluster)
      throws InterruptedException {
    return SloTrial.against(cluster).workload("a").records(1_000).operations(1_000)
        .target(200).threadsPerClient(4).results(results)
        .property("measurement.interval", "intended").run();
  }

  @Test
  void generousObjectivesPassAtATargetThroughput(RunningCluster cluster) throws Exception {
    TrialResult r = updateHeavyTrialAt200OpsPerSecond(cluster);

    SloAssert.assertThat(r)
        .throughputIsAtLeast(150)
        .operation("UPDATE").percentile(99).isBelow(Duration.ofSeconds(1))
        .operation("READ").responseTime().percentile(99.9).isBelow(Duration.ofSeconds(2));
    assertThat(r.folder().resolve("run.hlog")).exists();
  }

  @Test
  void anImpossibleObjectiveFailsShowingTheMeasuredSpectrum(RunningCluster cluster)
      throws Exception {
    TrialResult r = updateHeavyTrialAt200OpsPerSecond(cluster);

    SloViolation v = catchThrowableOfType(SloViolation.class, () -> SloAssert.assertThat(r)
        .operation("UPDATE").percentile(99).isBelow(Duration.ofNanos(1_000)));

    System.out.println("[slo-it] " + v.getMessage());
    assertThat(v).hasMessageStartingWith(
            "SLO violated: UPDATE service time p99 below 1.00 µs, measured ")
        .hasMessageContaining("trial slo/workload-a-200ops")
        .hasMessageContaining("run phase: target 200 ops/s, achieved ")
        .hasMessageMatching("(?s).*UPDATE service time over \\d+ successful operations: mean .+,"
            + " p50 .+, p90 .+, p95 .+, p99 .+, p99\\.9 .+, p99\\.99 .+, max .+");
    assertThat(v.measuredMicros()).isGreaterThan(1.0);
  }
}
