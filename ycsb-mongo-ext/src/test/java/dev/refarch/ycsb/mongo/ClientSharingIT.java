package dev.refarch.ycsb.mongo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.Filters;
import dev.refarch.platform.spi.RunningCluster;
import dev.refarch.ycsb.testing.LocalReplicaSet;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import site.ycsb.ByteIterator;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;

/**
 * One {@code MongoClient} per distinct connection settings: instances with other settings coexist
 * in one JVM, each writing with its own write concern (read back from the server's profiler) and
 * closing its own client; many threads with one set of properties share one client and leave no
 * connection open on the server.
 */
@ExtendWith(LocalReplicaSet.class)
class ClientSharingIT {

  private static final String DB = "client_sharing";
  private final RunningCluster cluster;
  private MongoClient verify;

  ClientSharingIT(RunningCluster cluster) {
    this.cluster = cluster;
  }

  @BeforeEach
  void connect() {
    verify = MongoClients.create(cluster.connectionString());
    verify.getDatabase(DB).drop();
  }

  @AfterEach
  void disconnect() {
    verify.getDatabase(DB).runCommand(new Document("profile", 0));
    verify.getDatabase(DB).drop();
    verify.close();
  }

  private Properties properties(String... kv) {
    Properties p = new Properties();
    p.setProperty("mongodb.url", LocalReplicaSet.url(cluster, DB));
    for (int i = 0; i < kv.length; i += 2) {
      p.setProperty(kv[i], kv[i + 1]);
    }
    return p;
  }

  private static MongoDbClient init(Properties p) throws Exception {
    MongoDbClient c = new MongoDbClient();
    c.setProperties(p);
    c.init();
    return c;
  }

  private static Map<String, ByteIterator> value(String v) {
    return new HashMap<>(Map.of("f0", new StringByteIterator(v)));
  }

  /** The write concern the server's profiler recorded for the inserts into {@code table}. */
  private List<String> profiledWriteConcerns(String table) {
    return verify.getDatabase(DB).getCollection("system.profile")
        .find(Filters.and(Filters.eq("op", "insert"), Filters.eq("ns", DB + "." + table)))
        .map(d -> d.get("command", Document.class).get("writeConcern", Document.class))
        .map(wc -> wc == null ? "(none)" : wc.toJson()).into(new ArrayList<>());
  }

  @Test
  void twoProfilesSideBySideEachWriteWithTheirOwnConcern() throws Exception {
    verify.getDatabase(DB).runCommand(new Document("profile", 2));
    MongoDbClient balanced = init(properties("mongodb.durability", "balanced"));
    MongoDbClient durable = init(properties("mongodb.durability", "durable-majority"));
    assertThat(SharedClient.openClients()).isEqualTo(2);
    for (int i = 0; i < 3; i++) {
      assertThat(balanced.insert("balanced", "user" + i, value("b"))).isEqualTo(Status.OK);
      assertThat(durable.insert("durable", "user" + i, value("d"))).isEqualTo(Status.OK);
    }
    balanced.cleanup();
    durable.cleanup();

    assertThat(profiledWriteConcerns("balanced")).hasSize(3)
        .containsOnly("{\"w\": 1, \"j\": false}");
    assertThat(profiledWriteConcerns("durable")).hasSize(3)
        .containsOnly("{\"w\": \"majority\", \"j\": true}");
  }

  @Test
  void eachInstanceClosesOnlyItsOwnClient() throws Exception {
    MongoDbClient first = init(properties("mongodb.durability", "balanced"));
    MongoDbClient second = init(properties("mongodb.durability", "durable"));
    first.cleanup();
    assertThat(SharedClient.openClients()).isEqualTo(1);
    assertThat(second.insert("usertable", "after", value("x"))).isEqualTo(Status.OK);
    assertThat(second.read("usertable", "after", null, new HashMap<>())).isEqualTo(Status.OK);
    second.cleanup();
    assertThat(SharedClient.openClients()).isZero();
  }

  @Test
  void sixtyFourThreadsShareOneClientAndLeaveNoConnection() throws Exception {
    long baseline = steadyConnections();
    Properties shared = properties("threadcount", "64");
    List<String> announced = runThreads(64, i -> shared);
    assertThat(announced).hasSize(1);
    awaitConnections(baseline);
  }

  @Test
  void threadsWithTwoSettingsGetTwoClientsAndLeaveNoConnection() throws Exception {
    long baseline = steadyConnections();
    Properties balanced = properties("threadcount", "32", "mongodb.durability", "balanced");
    Properties durable = properties("threadcount", "32", "mongodb.durability", "durable");
    List<String> announced = runThreads(64, i -> i % 2 == 0 ? balanced : durable);
    assertThat(announced).hasSize(2);
    awaitConnections(baseline);
  }

  /**
   * Runs {@code n} threads that each init, read and write, wait for all others, and clean up;
   * returns the effective-settings lines printed meanwhile. Asserts while all are open that there
   * is one client per distinct properties.
   */
  private List<String> runThreads(int n, java.util.function.IntFunction<Properties> props)
      throws Exception {
    long distinct = java.util.stream.IntStream.range(0, n).mapToObj(props).distinct().count();
    CyclicBarrier allOpen = new CyclicBarrier(n, () ->
        assertThat(SharedClient.openClients()).isEqualTo((int) distinct));
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    PrintStream original = System.err;
    System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
    ExecutorService pool = Executors.newFixedThreadPool(n);
    try {
      List<Future<Status>> done = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        int id = i;
        done.add(pool.submit(() -> {
          MongoDbClient c = init(props.apply(id));
          Status s = c.insert("usertable", "user" + id, value("v"));
          c.read("usertable", "user" + id, null, new HashMap<>());
          allOpen.await(60, TimeUnit.SECONDS);
          c.cleanup();
          return s;
        }));
      }
      for (Future<Status> f : done) {
        assertThat(f.get(120, TimeUnit.SECONDS)).isEqualTo(Status.OK);
      }
    } finally {
      pool.shutdownNow();
      System.setErr(original);
    }
    assertThat(SharedClient.openClients()).isZero();
    return err.toString(StandardCharsets.UTF_8).lines()
        .filter(l -> l.startsWith("[ycsb-mongo-ext] effective settings:")).toList();
  }

  private long connections() {
    Document status = verify.getDatabase("admin").runCommand(new Document("serverStatus", 1));
    return ((Number) status.get("connections", Document.class).get("current")).longValue();
  }

  /** The server's connection count once it has not changed for a second (earlier tests' closes). */
  private long steadyConnections() {
    long[] last = {-1};
    await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofSeconds(1)).until(() -> {
      long now = connections();
      boolean steady = now == last[0];
      last[0] = now;
      return steady;
    });
    return last[0];
  }

  private void awaitConnections(long baseline) {
    await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(200))
        .untilAsserted(() -> assertThat(connections()).isEqualTo(baseline));
  }
}
