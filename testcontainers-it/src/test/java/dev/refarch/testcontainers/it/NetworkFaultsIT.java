package dev.refarch.testcontainers.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.client.MongoClient;
import dev.refarch.experiments.audit.AckAudit;
import dev.refarch.experiments.audit.RollbackCheck;
import dev.refarch.experiments.faults.FaultReport;
import dev.refarch.experiments.results.TrialResult;
import dev.refarch.experiments.trial.TrialRunner;
import dev.refarch.platform.spi.RunningCluster;
import dev.refarch.testcontainers.cluster.ContainerCluster;
import dev.refarch.testcontainers.junit.MongoCluster;
import java.nio.file.Path;
import java.util.List;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Network faults with a direction, on one three-member replica set of containers: a primary
 * isolated from its peers while its clients still reach it — the case in which {@code w:1} loses
 * acknowledged writes — checked against what MongoDB itself wrote to its {@code rollback/}
 * folder; the same with {@code durable-majority}, which must lose nothing; a one-way cut; and the
 * packet filters lifted when a trial fails before its {@code heal}.
 *
 * <p>Each test leaves the set whole, so the class shares one cluster.
 */
@MongoCluster(members = 3, backends = "testcontainers",
    settings = "testcontainers.electionTimeoutMillis=2000")
class NetworkFaultsIT {

  @TempDir
  Path results;

  /**
   * Inserts and updates, half each (uniform keys, as W1), 4 threads, for 28 s: the primary is isolated from its peers 2 s after the client
   * runs measured operations and healed 20 s later — twice the members' 10 s heartbeat timeout,
   * so that the majority has elected another primary before the heal even when heartbeats and
   * votes run late on a loaded machine (with 10 s, a CI machine running two suites side by side
   * once healed before any election, and nothing was rolled back); the audit after the trial
   * waits until the old primary has rolled back.
   */
  private TrialResult isolateAndHeal(RunningCluster cluster, String trial, String durability)
      throws InterruptedException {
    return new TrialRunner(results).run(Workloads.trial(cluster, "network-faults", trial, "a",
            "net_" + trial.replace('-', '_'))
        .property("readproportion", "0").property("updateproportion", "0.5")
        .property("insertproportion", "0.5").property("requestdistribution", "uniform")
        .property("mongodb.batchsize", "1")
        .property("operationcount", "100000000").property("maxexecutiontime", "28")
        .property("measurement.audit", "true").property("mongodb.durability", durability)
        .faults("2s isolate primary from=peers; 22s heal primary timeoutSeconds=60").build(),
        cluster);
  }

  @Test
  void balancedLosesWhatTheIsolatedPrimaryAcknowledgedAndItsRollbackFilesHoldIt(
      MongoClient client, RunningCluster cluster) throws Exception {
    TrialResult r = isolateAndHeal(cluster, "isolate-balanced", "balanced");

    assertThat(r.failures()).as("failures").isEmpty();
    assertThat(r.faults()).extracting(f -> f.event().action()).containsExactly("isolate", "heal");
    String oldPrimary = r.faults().get(0).event().member();
    AckAudit.AuditReport audit = r.audit().orElseThrow();
    RollbackCheck.Rollback rollback = audit.rollback().orElseThrow(() -> new AssertionError(
        "the trial read no rollback files"));
    System.out.printf("[network-faults] isolate primary from peers, balanced: inserts %d"
        + " acknowledged, %d lost; updates %d acknowledged, %d lost in %d records; rollback files"
        + " of %s hold %d documents of the collection, %d of them lost inserts, %d records with a"
        + " lost update; %s%n", audit.acknowledged(), audit.lost(), audit.updates().acknowledged(),
        audit.updates().lost(), audit.updates().lostKeys().size(), rollback.members(),
        rollback.documents(), rollback.lostFound(), rollback.lostUpdatesFound(), describe(r));
    assertThat(audit.lost()).as("w:1 writes acknowledged by a primary cut off from its"
        + " majority, rolled back when it rejoined").isPositive();
    assertThat(rollback.caughtUp()).as("the rollback was over when its files were read").isTrue();
    assertThat(rollback.members()).as("whose rollback files hold them").containsExactly(oldPrimary);
    assertThat(rollback.lostFound()).as("every acknowledged insert the audit found lost is in the"
        + " old primary's rollback files (MongoDB's own record of what it removed)")
        .isEqualTo(audit.lost());
    assertThat(audit.updates().lost()).as("w:1 updates acknowledged by the isolated primary and"
        + " rolled back, where no later write covers them").isPositive();
    assertThat(rollback.lostUpdatesFound()).as("every record with a lost update is in the old"
        + " primary's rollback files").isEqualTo(audit.updates().lostKeys().size());
    assertThat(rollback.documents()).as("rolled back documents; more than the lost ones only by"
        + " writes that were not acknowledged, were overwritten later or were retried on the new"
        + " primary").isGreaterThanOrEqualTo(audit.lost());
  }

