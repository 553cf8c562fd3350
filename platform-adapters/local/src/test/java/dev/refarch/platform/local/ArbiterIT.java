package dev.refarch.platform.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.refarch.platform.spi.Fault;
import dev.refarch.platform.spi.FaultEvent;
import dev.refarch.platform.spi.RunningCluster;
import dev.refarch.platform.spi.Topology;
import dev.refarch.platform.spi.config.ConfigurationException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The {@code arbiter} target on {@code rs=3} (two data members and an arbiter). */
class ArbiterIT {

  @TempDir
  static Path parent;
  private static RunningCluster cluster;
  private static final Map<String, Long> everyPid = new HashMap<>();

  @BeforeAll
  static void startReplicaSet() {
    cluster = new LocalProvisioner().start(Topology.parse("rs=3"),
        Map.of("local.workDir", parent.toString()));
  }

  @AfterAll
  static void stopReplicaSet() {
    Clusters.pids(cluster.state()).forEach((m, pid) -> everyPid.put(m + "@" + pid, pid));
    cluster.close();
    Clusters.assertNothingRunning(everyPid, parent);
  }

  @Test
  void arbiterTargetResolvesToTheArbiterForPauseAndResume() {
    FaultEvent paused = cluster.faults().inject(Fault.of("pause", "arbiter"));
    assertThat(paused.member()).isEqualTo("rs0-2");
    assertThat(Clusters.facts(cluster)).containsEntry("member.rs0-2.process", "paused");

    FaultEvent resumed = cluster.faults().inject(Fault.of("resume", "arbiter"));
    assertThat(resumed.member()).isEqualTo("rs0-2");
    assertThat(Clusters.facts(cluster)).containsEntry("member.rs0-2.process", "running");
  }

  @Test
  void aKilledArbiterRestartsAsArbiter() {
    Clusters.pids(cluster.state()).forEach((m, pid) -> everyPid.put(m + "@" + pid, pid));
    FaultEvent killed = cluster.faults().inject(Fault.of("kill", "arbiter"));
    assertThat(killed.member()).isEqualTo("rs0-2");
    assertThat(killed.detail()).contains("was arbiter");

    FaultEvent restarted = cluster.faults().inject(Fault.of("restart", "arbiter"));
    assertThat(restarted.member()).isEqualTo("rs0-2");
    assertThat(restarted.detail()).endsWith("now ARBITER");
  }

  @Test
  void anArbiterCannotBeSteppedDown() {
    assertThatThrownBy(() -> cluster.faults().inject(Fault.of("stepdown", "arbiter")))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("primary or a data member's name for stepdown");
  }
}
