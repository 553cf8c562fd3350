package dev.refarch.ycsb.workloads;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.CreateCollectionOptions;
import dev.refarch.platform.spi.RunningCluster;
import dev.refarch.ycsb.testing.LocalReplicaSet;
import dev.refarch.ycsb.testing.YcsbProcess;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** RefarchWorkload through the stock YCSB client and this binding, against a real replica set. */
@ExtendWith(LocalReplicaSet.class)
class RefarchWorkloadIT {

  private static final Duration TIMEOUT = Duration.ofMinutes(3);

  private final RunningCluster cluster;

  RefarchWorkloadIT(RunningCluster cluster) {
    this.cluster = cluster;
  }

  private Map<String, String> workload(String letter, String db, int records, int operations) {
    Properties core = CoreWorkloads.properties(letter);
    Map<String, String> p = new HashMap<>();
    core.stringPropertyNames().forEach(k -> p.put(k, core.getProperty(k)));
    p.put("workload", RefarchWorkload.class.getName());
    p.put("recordcount", String.valueOf(records));
    p.put("operationcount", String.valueOf(operations));
    p.put("threadcount", "4");
    p.put("mongodb.url", LocalReplicaSet.url(cluster, db));
    return p;
  }

  private static YcsbProcess.Result ok(YcsbProcess.Result result) {
    assertThat(result.exitCode()).as(result.all()).isZero();
    assertThat(result.stdout()).as(result.all()).doesNotContain("Return=ERROR")
        .doesNotContain("Return=SERVICE_UNAVAILABLE");
    return result;
  }

  private MongoDatabase database(MongoClient client, String db) {
    return client.getDatabase(db);
  }

  /** YCSB's {@code [OP], name, value} figure. */
  private static double figure(YcsbProcess.Result result, String operation, String name) {
    Matcher m = Pattern.compile("^\\[" + Pattern.quote(operation) + "\\], " + Pattern.quote(name)
        + ", ([0-9.Ee+-]+)$", Pattern.MULTILINE).matcher(result.stdout());
    assertThat(m.find()).as("[%s], %s in%n%s", operation, name, result.stdout()).isTrue();
    return Double.parseDouble(m.group(1));
  }

  @Test
  void rerunningWorkloadEOnTheSameDataInsertsNoDuplicateKeys() throws Exception {
    Map<String, String> props = workload("e", "rerun_e", 300, 400);
    props.put("mongodb.batchsize", "100");
    ok(YcsbProcess.run("-load", props, TIMEOUT));
    long inserted = 0;
    for (int run = 1; run <= 2; run++) {
      YcsbProcess.Result result = ok(YcsbProcess.run("-t", props, TIMEOUT));
      assertThat(result.operations("INSERT")).as("run %d inserts", run).isPositive();
      assertThat(result.count("INSERT", "OK")).isEqualTo(result.operations("INSERT"));
      assertThat(result.stderr()).contains("inserts of this run use ordinals");
      inserted += result.operations("INSERT");
    }
    try (MongoClient client = MongoClients.create(cluster.connectionString())) {
      assertThat(database(client, "rerun_e").getCollection("usertable").countDocuments())
          .isEqualTo(300 + inserted);
    }
  }

  @Test
  void ycsbsOwnInsertKeysCollideOnTheSecondRun() throws Exception {
    Map<String, String> props = workload("d", "rerun_d_after_load", 200, 300);
    props.put("refarch.insertKeys", "after-load");
    ok(YcsbProcess.run("-load", props, TIMEOUT));
    ok(YcsbProcess.run("-t", props, TIMEOUT));
    YcsbProcess.Result second = YcsbProcess.run("-t", props, TIMEOUT);
    assertThat(second.count("INSERT", "ERROR")).as("the control: YCSB's keys collide").isPositive();
    assertThat(second.stderr()).contains("E11000 duplicate key error");
  }

  @Test
  void activeDatasetRequestsOnlyReachTheActiveRange() throws Exception {
    String db = "active_set";
    Map<String, String> props = workload("c", db, 1_000, 3_000);
    props.put("insertorder", "ordered");
    props.put("zeropadding", "4");
    props.put("requestdistribution", "uniform");
    props.put("refarch.active.fraction", "0.2");
    ok(YcsbProcess.run("-load", props, TIMEOUT));
    try (MongoClient client = MongoClients.create(cluster.connectionString())) {
      MongoDatabase database = database(client, db);
      database.createCollection("system.profile",
          new CreateCollectionOptions().capped(true).sizeInBytes(64L << 20));
      database.runCommand(new Document("profile", 2));
      try {
        ok(YcsbProcess.run("-t", props, TIMEOUT));
      } finally {
        database.runCommand(new Document("profile", 0));
      }
      List<String> keys = database.getCollection("system.profile")
          .find(new Document("ns", db + ".usertable").append("op", "query"))
          .map(d -> d.get("command", Document.class).get("filter", Document.class).getString("_id"))
          .into(new ArrayList<>());
      assertThat(keys).as("the server saw every read").hasSize(3_000);
      Set<Long> ordinals = new HashSet<>();
      keys.forEach(k -> ordinals.add(Long.parseLong(k.substring(KeySpace.PREFIX.length()))));
      assertThat(ordinals).allSatisfy(o -> assertThat(o).isBetween(0L, 199L));
      assertThat(ordinals).as("uniform over the active range").hasSizeGreaterThan(190);
    }
  }

