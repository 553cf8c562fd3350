package dev.refarch.experiments.trial;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.refarch.platform.spi.config.ConfigurationException;
import dev.refarch.ycsb.measure.MeasuredDb;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code measurement.audit}: where clients log, and what is refused before a trial starts. */
class TrialAuditSettingsTest {

  private static TrialSpec.Builder spec() {
    return TrialSpec.builder("audit", "t").cluster("mongodb://127.0.0.1:1/bench")
        .property("measurement.audit", "true");
  }

  @Test
  void eachClientLogsIntoItsOwnFolder() {
    Map<String, String> props = new HashMap<>(Map.of("measurement.audit", "true"));
    ClientPlan.placeOutputs(props, "/refarch/out");
    assertThat(props).containsEntry("measurement.dir", "/refarch/out/measurements")
        .containsEntry("mongodb.audit.dir", "/refarch/out/audit");

    Map<String, String> off = new HashMap<>();
    ClientPlan.placeOutputs(off, "/tmp/run-0");
    assertThat(off).containsEntry("measurement.dir", "/tmp/run-0/measurements")
        .doesNotContainKey("mongodb.audit.dir");
  }

  @Test
  void onlyTheMongoDbClientBindingLogsAcknowledgedInserts() {
    assertThatThrownBy(() -> TrialRunner.validate(spec().db(MeasuredDb.class.getName()).build()))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("measurement.audit='true'")
        .hasMessageContaining("MongoDbClient");
  }

  @Test
  void aClusterTheRunnerCannotReachIsRefusedBeforeAnythingRuns(@TempDir Path dir) {
    UnreachableCluster unreachable = new UnreachableCluster(
        "mongodb://refarch-rs0-0.refarch-rs0.bench.svc.cluster.local:27017/?replicaSet=rs0");
    TrialRunner runner = new TrialRunner(dir).withClients((s, phase, clientsDir) -> {
      throw new AssertionError("no client may start");
    });
    assertThatThrownBy(() -> runner.run(spec().phases(true, false).build(), unreachable))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("measurement.audit='true'")
        .hasMessageContaining("k8s.runnerInCluster");
    assertThat(Files.exists(dir.resolve("audit"))).isFalse();
  }
}
