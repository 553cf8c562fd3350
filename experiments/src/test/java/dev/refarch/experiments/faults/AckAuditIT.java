package dev.refarch.experiments.faults;

import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.model.Filters;
import dev.refarch.experiments.audit.AckAudit;
import dev.refarch.experiments.trial.TrialRunner;
import dev.refarch.experiments.trial.TrialSpec;
import dev.refarch.experiments.results.TrialResult;
import dev.refarch.platform.spi.Extensions;
import dev.refarch.platform.spi.RunningCluster;
import dev.refarch.platform.spi.Topology;
import dev.refarch.ycsb.workloads.CoreWorkloads;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The acknowledged-write audit: kill -9 the primary during inserts, let a new primary take over,
 * restart the old one (which rolls back what it had not replicated), then read back every key the
 * clients saw acknowledged.
 */
class AckAuditIT {

  private static TrialSpec insertsUnderFailover(RunningCluster cluster, String trial, String profile,
      Path audit) {
    return TrialSpec.builder("audit-it", trial).cluster(cluster.connectionString() )
        .properties(CoreWorkloads.properties("a"))
        .property("recordcount", "5000000").property("maxexecutiontime", "12")
        .property("mongodb.durability", profile)
        .property("mongodb.audit.dir", audit.toString())
        .property("measurement.timelineResolution", "100")
        .phases(true, false).clients(1).threadsPerClient(8).phaseTimeout(Duration.ofMinutes(2))
        .faults("load+3s kill primary; load+7s restart primary").build();
  }

  /** Waits until the restarted member has rejoined and caught up, so rollbacks are done. */
  private static void awaitHealthy(RunningCluster cluster) throws InterruptedException {
    try (MongoClient c = MongoClients.create(cluster.connectionString())) {
      long deadline = System.currentTimeMillis() + 60_000;
      while (System.currentTimeMillis() < deadline) {
        var status = c.getDatabase("admin").runCommand(new org.bson.Document("replSetGetStatus", 1));
        List<String> states = status.getList("members", org.bson.Document.class).stream()
            .map(m -> m.getString("stateStr")).toList();
        if (states.stream().allMatch(s -> s.equals("PRIMARY") || s.equals("SECONDARY") || s.equals("ARBITER"))
            && states.contains("PRIMARY")) {
          return;
        }
        Thread.sleep(250);
      }
      throw new AssertionError("the replica set did not recover within 60 s");
    }
  }

  @ParameterizedTest(name = "{0}, {1}")
  @CsvSource({"pss, durable-majority, 2", "pss, balanced, 1", "rs=3, durable-majority, 1",
      "rs=3, balanced, 1"})
  void reportsAcknowledgedButLostWrites(String topology, String profile, int repetitions,
      @TempDir Path dir) throws Exception {
    try (RunningCluster cluster = Extensions.provisioner("local").start(Topology.parse(topology),
        Map.of("local.electionTimeoutMillis", "2000"))) {
      for (int rep = 0; rep < repetitions; rep++) {
        Path audit = dir.resolve("audit-" + rep);
        String trial = topology.replace('=', '-') + "-" + profile + "-" + rep;
        TrialResult r = new TrialRunner(dir.resolve("results"))
            .run(insertsUnderFailover(cluster, trial, profile, audit), cluster);
        assertThat(r.faults()).extracting(f -> f.event().action()).containsExactly("kill", "restart");
        awaitHealthy(cluster);
        AckAudit.AuditReport report = AckAudit.audit(cluster.connectionString(), "ycsb", "usertable", audit);
        System.out.printf("[audit] %s %s repetition %d: %d acknowledged, %d lost%n", topology,
            profile, rep, report.acknowledged(), report.lost());
        assertThat(report.acknowledged()).as("inserts were acknowledged").isPositive();
        if (profile.equals("durable-majority")) {
          assertThat(report.lostKeys()).as("majority-acknowledged, journaled writes survive").isEmpty();
        }
        try (MongoClient c = MongoClients.create(cluster.connectionString())) {
          var table = c.getDatabase("ycsb").getCollection("usertable");
          for (String lost : report.lostKeys()) {
            assertThat(table.countDocuments(Filters.eq("_id", lost))).isZero();
          }
          table.drop();
        }
      }
    }
  }

  @Test
  void reportsExactlyTheAcknowledgedDocumentsThatAreGone(@TempDir Path dir) throws Exception {
    try (RunningCluster rs1 = Extensions.provisioner("local").start(Topology.parse("rs=1"), Map.of())) {
      Path audit = dir.resolve("audit");
      TrialSpec spec = TrialSpec.builder("audit-it", "self-test").cluster(rs1.connectionString())
          .properties(CoreWorkloads.properties("a")).property("recordcount", "3000")
          .property("mongodb.batchsize", "100").property("mongodb.audit.dir", audit.toString())
          .phases(true, false).clients(2).threadsPerClient(2).build();
      assertThat(new TrialRunner(dir.resolve("results")).run(spec, rs1).failures()).isEmpty();

      List<String> acked = new ArrayList<>();
      try (Stream<Path> logs = Files.list(audit)) {
        for (Path log : logs.toList()) {
          acked.addAll(Files.readAllLines(log));
        }
      }
      assertThat(acked).hasSize(3000);
      List<String> deleted = acked.stream().sorted().skip(100).limit(7).toList();
      try (MongoClient c = MongoClients.create(rs1.connectionString())) {
        c.getDatabase("ycsb").getCollection("usertable").deleteMany(Filters.in("_id", deleted));
      }
      AckAudit.AuditReport report = AckAudit.audit(rs1.connectionString(), "ycsb", "usertable", audit);
      assertThat(report.acknowledged()).isEqualTo(3000);
      assertThat(report.lostKeys()).containsExactlyElementsOf(deleted);
    }
  }