  @ParameterizedTest
  @EnumSource(DataPreset.class)
  void eachPresetYieldsDocumentsOfTheDocumentedSize(DataPreset preset) throws Exception {
    String db = "preset_" + preset.name().toLowerCase(Locale.ROOT);
    Map<String, String> props = workload("a", db, 50, 1);
    props.put("refarch.data.preset", preset.label());
    // 19 digits: the documented sizes assume YCSB's usual 23-character keys
    props.put("insertorder", "ordered");
    props.put("zeropadding", "19");
    props.put("refarch.data.valueType", preset == DataPreset.NETAPP_2KB ? "string" : "binary");
    ok(YcsbProcess.run("-load", props, TIMEOUT));
    try (MongoClient client = MongoClients.create(cluster.connectionString())) {
      List<Integer> sizes = database(client, db).getCollection("usertable").aggregate(List.of(
          new Document("$project", new Document("size", new Document("$bsonSize", "$$ROOT")))))
          .map(d -> d.getInteger("size")).into(new ArrayList<>());
      assertThat(sizes).hasSize(50).containsOnly(preset.documentBytes());
    }
  }

  @Test
  void scanMeasurementsInYcsbAndSummaryEqualTheTruth(@TempDir Path dir) throws Exception {
    Map<String, String> props = workload("e", "scan_truth", 1_000, 300);
    props.put("refarch.data.preset", "ycsb-default");
    props.put("insertorder", "ordered");
    props.put("zeropadding", "6");
    props.put("scanproportion", "1");
    props.put("insertproportion", "0");
    props.put("scanlengthdistribution", "constant");
    props.put("maxscanlength", "10");
    props.put("requestdistribution", "uniform");
    // starts up to ordinal 989, so that every scan has its 10 records
    props.put("refarch.active.records", "990");
    props.put("mongodb.scan.mode", "range");
    ok(YcsbProcess.run("-load", props, TIMEOUT));
    props.put("measurement.dir", dir.toString());
    YcsbProcess.Result run = ok(YcsbProcess.run("-t", props, TIMEOUT));

    // 10 records of 1,155 B: 4 + _id "user000123" (20) + 10 fields of 113 + 1
    long documentBytes = 1_155;
    assertThat(run.operations("SCAN-DOCUMENTS")).isEqualTo(300);
    assertThat(figure(run, "SCAN-DOCUMENTS", "AverageLatency(us)")).isEqualTo(10.0);
    assertThat(figure(run, "SCAN-DOCUMENTS", "MinLatency(us)")).isEqualTo(10.0);
    assertThat(figure(run, "SCAN-DOCUMENTS", "MaxLatency(us)")).isEqualTo(10.0);
    // YCSB's HdrHistogram keeps three significant digits
    assertThat(figure(run, "SCAN-BYTES", "AverageLatency(us)"))
        .isCloseTo(10.0 * documentBytes, org.assertj.core.api.Assertions.within(0.001 * 10 * documentBytes));

    JsonNode metrics = new ObjectMapper().readTree(dir.resolve("summary.json").toFile())
        .get("operations").get("SCAN").get("metrics");
    assertThat(metrics.get("documents").get("sum").asLong()).isEqualTo(3_000);
    assertThat(metrics.get("bytes").get("sum").asLong()).isEqualTo(3_000 * documentBytes);
    assertThat(metrics.get("bytes").get("max").asLong()).isEqualTo(10 * documentBytes);
  }

  @Test
  void indexScansRunEndToEndOnHashedKeys() throws Exception {
    Map<String, String> props = workload("e", "index_scans", 500, 400);
    props.put("mongodb.scan.indexField", "ordinal");
    props.put("mongodb.batchsize", "50");
    ok(YcsbProcess.run("-load", props, TIMEOUT));
    props.put("mongodb.scan.mode", "index");
    props.put("mongodb.scan.hint", "auto");
    YcsbProcess.Result run = ok(YcsbProcess.run("-t", props, TIMEOUT));
    assertThat(run.stdout()).doesNotContain("[SCAN], Return=NOT_FOUND");
    assertThat(run.operations("SCAN")).isPositive();
    assertThat(figure(run, "SCAN-DOCUMENTS", "AverageLatency(us)")).as("uniform 1..100 from"
        + " popular ordinals").isGreaterThan(20);
    try (MongoClient client = MongoClients.create(cluster.connectionString())) {
      Document inserted = database(client, "index_scans").getCollection("usertable")
          .find(new Document("ordinal", new Document("$gte", 500))).first();
      assertThat(inserted).as("run-phase inserts carry their ordinal too").isNotNull();
    }
  }
}
