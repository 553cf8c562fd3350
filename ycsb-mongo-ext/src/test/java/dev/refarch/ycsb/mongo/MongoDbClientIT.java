package dev.refarch.ycsb.mongo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import dev.refarch.platform.spi.RunningCluster;
import dev.refarch.ycsb.testing.KeyValues;
import dev.refarch.ycsb.testing.LocalReplicaSet;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.extension.ExtendWith;
import site.ycsb.ByteIterator;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;

/** The binding's operation semantics, called in-process against a real replica set. */
@ExtendWith(LocalReplicaSet.class)
class MongoDbClientIT {

  private final RunningCluster cluster;
  private final InProcessClients clients = new InProcessClients();
  private String db;
  private MongoClient verify;

  MongoDbClientIT(RunningCluster cluster) {
    this.cluster = cluster;
  }

  @BeforeEach
  void setUp(TestInfo test) {
    db = "it_" + test.getTestMethod().orElseThrow().getName().toLowerCase(java.util.Locale.ROOT);
    db = db.substring(0, Math.min(db.length(), 60));
    verify = MongoClients.create(cluster.connectionString());
  }

  @AfterEach
  void tearDown() throws DBException {
    clients.close();
    verify.close();
  }

  private MongoDbClient client(String... kv) throws DBException {
    Map<String, String> settings = KeyValues.of(kv);
    settings.put("dotransactions", "false");
    return clients.open(LocalReplicaSet.url(cluster, db), settings);
  }

  private MongoCollection<Document> table() {
    return verify.getDatabase(db).getCollection("usertable");
  }

