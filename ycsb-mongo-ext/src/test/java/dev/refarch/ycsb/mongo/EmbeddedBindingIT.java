package dev.refarch.ycsb.mongo;

import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import dev.refarch.platform.spi.RunningCluster;
import dev.refarch.ycsb.measure.YcsbGlobals;
import dev.refarch.ycsb.testing.LocalReplicaSet;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.extension.ExtendWith;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;

/**
 * The binding used exactly as a YCSB binding's own unit tests use one: a plain JUnit 5 class that
 * creates the {@code DB}, sets properties, calls {@code init()}, operates and calls
 * {@code cleanup()} — no YCSB {@code Client}, no {@code Measurements.setProperties}, nothing else
 * of YCSB's set up. Each test gets a fresh database.
 */
@ExtendWith(LocalReplicaSet.class)
class EmbeddedBindingIT {

  private static final String TABLE = "usertable";
  private final RunningCluster cluster;
  private String database;
  private DB db;

  EmbeddedBindingIT(RunningCluster cluster) {
    this.cluster = cluster;
  }

  @BeforeAll
  static void nothingOfYcsbIsSetUp() {
    // guards the premise: no test in this JVM may have set YCSB's measurements up before
    assertThat(YcsbGlobals.isSetUp()).as("YCSB's global measurements in this test JVM").isFalse();
  }

  @BeforeEach
  void openBinding(TestInfo test) throws Exception {
    database = "embedded_" + test.getTestMethod().orElseThrow().getName();
    Properties p = new Properties();
    p.setProperty("mongodb.url", LocalReplicaSet.url(cluster, database));
    db = new MongoDbClient();
    db.setProperties(p);
    db.init();
  }

  @AfterEach
  void closeBinding() throws Exception {
    db.cleanup();
    try (MongoClient admin = MongoClients.create(cluster.connectionString())) {
      admin.getDatabase(database).drop();
    }
  }

  private static HashMap<String, ByteIterator> values(String... kv) {
    HashMap<String, ByteIterator> m = new HashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      m.put(kv[i], new StringByteIterator(kv[i + 1]));
    }
    return m;
  }

  private Map<String, String> read(String key) {
    HashMap<String, ByteIterator> out = new HashMap<>();
    assertThat(db.read(TABLE, key, null, out)).isEqualTo(Status.OK);
    Map<String, String> text = new HashMap<>();
    out.forEach((k, v) -> text.put(k, v.toString()));
    return text;
  }

  @Test
  void insertReadDelete() {
    assertThat(db.insert(TABLE, "user1", values("f0", "a", "f1", "b"))).isEqualTo(Status.OK);
    assertThat(read("user1")).containsExactlyInAnyOrderEntriesOf(Map.of("f0", "a", "f1", "b"));
    assertThat(db.delete(TABLE, "user1")).isEqualTo(Status.OK);
    assertThat(db.read(TABLE, "user1", null, new HashMap<>())).isEqualTo(Status.NOT_FOUND);
    assertThat(db.delete(TABLE, "user1")).isEqualTo(Status.NOT_FOUND);
  }

  @Test
  void insertReadUpdate() {
    db.insert(TABLE, "user1", values("f0", "a", "f1", "b"));
    assertThat(db.update(TABLE, "user1", values("f1", "c"))).isEqualTo(Status.OK);
    assertThat(read("user1")).containsExactlyInAnyOrderEntriesOf(Map.of("f0", "a", "f1", "c"));
    HashMap<String, ByteIterator> one = new HashMap<>();
    assertThat(db.read(TABLE, "user1", Set.of("f1"), one)).isEqualTo(Status.OK);
    assertThat(one).containsOnlyKeys("f1");
  }

  @Test
  void upsertReplacesAnExistingRecord() throws Exception {
    db.cleanup();
    Properties p = new Properties();
    p.setProperty("mongodb.url", LocalReplicaSet.url(cluster, database));
    p.setProperty("mongodb.upsert", "true");
    db = new MongoDbClient();
    db.setProperties(p);
    db.init();
    assertThat(db.insert(TABLE, "user1", values("f0", "a", "f1", "b"))).isEqualTo(Status.OK);
    assertThat(db.insert(TABLE, "user1", values("f0", "z"))).isEqualTo(Status.OK);
    assertThat(read("user1")).containsExactlyEntriesOf(Map.of("f0", "z"));
  }

  @Test
  void scanReturnsRecordsInKeyOrder() {
    for (int i = 5; i >= 1; i--) {
      assertThat(db.insert(TABLE, "user" + i, values("f0", "v" + i))).isEqualTo(Status.OK);
    }
    Vector<HashMap<String, ByteIterator>> rows = new Vector<>();
    assertThat(db.scan(TABLE, "user2", 3, null, rows)).isEqualTo(Status.OK);
    assertThat(rows).extracting(r -> r.get("f0").toString()).containsExactly("v2", "v3", "v4");
  }

  @Test
  void missingRecordsAreNotFound() {
    assertThat(db.read(TABLE, "absent", null, new HashMap<>())).isEqualTo(Status.NOT_FOUND);
    assertThat(db.update(TABLE, "absent", values("f0", "x"))).isEqualTo(Status.NOT_FOUND);
    assertThat(db.delete(TABLE, "absent")).isEqualTo(Status.NOT_FOUND);
    assertThat(db.scan(TABLE, "absent", 10, null, new Vector<>())).isEqualTo(Status.NOT_FOUND);
  }

  @Test
  void duplicateInsertIsAnError() {
    assertThat(db.insert(TABLE, "user1", values("f0", "a"))).isEqualTo(Status.OK);
    assertThat(db.insert(TABLE, "user1", values("f0", "b"))).isEqualTo(Status.ERROR);
  }

  @Test
  void writesLandInTheUrlsDatabase() {
    db.insert(TABLE, "user1", values("f0", "a"));
    try (MongoClient verify = MongoClients.create(cluster.connectionString())) {
      Document d = verify.getDatabase(database).getCollection(TABLE).find().first();
      assertThat(d).isNotNull();
      assertThat(d.getString("_id")).isEqualTo("user1");
    }
  }
}
