package dev.refarch.testcontainers.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.client.MongoClient;
import dev.refarch.experiments.trial.TrialRunner;
import dev.refarch.experiments.faults.FaultReport;
import dev.refarch.experiments.faults.Interruption;
import dev.refarch.experiments.results.TrialResult;
import dev.refarch.platform.spi.RunningCluster;
import dev.refarch.testcontainers.junit.MongoCluster;
import dev.refarch.experiments.results.TelemetryFile;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The integration suite on a three-member replica set — here from local processes, where Docker
 * exists from Testcontainers, or an existing cluster given by {@code -Drefarch.mongodb.uri}:
 * workloads A and E, each durability profile, and the interruption a primary step-down causes.
 */
@MongoCluster(topology = MongoCluster.Kind.REPLICA_SET, members = 3, settings = {
    "local.electionTimeoutMillis=2000", "testcontainers.electionTimeoutMillis=2000"})
class ReplicaSetSuiteIT {

  /**
   * A step-down hands over at once, after at most the catch-up period the injector grants a
   * secondary (5 s for seconds=10); this covers that, the election, a retried operation and a
   * bucket, on a loaded machine too (4.6 s was seen there with a quick catch-up).
   */
  static final long INTERRUPTION_BOUND_MS = 10_000;

  @TempDir
  Path results;

  @Test
  void workloadALoadsAndRunsReadsAndUpdates(RunningCluster cluster, MongoClient client)
      throws Exception {
    TrialResult r = new TrialRunner(results).run(Workloads.trial(cluster, "rs-suite", "workload-a",
        "a", "rs_workload_a").build(), cluster.state());

    Workloads.assertCompleted(r, "READ", "UPDATE");
    assertThat(client.getDatabase("rs_workload_a").getCollection("usertable").countDocuments())
        .isEqualTo(Workloads.RECORDS);
    assertThat(r.effectiveSettings()).containsEntry("mongodb.topologyType",
        cluster.connectionString().contains("directConnection=true") ? "SINGLE" : "REPLICA_SET");
    serversWereSampled(cluster, r);
  }

  /**
   * The servers' side of the trial: MongoDB's counters of every member, and the CPU, memory and
   * I/O of each member's container (from the Docker engine) or process (from /proc).
   */
  private static void serversWereSampled(RunningCluster cluster, TrialResult r) {
    boolean containers = !cluster.state().of("testcontainers").isEmpty();
    String source = containers ? "container" : "process";
    assertThat(r.telemetry().sources()).as("partial: %s", r.telemetry().partial())
        .containsKeys("mongodb", source);
    List<TelemetryFile.Row> rows = TelemetryFile.read(r.folder().resolve(TelemetryFile.FILE));
    List<String> members = r.telemetry().sources().get(source);
    assertThat(members).hasSize(3);
    assertThat(r.telemetry().sources().get("mongodb")).as("named as the provisioner names them")
        .containsExactlyInAnyOrderElementsOf(members);
    for (String member : members) {
      for (String metric : containers ? List.of("cpu", "memory.usage", "disk.writeBytes")
          : List.of("cpu", "memory.rss")) {
        assertThat(rows).as(source + " " + metric + " of " + member)
            .anyMatch(w -> w.source().equals(source) && w.member().equals(member)
                && w.metric().startsWith(metric));
      }
    }
    assertThat(rows).as("the primary's updates, from serverStatus")
        .anyMatch(w -> w.source().equals("mongodb") && w.metric().equals("ops.update")
            && w.value() > 0);
  }

  @Test
  void workloadELoadsAndRunsScansAndInserts(RunningCluster cluster, MongoClient client)
      throws Exception {
    TrialResult r = new TrialRunner(results).run(Workloads.trial(cluster, "rs-suite", "workload-e",
        "e", "rs_workload_e").build(), cluster.state());

    Workloads.assertCompleted(r, "SCAN", "INSERT");
    assertThat(client.getDatabase("rs_workload_e").getCollection("usertable").countDocuments())
        .isGreaterThan(Workloads.RECORDS);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "throughput        | {\"w\": 0, \"j\": false}",
      "balanced          | {\"w\": 1, \"j\": false}",
      "balanced-majority | {\"w\": \"majority\", \"j\": false}",
      "durable           | {\"w\": 1, \"j\": true}",
      "durable-majority  | {\"w\": \"majority\", \"j\": true}"})
  void eachDurabilityProfileLoadsAndRunsWithItsWriteConcern(String profile, String writeConcern,
      RunningCluster cluster) throws Exception {
    TrialResult r = new TrialRunner(results).run(Workloads.trial(cluster, "rs-suite", profile,
        "a", "rs_" + profile.replace('-', '_')).property("mongodb.durability", profile).build(),
        cluster.state());

    Workloads.assertCompleted(r, "READ", "UPDATE");
    assertThat(r.effectiveSettings()).containsEntry("mongodb.durability", profile)
        .containsEntry("mongodb.writeConcern", writeConcern);
  }

  @Test
  void steppingDownThePrimaryInterruptsOperationsBriefly(RunningCluster cluster) throws Exception {
    TrialResult r = new TrialRunner(results).run(Workloads.trial(cluster, "rs-suite", "stepdown",
        "a", "rs_stepdown").property("operationcount", "100000000")
        .property("maxexecutiontime", "13").property("measurement.timelineResolution", "100")
        .property("mongodb.durability", "balanced")
        .faults("4s stepdown primary seconds=10").build(), cluster);

    assertThat(r.failures()).isEmpty();
    FaultReport stepDown = r.faults().get(0);
    assertThat(stepDown.event().action()).isEqualTo("stepdown");
    System.out.println("[rs-suite] stepdown of " + stepDown.event().member() + ": election "
        + stepDown.electionMs().map(ms -> ms + " ms").orElse("not watched") + ", interruption "
        + stepDown.interruptions());
    for (String op : new String[] {"READ", "UPDATE"}) {
      Interruption i = stepDown.interruptions().get(op);
      assertThat(i).as(op + " ran before the step-down (4 s into its measured operations)")
          .isNotNull();
      assertThat(i.resumed()).as(op + " resumed").isTrue();
      assertThat(i.interruptionMs()).as(op).isLessThan(INTERRUPTION_BOUND_MS);
    }
  }
}