  private static Map<String, ByteIterator> fields(String... kv) {
    Map<String, ByteIterator> m = new LinkedHashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      m.put(kv[i], new StringByteIterator(kv[i + 1]));
    }
    return m;
  }

  @Test
  void readReturnsInsertedFields() throws Exception {
    MongoDbClient c = client();
    assertThat(c.insert("usertable", "user1", fields("f0", "a", "f1", "b"))).isEqualTo(Status.OK);
    Map<String, ByteIterator> all = new HashMap<>();
    assertThat(c.read("usertable", "user1", null, all)).isEqualTo(Status.OK);
    assertThat(all.keySet()).containsExactlyInAnyOrder("f0", "f1");
    Map<String, ByteIterator> one = new HashMap<>();
    assertThat(c.read("usertable", "user1", Set.of("f1"), one)).isEqualTo(Status.OK);
    assertThat(one).containsOnlyKeys("f1");
    assertThat(one.get("f1").toString()).isEqualTo("b");
  }

  @Test
  void missingKeysAreNotFoundNotErrors() throws Exception {
    MongoDbClient c = client();
    c.insert("usertable", "user1", fields("f0", "a"));
    assertThat(c.read("usertable", "nope", null, new HashMap<>())).isEqualTo(Status.NOT_FOUND);
    assertThat(c.update("usertable", "nope", fields("f0", "z"))).isEqualTo(Status.NOT_FOUND);
    assertThat(c.delete("usertable", "nope")).isEqualTo(Status.NOT_FOUND);
    assertThat(c.scan("usertable", "zzz", 10, null, new Vector<>())).isEqualTo(Status.NOT_FOUND);
    assertThat(table().countDocuments()).isEqualTo(1);
  }

  @Test
  void updateChangesOnlyTheGivenFields() throws Exception {
    MongoDbClient c = client();
    c.insert("usertable", "user1", fields("f0", "a", "f1", "b"));
    assertThat(c.update("usertable", "user1", fields("f1", "new"))).isEqualTo(Status.OK);
    Document d = table().find().first();
    assertThat(new String(d.get("f0", org.bson.types.Binary.class).getData(), StandardCharsets.UTF_8)).isEqualTo("a");
    assertThat(new String(d.get("f1", org.bson.types.Binary.class).getData(), StandardCharsets.UTF_8)).isEqualTo("new");
  }

  @Test
  void deleteRemovesTheDocument() throws Exception {
    MongoDbClient c = client();
    c.insert("usertable", "user1", fields("f0", "a"));
    c.insert("usertable", "user2", fields("f0", "b"));
    assertThat(c.delete("usertable", "user1")).isEqualTo(Status.OK);
    assertThat(table().find().map(d -> d.getString("_id")).into(new ArrayList<>())).containsExactly("user2");
    assertThat(c.read("usertable", "user1", null, new HashMap<>())).isEqualTo(Status.NOT_FOUND);
  }

  @Test
  void scanReturnsRecordsInKeyOrderFromTheStartKey() throws Exception {
    MongoDbClient c = client();
    for (String k : List.of("user3", "user1", "user5", "user2", "user4")) {
      c.insert("usertable", k, fields("f0", k));
    }
    Vector<HashMap<String, ByteIterator>> rows = new Vector<>();
    assertThat(c.scan("usertable", "user2", 3, Set.of("f0"), rows)).isEqualTo(Status.OK);
    assertThat(rows).extracting(r -> r.get("f0").toString()).containsExactly("user2", "user3", "user4");
  }

  @Test
  void duplicateInsertIsAnError() throws Exception {
    MongoDbClient c = client();
    assertThat(c.insert("usertable", "user1", fields("f0", "a"))).isEqualTo(Status.OK);
    assertThat(c.insert("usertable", "user1", fields("f0", "b"))).isEqualTo(Status.ERROR);
  }

  @Test
  void upsertOverwritesAReloadedKey() throws Exception {
    MongoDbClient c = client("mongodb.upsert", "true");
    assertThat(c.insert("usertable", "user1", fields("f0", "a"))).isEqualTo(Status.OK);
    assertThat(c.insert("usertable", "user1", fields("f0", "b"))).isEqualTo(Status.OK);
    assertThat(table().countDocuments()).isEqualTo(1);
  }

  @Test
  void batchedInsertsAreWrittenPerBatchAndThePartialBatchInCleanup() throws Exception {
    MongoDbClient c = client("mongodb.batchsize", "4");
    List<Status> statuses = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      statuses.add(c.insert("usertable", "user" + i, fields("f0", "v")));
    }
    assertThat(statuses).containsExactly(Status.BATCHED_OK, Status.BATCHED_OK, Status.BATCHED_OK,
        Status.OK, Status.BATCHED_OK, Status.BATCHED_OK, Status.BATCHED_OK, Status.OK,
        Status.BATCHED_OK, Status.BATCHED_OK);
    assertThat(table().countDocuments()).isEqualTo(8);
    clients.close(c);
    assertThat(table().countDocuments()).isEqualTo(10);
  }

  @Test
  void batchedUpsertsOverwrite() throws Exception {
    MongoDbClient c = client("mongodb.batchsize", "3", "mongodb.upsert", "true");
    for (int i = 0; i < 6; i++) {
      c.insert("usertable", "user" + (i % 2), fields("f0", "v" + i));
    }
    clients.close(c);
    assertThat(table().countDocuments()).isEqualTo(2);
  }

  @Test
  void invalidPropertyFailsInitBeforeConnecting() {
    MongoDbClient c = new MongoDbClient();
    Properties p = new Properties();
    p.setProperty("mongodb.url", LocalReplicaSet.url(cluster, db));
    p.setProperty("mongodb.writeConcern.w", "abc");
    c.setProperties(p);
    assertThatThrownBy(c::init).isInstanceOf(DBException.class)
        .hasMessage("mongodb.writeConcern.w='abc' is not allowed; allowed: an integer from 0 to 50,"
            + " or majority");
    assertThat(verify.listDatabaseNames().into(new ArrayList<>())).doesNotContain(db);
  }

  @Test
  void credentialsNeverAppearInMessagesOrLogs() throws Exception {
    PrintStream original = System.err;
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
    try {
      MongoDbClient c = new MongoDbClient();
      Properties p = new Properties();
      p.setProperty("mongodb.url", "mongodb://user:password@127.0.0.1:9/db"
          + "?serverSelectionTimeoutMS=300&connectTimeoutMS=300");
      c.setProperties(p);
      assertThatThrownBy(c::init).isInstanceOf(DBException.class)
          .satisfies(e -> assertThat(e.getMessage()).doesNotContain("user:password"));
    } finally {
      System.setErr(original);
    }
    assertThat(captured.toString(StandardCharsets.UTF_8)).doesNotContain("user:password");
  }

  @Test
  void effectiveSettingsDescribeTheRun() throws Exception {
    client("mongodb.durability", "durable", "mongodb.readPreference", "primaryPreferred",
        "mongodb.readConcern", "majority", "mongodb.batchsize", "10", "threadcount", "250");
    EffectiveSettings e = MongoDbClient.effectiveSettings().orElseThrow();
    assertThat(e.durability()).isEqualTo("durable");
    assertThat(e.writeConcern()).isEqualTo("{\"w\": 1, \"j\": true}");
    assertThat(e.readPreference()).isEqualTo("primaryPreferred");
    assertThat(e.readConcern()).isEqualTo("majority");
    assertThat(e.batchSize()).isEqualTo(10);
    assertThat(e.maxPoolSize()).as("pool at least the thread count").isEqualTo(250);
    assertThat(e.serverVersion()).matches("\\d+\\.\\d+\\.\\d+.*");
    assertThat(e.driverVersion()).startsWith("5.");
    assertThat(e.topologyType()).isEqualTo("REPLICA_SET");
  }
}
