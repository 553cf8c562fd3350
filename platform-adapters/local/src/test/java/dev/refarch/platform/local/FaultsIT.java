package dev.refarch.platform.local;

import static dev.refarch.platform.local.Clusters.await;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.client.MongoClient;
import dev.refarch.platform.spi.Fault;
import dev.refarch.platform.spi.FaultEvent;
import dev.refarch.platform.spi.FaultInjector;
import dev.refarch.platform.spi.PlatformException;
import dev.refarch.platform.spi.RunningCluster;
import dev.refarch.platform.spi.Topology;
import dev.refarch.platform.spi.config.ConfigurationException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Faults on one shared three-data-member replica set with a 2 s election timeout. Each test
 * starts from a healthy set: whatever the previous test paused is resumed, whatever it killed is
 * restarted.
 */
class FaultsIT {

  private static final Duration ELECTION = Duration.ofSeconds(30);

  @TempDir
  static Path parent;
  private static RunningCluster cluster;
  private static FaultInjector faults;
  private static MongoClient client;
  private static final Map<String, Long> everyPid = new HashMap<>();

  @BeforeAll
  static void startReplicaSet() {
    cluster = new LocalProvisioner().start(Topology.parse("pss"), Map.of(
        "local.workDir", parent.toString(), "local.electionTimeoutMillis", "2000"));
    faults = cluster.faults();
    client = Clusters.client(cluster.connectionString());
  }

  @AfterAll
  static void stopReplicaSet() {
    recordPids();
    client.close();
    cluster.close();
    Clusters.assertNothingRunning(everyPid, parent);
  }

  @BeforeEach
  void healReplicaSet() {
    recordPids();
    Clusters.facts(cluster).forEach((key, value) -> {
      if (!key.endsWith(".process")) {
        return;
      }
      String member = key.substring("member.".length(), key.length() - ".process".length());
      if (value.equals("paused")) {
        faults.inject(Fault.of("resume", member));
      } else if (value.equals("exited")) {
        faults.inject(Fault.of("restart", member));
      }
    });
    await(ELECTION, "one PRIMARY and two SECONDARY", () -> {
      Map<String, String> states = Clusters.replicaStates(cluster, client);
      return states.values().stream().filter("PRIMARY"::equals).count() == 1
          && states.values().stream().filter("SECONDARY"::equals).count() == 2;
    });
  }

  @Test
  void killingThePrimaryElectsAnotherMember() {
    String before = primary();
    long pid = pid(before);
    long t0 = System.currentTimeMillis();

    FaultEvent event = faults.inject(Fault.of("kill", "primary"));

    assertThat(event.member()).isEqualTo(before);
    assertThat(event.action()).isEqualTo("kill");
    assertThat(event.epochMillis()).isBetween(t0, System.currentTimeMillis());
    assertThat(event.detail()).contains("SIGKILL pid " + pid);
    assertThat(Clusters.alive(pid)).isFalse();
    awaitPrimaryOtherThan(before);
  }

  @Test
  void aRestartedMemberRejoinsAsSecondaryOnItsPort() {
    String port = Clusters.facts(cluster).get("member.rs0-1.port");
    FaultEvent killed = faults.inject(Fault.of("kill", "secondary"));
    assertThat(Clusters.facts(cluster)).containsEntry("member." + killed.member() + ".process",
        "exited");

    FaultEvent restarted = faults.inject(Fault.of("restart", "secondary"));

    assertThat(restarted.member()).isEqualTo(killed.member());
    assertThat(restarted.detail()).contains("now SECONDARY");
    assertThat(Clusters.facts(cluster)).containsEntry("member.rs0-1.port", port)
        .containsEntry("member." + killed.member() + ".process", "running");
    await(ELECTION, killed.member() + " SECONDARY in the primary's view", () ->
        "SECONDARY".equals(Clusters.replicaStates(cluster, client).get(killed.member())));
  }