  @ParameterizedTest(name = "repetition {0}")
  @ValueSource(ints = {1, 2, 3})
  void durableMajorityLosesNothingWhenThePrimaryIsIsolated(int repetition, MongoClient client,
      RunningCluster cluster) throws Exception {
    String trial = "isolate-majority-" + repetition;
    TrialResult r = isolateAndHeal(cluster, trial, "durable-majority");

    assertThat(r.failures()).as("failures").isEmpty();
    assertThat(r.faults()).extracting(f -> f.event().action()).containsExactly("isolate", "heal");
    AckAudit.AuditReport audit = r.audit().orElseThrow();
    System.out.printf("[network-faults] isolate primary from peers, durable-majority, repetition"
        + " %d: inserts %d acknowledged, %d lost; updates %d acknowledged, %d lost; %s%n",
        repetition, audit.acknowledged(), audit.lost(), audit.updates().acknowledged(),
        audit.updates().lost(), describe(r));
    assertThat(audit.acknowledged()).as("acknowledged inserts").isPositive();
    assertThat(audit.updates().acknowledged()).as("acknowledged updates").isPositive();
    assertThat(audit.lostKeys()).as("majority-acknowledged, journaled writes survive an isolated"
        + " primary").isEmpty();
    assertThat(audit.updates().lostKeys()).as("and so do such updates").isEmpty();
  }

  @Test
  void aOneWayCutFailsOnlyTheCutMembersOwnConnections(MongoClient client,
      RunningCluster cluster) throws Exception {
    ContainerCluster containers = (ContainerCluster) cluster;
    var faults = cluster.faults();
    String primary = primaryName(containers, client);
    String secondary = containers.members().stream().map(m -> m.name())
        .filter(n -> !n.equals(primary)).findFirst().orElseThrow();
    faults.inject(dev.refarch.platform.spi.Fault.of("cut", secondary).with("to", primary));
    try {
      // the secondary's heartbeats to the primary fail; the primary's to the secondary pass
      Document seenBySecondary = awaitHealth(containers, secondary, primary, 0);
      Document seenByPrimary = containers.member(primary).run(new Document("replSetGetStatus", 1));
      assertThat(health(containers, seenByPrimary, secondary)).as(primary + " still hears " + secondary)
          .isEqualTo(1.0);
      assertThat(health(containers, seenBySecondary, primary)).as(secondary + " no longer reaches "
          + primary).isEqualTo(0.0);
      assertThat(containers.packetFilters()).as("the kernel's filters, with drops")
          .anySatisfy(f -> assertThat(f).startsWith(secondary + ": RF-cut-")
              .doesNotContain("dropped 0 packets"));
    } finally {
      faults.inject(dev.refarch.platform.spi.Fault.of("heal", secondary));
    }
    assertThat(containers.packetFilters()).as("filters after heal").isEmpty();
    awaitHealth(containers, secondary, primary, 1);
  }

