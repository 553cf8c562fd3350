package dev.refarch.ycsb.mongo;

import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import dev.refarch.platform.spi.Extensions;
import dev.refarch.platform.spi.RunningCluster;
import dev.refarch.platform.spi.Topology;
import dev.refarch.ycsb.testing.LocalReplicaSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.bson.Document;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;

/**
 * Retryable reads and writes as the driver's own CRUD methods have them, kept although the
 * binding sends its point operations as commands ({@link IdCommands}): checked with the server's
 * {@code failCommand} fail point, on a {@code mongod} started with test commands enabled.
 */
class RetryableOperationsIT {

  private static RunningCluster cluster;
  private static MongoClient admin;
  private DB db;

  @BeforeAll
  static void start() {
    cluster = Extensions.provisioner("local").start(Topology.parse("rs=1"),
        Map.of("local.extraArgs", "--setParameter enableTestCommands=1"));
    admin = MongoClients.create(cluster.connectionString());
  }

  @AfterAll
  static void stop() {
    admin.close();
    cluster.close();
  }

  @AfterEach
  void close() throws DBException {
    db.cleanup();
    admin.getDatabase("admin").runCommand(new Document("configureFailPoint", "failCommand")
        .append("mode", "off"));
  }

  private DB open(String... kv) throws DBException {
    Properties p = new Properties();
    p.setProperty("mongodb.url", LocalReplicaSet.url(cluster, "retryable"));
    for (int i = 0; i < kv.length; i += 2) {
      p.setProperty(kv[i], kv[i + 1]);
    }
    db = new MongoDbClient();
    db.setProperties(p);
    db.init();
    return db;
  }

  /** Fails the next {@code command} with {@code data} (errorCode, writeConcernError, ...). */
  private static void failNext(String command, Document data) {
    admin.getDatabase("admin").runCommand(new Document("configureFailPoint", "failCommand")
        .append("mode", new Document("times", 1))
        .append("data", data.append("failCommands", List.of(command))));
  }

  private static Map<String, ByteIterator> value(String v) {
    return new HashMap<>(Map.of("f0", new StringByteIterator(v)));
  }

  @ParameterizedTest(name = "retryReads={0}, error {1}: {2}")
  @CsvSource({
      "true, 262, OK",                 // ExceededTimeLimit: retried
      "true, 89, OK",                  // NetworkTimeout: retried
      "false, 262, ERROR",
      "true, 2, ERROR"})               // BadValue: not retryable
  void aFailedReadIsRetriedOnceWhenRetryableAndAllowed(boolean retryReads, int errorCode,
      String expected) throws Exception {
    String key = "read" + errorCode + retryReads;
    open("mongodb.retryReads", String.valueOf(retryReads));
    assertThat(db.insert("usertable", key, value("x"))).isEqualTo(Status.OK);
    failNext("find", new Document("errorCode", errorCode));
    assertThat(db.read("usertable", key, null, new HashMap<>()))
        .extracting(Status::getName).isEqualTo(expected);
  }

  // error codes that change the server's state (91 ShutdownInProgress, 10107 NotWritablePrimary)
  // are retryable too, but make the driver rediscover the server first, which takes seconds
  @ParameterizedTest(name = "{0} fails with error 262, retried")
  @CsvSource({"update", "delete", "insert"})
  void aWriteFailingWithARetryableErrorIsRetried(String command) throws Exception {
    open();
    String key = "write-" + command;
    if (!command.equals("insert")) {
      assertThat(db.insert("usertable", key, value("x"))).isEqualTo(Status.OK);
    }
    failNext(command, new Document("errorCode", 262));
    Status s = switch (command) {
      case "update" -> db.update("usertable", key, value("y"));
      case "delete" -> db.delete("usertable", key);
      default -> db.insert("usertable", key, value("x"));
    };
    assertThat(s).isEqualTo(Status.OK);
  }

  @Test
  void aRetriedInsertIsAppliedExactlyOnce() throws Exception {
    open();
    // the insert is applied, then its reply reports a retryable write-concern error: the retry
    // carries the same txnNumber, so the server answers with the first outcome instead of
    // inserting again (which would fail as a duplicate key)
    // (code 64, WriteConcernFailed: a state-change code such as 91 would make the driver
    // rediscover the server before the retry)
    failNext("insert", new Document("writeConcernError", new Document("code", 64)
        .append("errmsg", "waiting for replication timed out"))
        .append("errorLabels", List.of("RetryableWriteError")));
    assertThat(db.insert("usertable", "once", value("x"))).isEqualTo(Status.OK);
    assertThat(admin.getDatabase("retryable").getCollection("usertable")
        .countDocuments(new Document("_id", "once"))).isEqualTo(1);
  }

  @Test
  void withoutRetryableWritesTheWriteConcernErrorFailsTheInsert() throws Exception {
    open("mongodb.retryWrites", "false");
    failNext("insert", new Document("writeConcernError", new Document("code", 64)
        .append("errmsg", "waiting for replication timed out")));
    assertThat(db.insert("usertable", "reported", value("x"))).isEqualTo(Status.ERROR);
  }

  @Test
  void aWriteErrorFailsTheWrite() throws Exception {
    open();
    assertThat(db.insert("usertable", "dup", value("x"))).isEqualTo(Status.OK);
    assertThat(db.insert("usertable", "dup", value("x"))).isEqualTo(Status.ERROR);
  }
}