  @Test
  void aPausedPrimaryIsReplacedAndRejoinsAfterResume() throws IOException {
    String before = primary();
    long pid = pid(before);

    FaultEvent paused = faults.inject(Fault.of("pause", "primary"));

    assertThat(paused.member()).isEqualTo(before);
    assertThat(runState(pid)).isEqualTo('T');
    awaitPrimaryOtherThan(before);

    FaultEvent resumed = faults.inject(Fault.of("resume", "primary"));

    assertThat(resumed.member()).isEqualTo(before);
    assertThat(runState(pid)).isNotEqualTo('T');
    await(ELECTION, before + " back as SECONDARY", () ->
        "SECONDARY".equals(Clusters.replicaStates(cluster, client).get(before)));
  }

  @Test
  void stepDownHandsThePrimaryToAnotherMember() {
    String before = primary();

    FaultEvent event = faults.inject(Fault.of("stepdown", "primary").with("seconds", "10"));

    assertThat(event.member()).isEqualTo(before);
    assertThat(event.detail()).isEqualTo("replSetStepDown 10 s");
    awaitPrimaryOtherThan(before);
    assertThat(Clusters.alive(pid(before))).isTrue();
  }

  @Test
  void stoppingAMemberShutsItDownCleanly() {
    FaultEvent event = faults.inject(Fault.of("stop", "rs0-2"));

    assertThat(event.member()).isEqualTo("rs0-2");
    assertThat(event.detail()).contains("exited cleanly");
    assertThat(Clusters.facts(cluster)).containsEntry("member.rs0-2.process", "exited");
  }

  @Test
  void unknownActionsAndTargetsAreRejectedBeforeAnythingHappens() {
    Map<String, Long> pidsBefore = Clusters.pids(cluster.state());

    assertThatThrownBy(() -> faults.inject(Fault.of("explode", "primary")))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("kill, stop, pause, resume, stepdown, restart");
    assertThatThrownBy(() -> faults.inject(Fault.of("kill", "arbiter")))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("rs0 has no arbiter")
        .hasMessageContaining("primary, secondary, secondary:2, rs0/primary");
    assertThatThrownBy(() -> faults.inject(Fault.of("stepdown", "primary").with("secnds", "5")))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("did you mean 'seconds'?");

    assertThat(Clusters.pids(cluster.state())).isEqualTo(pidsBefore);
    assertThat(pidsBefore.values()).allMatch(Clusters::alive);
  }

  @Test
  void resumingAMemberThatIsNotPausedFails() {
    assertThatThrownBy(() -> faults.inject(Fault.of("resume", "rs0-0")))
        .isInstanceOf(PlatformException.class)
        .hasMessageContaining("rs0-0 is running; resume needs a paused member");
  }

  @Test
  void injectorListsMembersAndActions() {
    assertThat(faults.name()).isEqualTo("local");
    assertThat(faults.members()).containsExactly("rs0-0", "rs0-1", "rs0-2");
    assertThat(faults.actions())
        .isEqualTo(Set.of("kill", "stop", "pause", "resume", "stepdown", "restart", "slow-disk",
            "restore-disk"));
  }

  private static String primary() {
    return currentPrimary().orElseThrow(() -> new AssertionError("no primary"));
  }

  private static Optional<String> currentPrimary() {
    return Clusters.replicaStates(cluster, client).entrySet().stream()
        .filter(e -> e.getValue().equals("PRIMARY")).map(Map.Entry::getKey).findFirst();
  }

  private static void awaitPrimaryOtherThan(String old) {
    await(ELECTION, "a primary other than " + old,
        () -> currentPrimary().filter(now -> !now.equals(old)).isPresent());
  }

  private static long pid(String member) {
    return Long.parseLong(Clusters.facts(cluster).get("member." + member + ".pid"));
  }

  private static void recordPids() {
    Clusters.pids(cluster.state()).forEach((member, pid) -> everyPid.put(member + "@" + pid, pid));
  }

  private static char runState(long pid) throws IOException {
    String stat = Files.readString(Path.of("/proc", String.valueOf(pid), "stat"));
    return stat.charAt(stat.lastIndexOf(')') + 2);
  }
}
