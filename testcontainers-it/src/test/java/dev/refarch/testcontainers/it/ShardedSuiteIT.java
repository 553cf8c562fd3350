package dev.refarch.testcontainers.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.client.MongoClient;
import dev.refarch.experiments.trial.TrialRunner;
import dev.refarch.experiments.faults.FaultReport;
import dev.refarch.experiments.faults.Interruption;
import dev.refarch.experiments.results.TrialResult;
import dev.refarch.platform.spi.RunningCluster;
import dev.refarch.testcontainers.junit.MongoCluster;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The integration suite on a sharded cluster of two shards of three members, through its router:
 * workloads A and E with hashed and range shard keys and where their documents and chunks land,
 * each durability profile, and the interruption a shard primary's step-down causes.
 *
 * <p>Needs Docker (Testcontainers), a {@code mongos} for the local provisioner
 * ({@code MONGOS_BIN}/{@code MONGODB_HOME}), or {@code -Drefarch.mongodb.uri} naming a sharded
 * cluster; without any, each test is reported as skipped with the reasons.
 */
@MongoCluster(topology = MongoCluster.Kind.SHARDED, shards = 2, members = 3, settings = {
    "local.electionTimeoutMillis=2000", "testcontainers.electionTimeoutMillis=2000"})
class ShardedSuiteIT {

  /** As {@link ReplicaSetSuiteIT#INTERRUPTION_BOUND_MS}: catch-up, election, retry, bucket. */
  static final long INTERRUPTION_BOUND_MS = 10_000;

  @TempDir
  Path results;

  @Test
  void hashedShardKeySpreadsWorkloadAOverEveryShard(RunningCluster cluster, MongoClient client)
      throws Exception {
    ShardedCollections.shardHashed(client, "sh_hashed_a", "usertable");

    TrialResult r = new TrialRunner(results).run(Workloads.trial(cluster, "sharded-suite",
        "hashed-a", "a", "sh_hashed_a").build(), cluster.state());

    Workloads.assertCompleted(r, "READ", "UPDATE");
    assertThat(r.effectiveSettings()).containsEntry("mongodb.topologyType", "SHARDED");
    Map<String, Long> docs = ShardedCollections.documentsPerShard(client, "sh_hashed_a",
        "usertable");
    Map<String, Long> chunks = ShardedCollections.chunksPerShard(client, "sh_hashed_a",
        "usertable");
    System.out.println("[sharded-suite] hashed _id: documents " + docs + ", chunks " + chunks);
    assertThat(docs).hasSize(2);
    assertThat(docs.values().stream().mapToLong(Long::longValue).sum())
        .isEqualTo(Workloads.RECORDS);
    // hashing spreads 2000 keys over two shards: each holds 30–70 % of them
    assertThat(docs.values()).allSatisfy(n ->
        assertThat(n).isBetween(Workloads.RECORDS * 3L / 10, Workloads.RECORDS * 7L / 10));
    assertThat(chunks).hasSize(2).allSatisfy((shard, n) -> assertThat(n).isPositive());
  }

  @Test
  void rangeShardKeyKeepsEachKeyRangeOnItsShardForWorkloadE(RunningCluster cluster,
      MongoClient client) throws Exception {
    // YCSB's hashed key order spreads "user1…" to "user9…": "user5" splits them about in half
    String upperShard = ShardedCollections.shardRange(client, "sh_range_e", "usertable", "user5");

    TrialResult r = new TrialRunner(results).run(Workloads.trial(cluster, "sharded-suite",
        "range-e", "e", "sh_range_e").build(), cluster.state());

    Workloads.assertCompleted(r, "SCAN", "INSERT");
    Map<String, Long> docs = ShardedCollections.documentsPerShard(client, "sh_range_e",
        "usertable");
    Map<String, Long> chunks = ShardedCollections.chunksPerShard(client, "sh_range_e",
        "usertable");
    System.out.println("[sharded-suite] range _id split at user5: documents " + docs
        + ", chunks " + chunks);
    assertThat(chunks).hasSize(2).containsKey(upperShard);
    assertThat(docs).hasSize(2).allSatisfy((shard, n) ->
        assertThat(n).isGreaterThan(Workloads.RECORDS / 4));
    long upper = client.getDatabase("sh_range_e").getCollection("usertable")
        .countDocuments(new org.bson.Document("_id", new org.bson.Document("$gte", "user5")));
    assertThat(docs.get(upperShard)).isEqualTo(upper);
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"throughput", "balanced", "balanced-majority", "durable",
      "durable-majority"})
  void eachDurabilityProfileLoadsAndRunsThroughTheRouter(String profile, RunningCluster cluster,
      MongoClient client) throws Exception {
    String db = "sh_" + profile.replace('-', '_');
    ShardedCollections.shardHashed(client, db, "usertable");

    TrialResult r = new TrialRunner(results).run(Workloads.trial(cluster, "sharded-suite", profile,
        "a", db).property("mongodb.durability", profile).build(), cluster.state());

    Workloads.assertCompleted(r, "READ", "UPDATE");
    assertThat(r.effectiveSettings()).containsEntry("mongodb.durability", profile)
        .containsEntry("mongodb.topologyType", "SHARDED");
  }

  @Test
  void steppingDownAShardPrimaryInterruptsOperationsBriefly(RunningCluster cluster,
      MongoClient client) throws Exception {
    ShardedCollections.shardHashed(client, "sh_stepdown", "usertable");

    TrialResult r = new TrialRunner(results).run(Workloads.trial(cluster, "sharded-suite",
        "stepdown", "a", "sh_stepdown").property("operationcount", "100000000")
        .property("maxexecutiontime", "13").property("measurement.timelineResolution", "100")
        .property("mongodb.durability", "balanced")
        .faults("4s stepdown shard0/primary seconds=10").build(), cluster);

    assertThat(r.failures()).isEmpty();
    FaultReport stepDown = r.faults().get(0);
    System.out.println("[sharded-suite] stepdown of " + stepDown.event().member()
        + ": interruption " + stepDown.interruptions());
    for (String op : new String[] {"READ", "UPDATE"}) {
      Interruption i = stepDown.interruptions().get(op);
      assertThat(i).as(op + " ran before the step-down (4 s into its measured operations)")
          .isNotNull();
      assertThat(i.resumed()).as(op + " resumed").isTrue();
      assertThat(i.interruptionMs()).as(op).isLessThan(INTERRUPTION_BOUND_MS);
    }
  }
}
