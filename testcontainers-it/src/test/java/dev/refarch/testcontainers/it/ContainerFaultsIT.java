package dev.refarch.testcontainers.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.client.MongoClient;
import com.mongodb.client.model.Filters;
import dev.refarch.experiments.audit.AckAudit;
import dev.refarch.experiments.trial.TrialRunner;
import dev.refarch.experiments.faults.FaultReport;
import dev.refarch.experiments.results.TrialResult;
import dev.refarch.platform.spi.RunningCluster;
import dev.refarch.testcontainers.cluster.ContainerCluster;
import dev.refarch.testcontainers.junit.MongoCluster;
import dev.refarch.ycsb.measure.Timeline;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Container faults as fault-schedule actions, on one three-member replica set of containers: each
 * takes a member out while reads, updates and inserts run, brings it back, and the trial reports
 * the client-observed interruption per operation type and audits every acknowledged insert. With
 * {@code durable-majority} no acknowledged write may be lost, whatever the fault; with
 * {@code balanced} the audit reports what a partition of the primary lost.
 *
 * <p>Each test leaves the set whole (the member back, every member primary or secondary), so the
 * class shares one cluster.
 */
@MongoCluster(members = 3, backends = "testcontainers",
    settings = "testcontainers.electionTimeoutMillis=2000")
class ContainerFaultsIT {

  /** The operations every fault trial runs, each with its own interruption. */
  static final List<String> OPERATIONS = List.of("READ", "UPDATE", "INSERT");
  static final int RESOLUTION_MS = 100;

  @TempDir
  Path results;

  /** A fault trial's result and the database it wrote to. */
  private record FaultTrial(TrialResult result, String database) {
  }

  /**
   * A trial of reads, updates and inserts for 13 s; the member is taken out 2 s after the client
   * runs measured operations (the schedule's clock starts then, however slowly the client JVM
   * started) and brought back 4 s later, which leaves 7 s for {@code restart} to see it back in
   * its set (over 3 s was seen on a loaded machine).
   */
  private FaultTrial run(RunningCluster cluster, String trial, String durability, String fault,
      String repair) throws InterruptedException {
    String database = "faults_" + trial.replace('-', '_');
    TrialResult r = new TrialRunner(results).run(Workloads.trial(cluster, "container-faults",
        trial, "a", database)
        .property("readproportion", "0.5").property("updateproportion", "0.3")
        .property("insertproportion", "0.2")
        .property("operationcount", "100000000").property("maxexecutiontime", "13")
        .property("measurement.timelineResolution", String.valueOf(RESOLUTION_MS))
        .property("measurement.audit", "true").property("mongodb.durability", durability)
        .faults("2s " + fault + " primary; 6s " + repair + " primary").build(), cluster);
    return new FaultTrial(r, database);
  }

  @ParameterizedTest(name = "{0} and {1} the primary, run {2}")
  @CsvSource({"kill, restart, 1", "partition, heal, 1", "stop, restart, 1", "pause, resume, 1"})
  void durableMajorityLosesNoAcknowledgedWrite(String fault, String repair, int run,
      MongoClient client, RunningCluster cluster) throws Exception {
    FaultTrial t = run(cluster, fault + "-" + run, "durable-majority", fault, repair);

    AckAudit.AuditReport audit = assertTakenOutAndBack(t.result(), fault, repair,
        client.getDatabase(t.database()).getCollection("usertable").countDocuments());
    System.out.printf("[container-faults] %s primary, durable-majority, run %d: %d acknowledged,"
        + " %d lost; %s%n", fault, run, audit.acknowledged(), audit.lost(), describe(t.result()));
    assertThat(audit.lostKeys()).as("majority-acknowledged, journaled writes survive a " + fault)
        .isEmpty();
  }

  @Test
  void balancedReportsWhatAPartitionOfThePrimaryLost(MongoClient client, RunningCluster cluster)
      throws Exception {
    FaultTrial t = run(cluster, "partition-balanced", "balanced", "partition", "heal");

    var table = client.getDatabase(t.database()).getCollection("usertable");
    AckAudit.AuditReport audit = assertTakenOutAndBack(t.result(), "partition", "heal",
        table.countDocuments());
    System.out.printf("[container-faults] partition primary, balanced: %d acknowledged, %d lost"
        + " %s; %s%n", audit.acknowledged(), audit.lost(), audit.lostKeys().stream().limit(5)
        .toList(), describe(t.result()));
    for (String lost : audit.lostKeys()) {
      assertThat(table.countDocuments(Filters.eq("_id", lost))).as(lost + " reported lost")
          .isZero();
    }
  }