  /**
   * Updates under 2 clients × 3 threads on 200 records, so that hot records take overlapping
   * updates of one field; nothing is lost. Then the test plays a rollback: it deletes two
   * records and sets one field of two others to a value no client wrote, and the audit must
   * name exactly those records, with exactly the acknowledged updates the logs hold for them.
   */
  @Test
  void reportsExactlyTheAcknowledgedUpdatesTheRecordsNoLongerShow(@TempDir Path dir)
      throws Exception {
    try (RunningCluster rs1 = Extensions.provisioner("local").start(Topology.parse("rs=1"), Map.of())) {
      Path audit = dir.resolve("audit");
      TrialSpec spec = TrialSpec.builder("audit-it", "updates").cluster(rs1.connectionString())
          .properties(CoreWorkloads.properties("a")).property("recordcount", "200")
          .property("operationcount", "6000").property("mongodb.audit.dir", audit.toString())
          .clients(2).threadsPerClient(3).build();
      assertThat(new TrialRunner(dir.resolve("results")).run(spec, rs1).failures()).isEmpty();
      AckAudit.AuditReport clean = AckAudit.audit(rs1.connectionString(), "ycsb", "usertable",
          audit);
      Map<String, List<String[]>> acked = new java.util.TreeMap<>();
      try (Stream<Path> logs = Files.list(audit)) {
        for (Path log : logs.filter(f -> f.getFileName().toString().startsWith("updates-"))
            .toList()) {
          for (String line : Files.readAllLines(log)) {
            String[] cols = line.split("\t");
            if (cols[3].equals("ok")) {
              acked.computeIfAbsent(cols[0], k -> new ArrayList<>()).add(cols);
            }
          }
        }
      }
      long total = acked.values().stream().mapToLong(List::size).sum();
      System.out.printf("[audit] updates: %d acknowledged of %d records, %d lost%n",
          clean.updates().acknowledged(), acked.size(), clean.updates().lost());
      assertThat(total).as("acknowledged updates in the logs").isGreaterThan(1000);
      assertThat(clean.updates().acknowledged()).isEqualTo(total);
      assertThat(clean.updates().lostKeys()).as("nothing lost without a fault").isEmpty();
      assertThat(clean.lost()).isZero();

      List<String> keys = new ArrayList<>(acked.keySet());
      List<String> deleted = keys.subList(0, 2);
      List<String> reverted = keys.subList(2, 4);
      long expected = deleted.stream().mapToLong(k -> acked.get(k).size()).sum();
      try (MongoClient c = MongoClients.create(rs1.connectionString())) {
        var table = c.getDatabase("ycsb").getCollection("usertable");
        table.deleteMany(Filters.in("_id", deleted));
        for (String key : reverted) {
          String field = acked.get(key).get(0)[4].split("=")[0];
          expected += acked.get(key).stream().filter(u -> u[4].contains(field + "=")).count();
          table.updateOne(Filters.eq("_id", key), new org.bson.Document("$set",
              new org.bson.Document(field, new org.bson.types.Binary(new byte[] {1, 2, 3}))));
        }
        AckAudit.AuditReport report = AckAudit.audit(rs1.connectionString(), "ycsb", "usertable",
            audit);
        assertThat(report.updates().lostKeys()).containsExactlyInAnyOrderElementsOf(
            java.util.stream.Stream.concat(deleted.stream(), reverted.stream()).toList());
        assertThat(report.updates().lost()).as("the acknowledged updates of the deleted records"
            + " and those of the reverted field").isEqualTo(expected);
        table.drop();
      }
    }
  }

  @Test
  void aTrialWithTheAuditOnChecksEveryClientsAcknowledgedInsertsItself(@TempDir Path dir)
      throws Exception {
    try (RunningCluster rs1 = Extensions.provisioner("local").start(Topology.parse("rs=1"), Map.of())) {
      TrialSpec spec = TrialSpec.builder("audit-it", "in-trial").cluster(rs1.connectionString())
          .properties(CoreWorkloads.properties("a")).property("recordcount", "3000")
          .property("mongodb.batchsize", "100").property("measurement.audit", "true")
          .phases(true, false).clients(2).threadsPerClient(2).build();
      TrialResult r = new TrialRunner(dir.resolve("results")).run(spec, rs1);

      assertThat(r.failures()).isEmpty();
      AckAudit.AuditReport audit = r.audit().orElseThrow();
      assertThat(audit.acknowledged()).isEqualTo(3000);
      assertThat(audit.lost()).isZero();
      // each client logged into its own folder of the results
      assertThat(r.folder().resolve("clients/load-0/audit")).isDirectory();
      assertThat(r.folder().resolve("clients/load-1/audit")).isDirectory();
      var trial = new com.fasterxml.jackson.databind.ObjectMapper()
          .readTree(r.folder().resolve("trial.json").toFile());
      assertThat(trial.get("audit").get("acknowledged").asLong()).isEqualTo(3000);
      assertThat(trial.get("audit").get("lost").asLong()).isZero();
      try (MongoClient c = MongoClients.create(rs1.connectionString())) {
        c.getDatabase("ycsb").getCollection("usertable").drop();
      }
    }
  }
}
