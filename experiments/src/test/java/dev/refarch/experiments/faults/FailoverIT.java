package dev.refarch.experiments.faults;

import static org.assertj.core.api.Assertions.assertThat;

import dev.refarch.experiments.trial.TrialRunner;
import dev.refarch.experiments.trial.TrialSpec;
import dev.refarch.experiments.results.TrialResult;
import dev.refarch.platform.spi.Extensions;
import dev.refarch.platform.spi.Phase;
import dev.refarch.platform.spi.RunningCluster;
import dev.refarch.platform.spi.Topology;
import dev.refarch.ycsb.measure.OperationSummary;
import dev.refarch.ycsb.workloads.CoreWorkloads;
import dev.refarch.experiments.results.TelemetryFile;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Client-observed interruption under real failures of a real three-member replica set whose
 * election timeout is 2 s (the server default is 10 s; a short one keeps the test short).
 */
class FailoverIT {

  static final long ELECTION_TIMEOUT_MS = 2_000;
  /**
   * Documented margin on top of the election timeout: the election itself (its timeout is
   * randomised by up to 15 %), the driver noticing the new primary, a retried operation, and one
   * 100 ms timeline bucket.
   */
  static final long MARGIN_MS = 3_000;

  private static RunningCluster pss;

  @BeforeAll
  static void start() {
    pss = Extensions.provisioner("local").start(Topology.parse("pss"),
        Map.of("local.electionTimeoutMillis", String.valueOf(ELECTION_TIMEOUT_MS)));
  }

  @AfterAll
  static void stop() {
    if (pss != null) {
      pss.close();
    }
  }

  static TrialSpec.Builder workloadA(RunningCluster cluster, String trial) {
    return TrialSpec.builder("failover-it", trial).cluster(cluster.connectionString())
        .properties(CoreWorkloads.properties("a"))
        .property("recordcount", "2000").property("operationcount", "100000000")
        .property("measurement.timelineResolution", "100")
        .property("mongodb.durability", "balanced")
        .clients(1).threadsPerClient(4).phaseTimeout(Duration.ofMinutes(2));
  }

  @Test
  void killingThePrimaryInterruptsForAboutAnElection(@TempDir Path dir) throws Exception {
    TrialSpec spec = workloadA(pss, "kill-primary").property("maxexecutiontime", "14")
        .faults("4s kill primary; 9s restart primary").build();
    TrialResult r = new TrialRunner(dir).run(spec, pss);

    assertThat(r.failures()).isEmpty();
    assertThat(r.faults()).hasSize(2);
    FaultReport kill = r.faults().get(0);
    String json = java.nio.file.Files.readString(r.folder().resolve("trial.json"));
    System.out.println("[failover] " + json.substring(json.indexOf("\"faults\" : ["), json.indexOf("\"phases\"")));
    assertThat(kill.event().action()).isEqualTo("kill");
    assertThat(kill.electionMs()).as("server-side election time").isPresent();
    assertThat(kill.electionMs().get()).isBetween(ELECTION_TIMEOUT_MS / 2, ELECTION_TIMEOUT_MS + MARGIN_MS);
    for (String op : new String[] {"READ", "UPDATE"}) {
      Interruption i = kill.interruptions().get(op);
      assertThat(i.resumed()).as(op + " resumed").isTrue();
      assertThat(i.interruptionMs()).as(op).isPositive().isLessThan(ELECTION_TIMEOUT_MS + MARGIN_MS);
    }
    assertThat(r.folder().resolve("events.csv")).exists();
    telemetryShowsTheKillTheElectionAndTheLag(r, kill);
  }