  /**
   * A trial whose second fault fails (no disk is capped, so {@code restore-disk} has nothing to
   * lift) after a {@code pause} or {@code partition} of the primary: the runner restores what the
   * first did, so the member runs unpaused and is back on the cluster's network when the trial
   * has failed, before this class's next test.
   */
  @ParameterizedTest(name = "{0} the primary, then a fault that fails")
  @CsvSource({"pause", "partition"})
  void aTrialThatFailsBeforeItsRepairLeavesTheMemberWhole(String fault, MongoClient client,
      RunningCluster cluster) throws Exception {
    ContainerCluster containers = (ContainerCluster) cluster;
    TrialResult r = new TrialRunner(results).run(Workloads.trial(cluster, "container-faults",
            fault + "-then-fail", "a", "faults_" + fault + "_fail")
        .property("operationcount", "100000000").property("maxexecutiontime", "6")
        .faults("1s " + fault + " primary; 2s restore-disk primary").build(), cluster);

    assertThat(r.failures()).as("the trial failed at its second fault")
        .anySatisfy(f -> assertThat(f).contains("restore-disk"));
    assertThat(r.faults()).extracting(f -> f.event().action()).contains(fault);
    java.util.Set<java.util.Set<String>> networks = new java.util.HashSet<>();
    for (var member : containers.members()) {
      var inspected = member.container().getDockerClient()
          .inspectContainerCmd(member.container().getContainerId()).exec();
      assertThat(inspected.getState().getRunning()).as(member.name() + " running").isTrue();
      assertThat(inspected.getState().getPaused()).as(member.name() + " paused").isFalse();
      networks.add(inspected.getNetworkSettings().getNetworks().keySet());
    }
    assertThat(networks).as("every member on the same networks, none off them").hasSize(1)
        .allSatisfy(n -> assertThat(n).isNotEmpty());
  }

  /**
   * Asserts that the trial ran clean, that both faults fired on the same member, that every
   * operation type succeeded before the fault (so its interruption is measured) and again once
   * the member was back — not necessarily before: writes to a paused primary wait until the
   * clients find the new one — and that the audit covered the inserts (the collection holds every
   * acknowledged insert not reported lost, and maybe some that failed on the client but were
   * applied); returns the audit.
   */
  private static AckAudit.AuditReport assertTakenOutAndBack(TrialResult r, String fault,
      String repair, long documents) throws IOException {
    assertThat(r.failures()).as("failures").isEmpty();
    assertThat(r.faults()).extracting(f -> f.event().action()).containsExactly(fault, repair);
    FaultReport out = r.faults().get(0);
    FaultReport back = r.faults().get(1);
    assertThat(back.event().member()).isEqualTo(out.event().member());
    Timeline timeline = Timeline.readCsv(r.folder().resolve("timeline.csv"), RESOLUTION_MS);
    for (String op : OPERATIONS) {
      assertThat(out.interruptions()).as(op + " measured across the " + fault).containsKey(op);
      assertThat(successes(timeline, op, 0, out.event().epochMillis()))
          .as(op + " succeeded before the " + fault).isPositive();
      assertThat(successes(timeline, op, back.event().epochMillis(), Long.MAX_VALUE))
          .as(op + " succeeded after the " + repair).isPositive();
    }
    AckAudit.AuditReport audit = r.audit().orElseThrow();
    assertThat(audit.acknowledged()).as("acknowledged inserts").isGreaterThan(Workloads.RECORDS)
        .isLessThanOrEqualTo(documents + audit.lost());
    return audit;
  }

  private static long successes(Timeline timeline, String op, long fromMs, long toMs) {
    return timeline.rows().stream().filter(row -> row.operation().equals(op)
        && row.epochMs() >= fromMs && row.epochMs() < toMs).mapToLong(Timeline.Row::successes)
        .sum();
  }

  private static String describe(TrialResult r) {
    return r.faults().stream().map(f -> f.event().action() + " " + f.event().member()
        + f.electionMs().map(ms -> ", election " + ms + " ms").orElse("")
        + f.interruptions().values().stream().map(i -> i.operation() + " " + i.interruptionMs()
            + " ms").collect(Collectors.joining(", ", ": interruption ", ""))
        + (f.event().durationsMs().isEmpty() ? "" : ", " + f.event().durationsMs()))
        .collect(Collectors.joining("; "));
  }

  /**
   * Every member back as primary or secondary, and the primary writable, before the next test
   * takes one out.
   */
  @AfterEach
  void setIsWholeAgain(MongoClient client) throws InterruptedException {
    Workloads.awaitWholeSet(client);
  }
}
