package dev.refarch.experiments.example;

import static org.assertj.core.api.Assertions.assertThat;

import dev.refarch.experiments.run.ExperimentRunner;
import dev.refarch.experiments.run.Progress;
import dev.refarch.experiments.report.format.ExperimentReport;
import dev.refarch.experiments.report.format.ReportFiles;
import dev.refarch.experiments.spec.ClusterSpec;
import dev.refarch.experiments.spec.ExperimentSpec;
import dev.refarch.experiments.spec.SteadyRule;
import dev.refarch.experiments.spec.Sweep;
import dev.refarch.experiments.spec.UntilSteady;
import dev.refarch.ycsb.measure.Warmup;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An experiment written in Java: two durability profiles on a local replica set, one report. */
class DurabilityInJavaIT {

  @Test
  void comparesTwoDurabilityProfiles(@TempDir Path results) throws Exception {
    ExperimentSpec spec = ExperimentSpec.builder("durability-in-java")
        .title("Workload A at w1j0 and w1j1")
        .cluster(ClusterSpec.local("rs=1"))        // a real mongod on 127.0.0.1, started for it
        .workload("a")
        .property("recordcount", "2000")
        .property("operationcount", "100000000")
        .threads(4)
        .warmup(Warmup.seconds(1))
        // measure until 4 one-second slots agree within 15 % (at most 8 s), then stop
        .untilSteady(new UntilSteady(new SteadyRule(4, 0.15, 0.25), Duration.ofSeconds(8)))
        .sweep(Sweep.cartesian(Map.of("mongodb.durability", List.of("balanced", "durable"))))
        .build();

    ExperimentRunner.Outcome outcome =
        new ExperimentRunner(results, new Progress(System.out, false)).run(spec, false);
    ReportFiles report = ExperimentReport.write(outcome.folder());

    assertThat(outcome.anyFailed()).as(outcome.trials().toString()).isFalse();
    assertThat(outcome.trials()).hasSize(2);
    assertThat(Files.readString(report.html())).contains("balanced", "durable");
    System.out.println("report: " + report.html());
  }
}