  @Test
  void isolatedFromClientsAMemberStillHearsItsPeers(MongoClient client, RunningCluster cluster)
      throws Exception {
    ContainerCluster containers = (ContainerCluster) cluster;
    String primary = primaryName(containers, client);
    String secondary = containers.members().stream().map(m -> m.name())
        .filter(n -> !n.equals(primary)).findFirst().orElseThrow();
    cluster.faults().inject(dev.refarch.platform.spi.Fault.of("isolate", secondary)
        .with("from", "clients"));
    try {
      // a new connection from this machine, as a client opens one, gets no answer
      String address = containers.member(secondary).externalAddress();
      try (MongoClient fresh = com.mongodb.client.MongoClients.create(
          com.mongodb.MongoClientSettings.builder()
              .applyToClusterSettings(c -> c.hosts(List.of(new com.mongodb.ServerAddress(
                  address.substring(0, address.lastIndexOf(':')),
                  Integer.parseInt(address.substring(address.lastIndexOf(':') + 1)))))
                  .mode(com.mongodb.connection.ClusterConnectionMode.SINGLE)
                  .serverSelectionTimeout(3, java.util.concurrent.TimeUnit.SECONDS))
              .applyToSocketSettings(x -> x.connectTimeout(2, java.util.concurrent.TimeUnit.SECONDS)
                  .readTimeout(2, java.util.concurrent.TimeUnit.SECONDS))
              .build())) {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> fresh.getDatabase("admin")
            .runCommand(new Document("ping", 1))).as("a client's ping to " + secondary)
            .isInstanceOf(com.mongodb.MongoException.class);
      }
      // while the primary keeps hearing it, past an election timeout
      Thread.sleep(3_000);
      Document status = containers.member(primary).run(new Document("replSetGetStatus", 1));
      assertThat(health(containers, status, secondary)).as(primary + " still hears " + secondary)
          .isEqualTo(1.0);
      assertThat(containers.packetFilters()).as("the filter on this machine, with drops")
          .anySatisfy(f -> assertThat(f).startsWith("this machine: RF-cli-")
              .doesNotContain("dropped 0 packets"));
    } finally {
      cluster.faults().inject(dev.refarch.platform.spi.Fault.of("heal", secondary));
    }
    assertThat(containers.packetFilters()).as("filters after heal").isEmpty();
  }

  /**
   * A trial whose second fault fails ({@code restart} needs a member that is down; the isolated
   * or cut primary is not) leaves no packet filter behind: the runner restores what the first
   * fault did.
   */
  @ParameterizedTest(name = "{0}, then a fault that fails")
  @CsvSource({"isolate-then-fail, isolate primary from=all",
      "cut-then-fail, cut primary to=secondary"})
  void aTrialThatFailsBeforeItsHealLeavesNoFilterBehind(String trial, String fault,
      MongoClient client, RunningCluster cluster) throws Exception {
    ContainerCluster containers = (ContainerCluster) cluster;
    TrialResult r = new TrialRunner(results).run(Workloads.trial(cluster, "network-faults",
            trial, "a", "net_" + trial.replace('-', '_'))
        .property("operationcount", "100000000").property("maxexecutiontime", "6")
        .faults("1s " + fault + "; 2s restart primary").build(), cluster);

    assertThat(r.failures()).as("the trial failed at its second fault")
        .anySatisfy(f -> assertThat(f).contains("restart"));
    assertThat(r.faults()).extracting(f -> f.event().action())
        .contains(fault.substring(0, fault.indexOf(' ')));
    assertThat(containers.packetFilters()).as("packet filters left in any member or on this"
        + " machine after the failed trial").isEmpty();
  }

  /** The name of the member the replica set calls primary (it names members by address). */
  private static String primaryName(ContainerCluster cluster, MongoClient client) {
    String address = client.getDatabase("admin").runCommand(new Document("hello", 1))
        .getString("primary");
    return cluster.members().stream().filter(m -> m.externalAddress().equals(address))
        .map(m -> m.name()).findFirst().orElseThrow(() -> new AssertionError("no member at "
            + address));
  }

  private static Document awaitHealth(ContainerCluster cluster, String observer, String other,
      double health) throws InterruptedException {
    long deadline = System.currentTimeMillis() + 30_000;
    Document status;
    do {
      status = cluster.member(observer).run(new Document("replSetGetStatus", 1));
      if (health(cluster, status, other) == health) {
        return status;
      }
      Thread.sleep(250);
    } while (System.currentTimeMillis() < deadline);
    throw new AssertionError(observer + " did not see " + other + " at health " + health
        + " in 30 s: " + status.toJson());
  }

  /** How {@code status}'s member sees {@code member}'s health: 1 up, 0 unreachable. */
  private static double health(ContainerCluster cluster, Document status, String member) {
    String address = cluster.member(member).externalAddress();
    return status.getList("members", Document.class).stream()
        .filter(m -> address.equals(m.getString("name"))).findFirst()
        .map(m -> ((Number) m.get("health")).doubleValue())
        .orElseThrow(() -> new AssertionError("no member " + address + " in " + status.toJson()));
  }

  private static String describe(TrialResult r) {
    return r.faults().stream().map(FaultReport::event).map(e -> e.action() + " " + e.member()
        + " (" + e.detail() + ")").toList().toString();
  }

  /** The set whole again — one writable primary, every member primary or secondary. */
  @AfterEach
  void setIsWholeAgain(MongoClient client) throws InterruptedException {
    Workloads.awaitWholeSet(client);
  }
}
