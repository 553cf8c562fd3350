package dev.refarch.ycsb.sharding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import dev.refarch.platform.spi.ClusterProvisioner;
import dev.refarch.platform.spi.Extensions;
import dev.refarch.platform.spi.RunningCluster;
import dev.refarch.platform.spi.Topology;
import dev.refarch.ycsb.testing.LocalReplicaSet;
import dev.refarch.ycsb.testing.YcsbProcess;
import dev.refarch.ycsb.workloads.CoreWorkloads;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.bson.Document;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The sharded-collection setup through a real {@code mongos}. The local provisioner needs a
 * {@code mongos} binary ({@code MONGOS_BIN} or {@code MONGODB_HOME}); without one the sharded
 * tests are reported as skipped with its reason. The refusal on a replica set runs everywhere.
 */
@ExtendWith(LocalReplicaSet.class)
class ShardingIT {

  private static final Duration TIMEOUT = Duration.ofMinutes(3);
  private static final Topology SHARDED = Topology.parse("sharded:2x1");
  private static final int RECORDS = 400;
  private static RunningCluster sharded;

  private final RunningCluster replicaSet;

  ShardingIT(RunningCluster replicaSet) {
    this.replicaSet = replicaSet;
  }

  @BeforeAll
  static void startShardedCluster() {
    ClusterProvisioner local = Extensions.provisioner("local");
    String reason = local.unavailableReason(SHARDED);
    if (reason == null) {
      sharded = local.start(SHARDED, Map.of());
    } else {
      System.out.println("ShardingIT: sharded tests skipped: " + reason);
    }
  }

  @AfterAll
  static void stopShardedCluster() {
    if (sharded != null) {
      sharded.close();
    }
  }

  private static void assumeSharded() {
    assumeTrue(sharded != null, () -> "no sharded cluster: "
        + Extensions.provisioner("local").unavailableReason(SHARDED));
  }

  private static Map<String, String> load(String url, String... kv) {
    Properties core = CoreWorkloads.properties("a");
    Map<String, String> p = new HashMap<>();
    core.stringPropertyNames().forEach(k -> p.put(k, core.getProperty(k)));
    p.put("workload", "dev.refarch.ycsb.workloads.RefarchWorkload");
    p.put("recordcount", String.valueOf(RECORDS));
    p.put("threadcount", "2");
    p.put("mongodb.url", url);
    p.put("mongodb.batchsize", "50");
    for (int i = 0; i < kv.length; i += 2) {
      p.put(kv[i], kv[i + 1]);
    }
    return p;
  }

  /** Facts the hook recorded, from the {@code platform state: {...}} line of the run. */
  private static Map<String, String> state(YcsbProcess.Result result) {
    Matcher line = Pattern.compile("platform state: \\{mongodb-sharding=\\{(.*)\\}\\}").matcher(result.stderr());
    assertThat(line.find()).as(result.all()).isTrue();
    Map<String, String> facts = new HashMap<>();
    for (String fact : line.group(1).split(", ")) {
      int eq = fact.indexOf('=');
      facts.put(fact.substring(0, eq), fact.substring(eq + 1));
    }
    return facts;
  }

  private static long sum(Map<String, String> facts, String suffix) {
    return facts.entrySet().stream().filter(e -> e.getKey().startsWith("shard.")
        && e.getKey().endsWith(suffix)).mapToLong(e -> Long.parseLong(e.getValue())).sum();
  }

  @ParameterizedTest(name = "shardKey={0}")
  @CsvSource({"hashed, hashed_load, hashed", "range, range_load, ordered"})
  void loadShardsTheCollectionAndRecordsTheDistribution(String key, String db, String order) throws Exception {
    assumeSharded();
    YcsbProcess.Result result = YcsbProcess.run("-load", load(LocalReplicaSet.url(sharded, db),
        "mongodb.shardKey", key, "mongodb.shard.chunks", "8", "mongodb.shard.balancer", "off",
        "insertorder", order, "zeropadding", "6"), TIMEOUT);
    assertThat(result.exitCode()).as(result.all()).isZero();
    assertThat(result.count("INSERT", "ERROR")).isZero();
    Map<String, String> facts = state(result);
    assertThat(facts).containsEntry("namespace", db + ".usertable")
        .containsEntry("chunks.requested", "8").containsEntry("balancer", "off")
        .containsKey("shardKey");
    assertThat(facts.get("shardKey")).contains(key.equals("hashed") ? "hashed" : "1");
    assertThat(sum(facts, ".chunks")).isEqualTo(8);
    assertThat(sum(facts, ".documents")).isEqualTo(RECORDS);
    assertThat(facts.keySet().stream().filter(k -> k.endsWith(".documents")).count())
        .as("documents on both shards").isEqualTo(2);
    try (MongoClient client = MongoClients.create(sharded.connectionString())) {
      assertThat(client.getDatabase(db).getCollection("usertable").countDocuments()).isEqualTo(RECORDS);
    }
  }

  @Test
  void shardKeyOnAReplicaSetIsRefusedBeforeAnythingIsWritten() throws Exception {
    YcsbProcess.Result result = YcsbProcess.run("-load",
        load(LocalReplicaSet.url(replicaSet, "not_sharded"), "mongodb.shardKey", "hashed"), TIMEOUT);
    assertThat(result.all()).contains("mongodb.shardKey='hashed' is not allowed; allowed: none,"
        + " unless mongodb.url names a mongos (mongodb.url connects to a REPLICA_SET, which has no"
        + " shards)");
    assertThat(result.count("INSERT", "OK")).isZero();
    try (MongoClient client = MongoClients.create(replicaSet.connectionString())) {
      assertThat(client.listDatabaseNames().into(new ArrayList<>())).doesNotContain("not_sharded");
    }
  }

  @Test
  void runPhaseRecordsTheDistributionAndRestoresTheBalancer() throws Exception {
    assumeSharded();
    String url = LocalReplicaSet.url(sharded, "run_phase");
    Map<String, String> props = load(url, "mongodb.shardKey", "hashed", "mongodb.shard.chunks", "4");
    assertThat(YcsbProcess.run("-load", props, TIMEOUT).exitCode()).isZero();
    props.put("mongodb.shard.balancer", "off");
    props.put("operationcount", "200");
    YcsbProcess.Result run = YcsbProcess.run("-t", props, TIMEOUT);
    assertThat(run.exitCode()).as(run.all()).isZero();
    Map<String, String> facts = state(run);
    assertThat(sum(facts, ".documents")).isEqualTo(RECORDS);
    try (MongoClient client = MongoClients.create(sharded.connectionString())) {
      Document status = client.getDatabase("admin").runCommand(new Document("balancerStatus", 1));
      assertThat(status.getString("mode")).as("balancer restored")
          .isEqualTo(facts.get("balancer.before").equals("off") ? "off" : "full");
    }
  }
}
