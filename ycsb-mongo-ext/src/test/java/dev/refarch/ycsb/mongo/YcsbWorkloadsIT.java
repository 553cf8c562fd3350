package dev.refarch.ycsb.mongo;

import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import dev.refarch.platform.spi.RunningCluster;
import dev.refarch.ycsb.testing.LocalReplicaSet;
import dev.refarch.ycsb.testing.YcsbProcess;
import dev.refarch.ycsb.workloads.CoreWorkloads;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import org.bson.Document;
import org.bson.types.Binary;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Loads and runs each core workload through the stock YCSB client against a real replica set. */
@ExtendWith(LocalReplicaSet.class)
class YcsbWorkloadsIT {

  private static final int RECORDS = 300;
  private static final int OPERATIONS = 600;
  private static final Duration TIMEOUT = Duration.ofMinutes(2);

  private static Map<String, String> workload(String letter, RunningCluster cluster, String db) {
    Properties p = CoreWorkloads.properties(letter);
    Map<String, String> m = new HashMap<>();
    p.stringPropertyNames().forEach(k -> m.put(k, p.getProperty(k)));
    m.put("recordcount", String.valueOf(RECORDS));
    m.put("operationcount", String.valueOf(OPERATIONS));
    m.put("threadcount", "4");
    m.put("mongodb.url", LocalReplicaSet.url(cluster, db));
    return m;
  }

  @ParameterizedTest(name = "workload {0}, batch size {1}")
  @CsvSource({"a, 1, READ, UPDATE", "b, 50, READ, UPDATE", "c, 1, READ, READ",
      "d, 1, READ, INSERT", "e, 100, SCAN, INSERT", "f, 7, READ, READ-MODIFY-WRITE"})
  void loadsAndRunsCoreWorkload(String letter, int batch, String op1, String op2) throws Exception {
    String db = "workload_" + letter;
    Map<String, String> props = workload(letter, cluster, db);
    props.put("mongodb.batchsize", String.valueOf(batch));

    YcsbProcess.Result load = YcsbProcess.run("-load", props, TIMEOUT);
    assertThat(load.exitCode()).as(load.all()).isZero();
    assertThat(load.operations("INSERT")).isEqualTo(RECORDS);
    assertThat(load.count("INSERT", "ERROR")).isZero();
    assertThat(load.count("INSERT", "OK") + load.count("INSERT", "BATCHED_OK")).isEqualTo(RECORDS);
    assertThat(load.stderr()).containsOnlyOnce("effective settings:")
        .contains("topologyType=REPLICA_SET").contains("serverVersion=").contains("batchSize=" + batch);

    try (MongoClient client = MongoClients.create(cluster.connectionString())) {
      MongoCollection<Document> table = client.getDatabase(db).getCollection("usertable");
      assertThat(table.countDocuments()).isEqualTo(RECORDS);
      Document one = table.find().first();
      assertThat(one.keySet()).hasSize(11).contains("_id", "field0", "field9");
      assertThat(one.get("field0", Binary.class).getData()).hasSize(100);
    }

    YcsbProcess.Result run = YcsbProcess.run("-t", props, TIMEOUT);
    assertThat(run.exitCode()).as(run.all()).isZero();
    assertThat(run.operations(op1)).as(run.stdout()).isPositive();
    assertThat(run.operations(op2)).as(run.stdout()).isPositive();
    assertThat(run.stdout()).as("no operation failed").doesNotContain("Return=ERROR")
        .doesNotContain("Return=NOT_FOUND").doesNotContain("Return=SERVICE_UNAVAILABLE");
  }

  private final RunningCluster cluster;

  YcsbWorkloadsIT(RunningCluster cluster) {
    this.cluster = cluster;
  }

  @Test
  void bulkLoadRecordsOneBatchLatencyPerFlushAndFlushesThePartialBatch() throws Exception {
    Map<String, String> props = workload("a", cluster, "bulk_partial");
    props.put("recordcount", "1003");
    props.put("threadcount", "1");
    props.put("batchsize", "100");
    YcsbProcess.Result load = YcsbProcess.run("-load", props, TIMEOUT);
    assertThat(load.exitCode()).as(load.all()).isZero();
    // 10 full batches during the run and the partial 11th in cleanup()
    assertThat(load.operations(YcsbMeasurements.INSERT_BATCH)).isEqualTo(11);
    assertThat(load.count("INSERT", "OK")).isEqualTo(10);
    assertThat(load.count("INSERT", "BATCHED_OK")).isEqualTo(993);
    try (MongoClient client = MongoClients.create(cluster.connectionString())) {
      assertThat(client.getDatabase("bulk_partial").getCollection("usertable").countDocuments())
          .isEqualTo(1003);
    }
  }

  @Test
  void rejectedConfigurationLeavesTheDatabaseUntouched() throws Exception {
    Map<String, String> props = workload("a", cluster, "rejected");
    props.put("mongodb.durability", "fast");
    YcsbProcess.Result load = YcsbProcess.run("-load", props, TIMEOUT);
    assertThat(load.all()).contains("mongodb.durability='fast' is not allowed; allowed: throughput,"
        + " balanced, balanced-majority, durable, durable-majority");
    assertThat(load.count("INSERT", "OK")).isZero();
    try (MongoClient client = MongoClients.create(cluster.connectionString())) {
      assertThat(client.listDatabaseNames().into(new java.util.ArrayList<>())).doesNotContain("rejected");
    }
  }

  @Test
  void unknownMongodbKeyIsRejectedBeforeConnecting() throws Exception {
    Map<String, String> props = workload("a", cluster, "rejected_key");
    props.put("mongodb.batchsise", "100");
    YcsbProcess.Result load = YcsbProcess.run("-load", props, TIMEOUT);
    assertThat(load.all()).contains("mongodb.batchsise='100' is not allowed")
        .contains("did you mean 'mongodb.batchsize'?").doesNotContain("effective settings:");
    try (MongoClient client = MongoClients.create(cluster.connectionString())) {
      assertThat(client.listDatabaseNames().into(new java.util.ArrayList<>())).doesNotContain("rejected_key");
    }
  }

}