  /**
   * The same trial seen from the servers: every member sampled each second, the killed member
   * missing from its kill to its restart, another member primary after it, secondaries' lag.
   */
  private static void telemetryShowsTheKillTheElectionAndTheLag(TrialResult r, FaultReport kill) {
    List<TelemetryFile.Row> rows = TelemetryFile.read(r.folder().resolve(TelemetryFile.FILE));
    String killed = kill.event().member();
    Set<String> members = Set.of("rs0-0", "rs0-1", "rs0-2");
    assertThat(r.telemetry().sources()).containsKeys("mongodb", "process");
    assertThat(r.telemetry().sources().get("mongodb")).containsExactlyInAnyOrderElementsOf(members);
    for (String source : List.of("mongodb", "process")) {
      assertThat(rows.stream().filter(w -> w.source().equals(source)).map(TelemetryFile.Row::member)
          .collect(Collectors.toSet())).as(source + " members").isEqualTo(members);
    }
    assertThat(rows).as("the old primary's server CPU")
        .anyMatch(w -> w.member().equals(killed) && w.metric().equals("cpu.user"));
    long killedAt = kill.event().epochMillis();
    assertThat(rows).as("a member other than %s primary after the kill", killed)
        .anyMatch(w -> w.metric().equals("repl.primary") && w.value() == 1
            && !w.member().equals(killed) && w.epochMs() > killedAt);
    assertThat(rows).as("no sample of the killed member while it was down")
        .noneMatch(w -> w.source().equals("mongodb") && w.member().equals(killed)
            && w.epochMs() > killedAt + 1_000 && w.epochMs() < killedAt + 4_000);
    assertThat(rows).as("secondaries' lag").anyMatch(w -> w.metric().equals("repl.lag"));
    if (r.telemetry().sources().containsKey("disk")) {
      assertThat(rows).as("the data directory's disk").anyMatch(w -> w.metric().equals("disk.writes"));
    } else {
      // a machine whose temporary folder is a tmpfs has no block device under the data
      assertThat(r.telemetry().partial()).as("why no disk was sampled")
          .anyMatch(l -> l.startsWith("disk: could not open: ") && l.contains("no block device"));
    }
    assertThat(r.telemetry().partial()).as("the kill shows as the member's gap")
        .anyMatch(line -> line.startsWith("mongodb: " + killed + ": "));
    assertThat(r.telemetry().phases().get(Phase.RUN)).as("the run phase's figures")
        .anyMatch(f -> f.metric().equals("ops.update") && f.mean() > 0);
  }

  @Test
  void pausingTheOnlyMemberShowsAGapAsLongAsThePause(@TempDir Path dir) throws Exception {
    // one member: no election can end the pause early, so the gap is the pause
    try (RunningCluster rs1 = Extensions.provisioner("local").start(Topology.parse("rs=1"), Map.of())) {
      TrialSpec spec = workloadA(rs1, "pause").property("maxexecutiontime", "10")
          .faults("3s pause primary; 6s resume primary").build();
      TrialResult r = new TrialRunner(dir).run(spec, rs1);
      assertThat(r.failures()).isEmpty();
      FaultReport pause = r.faults().get(0);
      long paused = r.faults().get(1).event().epochMillis() - pause.event().epochMillis();
      assertThat(paused).isBetween(2_500L, 3_500L);
      for (Interruption i : pause.interruptions().values()) {
        assertThat(i.interruptionMs()).as(i.operation()).isCloseTo(paused,
            org.assertj.core.data.Offset.offset(1_000L));
      }
      assertThat(pause.interruptions()).containsKeys("READ", "UPDATE");
    }
  }

  @Test
  void aServerThatNeverReturnsEndsTheRunOnTimeWithErrorsCounted(@TempDir Path dir) throws Exception {
    try (RunningCluster rs1 = Extensions.provisioner("local").start(Topology.parse("rs=1"), Map.of())) {
      TrialSpec spec = workloadA(rs1, "never-returns").property("maxexecutiontime", "8")
          .property("mongodb.serverSelectionTimeoutMS", "1500")
          .faults("2s kill primary").build();
      long started = System.nanoTime();
      TrialResult r = new TrialRunner(dir).run(spec, rs1);
      // load, then a run that must end at maxexecutiontime plus one server-selection timeout
      assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(40));
      assertThat(r.summary(Phase.RUN)).as("run summary; failures: %s", r.failures()).isPresent();
      OperationSummary read = r.summary(Phase.RUN).orElseThrow().operation("READ").orElseThrow();
      assertThat(read.counts().getOrDefault("SERVICE_UNAVAILABLE", 0L)).isPositive();
      assertThat(r.faults().get(0).interruptions().get("READ").resumed()).isFalse();
      assertThat(r.effectiveSettings()).containsEntry("mongodb.serverSelectionTimeoutMS", "1500")
          .containsEntry("mongodb.socketTimeoutMS", "30000").containsEntry("mongodb.retryWrites", "true");
    }
  }
}
