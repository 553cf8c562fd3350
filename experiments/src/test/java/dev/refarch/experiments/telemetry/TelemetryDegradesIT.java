package dev.refarch.experiments.telemetry;

import static org.assertj.core.api.Assertions.assertThat;

import dev.refarch.experiments.results.TelemetryFile;
import dev.refarch.experiments.results.TrialResult;
import dev.refarch.experiments.trial.TrialRunner;
import dev.refarch.experiments.trial.TrialSpec;
import dev.refarch.platform.spi.Extensions;
import dev.refarch.platform.spi.RunningCluster;
import dev.refarch.platform.spi.Topology;
import dev.refarch.ycsb.workloads.CoreWorkloads;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A trial on a real replica set whose telemetry has a source that cannot open
 * ({@link RefusingTelemetry}) and one off altogether: the trial completes, the refusal is one
 * warning line and one line of {@code telemetry.partial}, and the other sources sample as ever.
 */
class TelemetryDegradesIT {

  @Test
  void aSourceThatCannotOpenIsOneLineAndTheTrialCompletesWithTheOthers(@TempDir Path dir)
      throws Exception {
    PrintStream err = System.err;
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    try (RunningCluster rs1 = Extensions.provisioner("local").start(Topology.parse("rs=1"),
        Map.of())) {
      TrialSpec spec = TrialSpec.builder("degrade", "refused").cluster(rs1.connectionString())
          .properties(CoreWorkloads.properties("a")).property("recordcount", "1000")
          .property("operationcount", "100000000").property("maxexecutiontime", "5")
          .property(RefusingTelemetry.KEY, "true")
          .clients(1).threadsPerClient(2).phaseTimeout(Duration.ofMinutes(2)).build();
      TrialResult r;
      System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
      try {
        r = new TrialRunner(dir).run(spec, rs1);
      } finally {
        System.setErr(err);
      }
      String stderr = captured.toString(StandardCharsets.UTF_8);
      err.print(stderr);

      assertThat(r.failures()).isEmpty();
      String refused = "refusing: could not open: permission denied: /proc/1/io (test double)";
      // besides: no disk where the temporary folder is a tmpfs, which a machine may have
      assertThat(r.telemetry().partial()).contains(refused).allMatch(l -> l.equals(refused)
          || l.startsWith("disk: could not open: ") && l.contains("no block device"));
      assertThat(stderr.lines().filter(l -> l.contains("telemetry partial: refusing"))).hasSize(1);
      assertThat(r.telemetry().sources()).containsKeys("mongodb", "process")
          .doesNotContainKey("refusing");
      assertThat(TelemetryFile.read(r.folder().resolve(TelemetryFile.FILE)))
          .anyMatch(w -> w.metric().equals("ops.update") && w.value() > 0);

      TrialResult off = new TrialRunner(dir).run(TrialSpec.builder("degrade", "off")
          .cluster(rs1.connectionString()).properties(CoreWorkloads.properties("a"))
          .property("recordcount", "1000").property("operationcount", "2000")
          .telemetry(false).clients(1).threadsPerClient(2).build(), rs1);
      assertThat(off.failures()).isEmpty();
      assertThat(off.telemetry().enabled()).isFalse();
      assertThat(off.folder().resolve(TelemetryFile.FILE)).doesNotExist();
      assertThat(Files.readString(off.folder().resolve("trial.json")))
          .contains("\"telemetry\" : {\n    \"enabled\" : false\n  }");
    }
  }
}
