package dev.refarch.ycsb.corpus;

import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import dev.refarch.platform.spi.RunningCluster;
import dev.refarch.ycsb.launch.YcsbLauncher;
import dev.refarch.ycsb.mongo.InitFailure;
import dev.refarch.ycsb.mongo.MongoDbClient;
import dev.refarch.ycsb.testing.LocalReplicaSet;
import dev.refarch.ycsb.testing.YcsbProcess;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The corpus against a real {@code mongod}: every binding and launcher row fails with the same
 * message when the URL reaches a server, and nothing is written (the database stays absent); the rows that name exit
 * codes also run as real processes, through the stock {@code site.ycsb.Client} and through
 * {@link YcsbLauncher}, and print the failure once, without a stack trace.
 */
@ExtendWith(LocalReplicaSet.class)
class BindingCorpusIT {

  private static final String DATABASE = "corpus_it";
  private static final Duration TIMEOUT = Duration.ofMinutes(2);
  private static RunningCluster cluster;

  @BeforeAll
  static void start(RunningCluster shared) {
    cluster = shared;
  }

  @AfterAll
  static void nothingWasWritten() {
    try (MongoClient client = MongoClients.create(cluster.connectionString())) {
      assertThat(client.listDatabaseNames().into(new ArrayList<>())).doesNotContain(DATABASE);
    }
  }

  private static Map<String, String> base() {
    Map<String, String> base = new HashMap<>();
    base.put("mongodb.url", LocalReplicaSet.url(cluster, DATABASE));
    base.put("workload", "site.ycsb.workloads.CoreWorkload");
    base.put("recordcount", "10");
    return base;
  }

  /**
   * Binding and launcher rows. Workload rows run in {@link BindingCorpusTest} only: building a
   * {@code RefarchWorkload} sets up YCSB's global measurements, which the integration tests' JVM
   * must not have ({@code EmbeddedBindingIT}).
   */
  static Stream<Corpus.Row> rows() {
    return Corpus.rows().stream().filter(r -> !r.surface().equals("workload"));
  }

  static Stream<Corpus.Row> processRows() {
    return Corpus.rows().stream().filter(r -> !r.exits().isEmpty());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("rows")
  void failsWithTheSameMessageWhenTheServerIsThere(Corpus.Row row) {
    Map<String, String> base = base();
    if (row.input().stream().anyMatch(t -> t.startsWith("mongodb.url="))) {
      base.remove("mongodb.url");
    }
    Optional<Corpus.Failure> failure = Corpus.replay(row, base);
    assertThat(failure).as(row.id() + " was accepted").isPresent();
    row.assertMessage(failure.get().message());
    assertThat(failure.get().exitCode()).isEqualTo(InitFailure.BAD_SETTINGS);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("processRows")
  void realProcessesExitAsRecordedAndPrintTheFailureOnce(Corpus.Row row) throws Exception {
    List<String> args = new ArrayList<>(List.of("-db", MongoDbClient.class.getName(), "-s"));
    args.addAll(row.ycsbArgs(base()));
    for (Map.Entry<String, Integer> expected : row.exits().entrySet()) {
      String main = expected.getKey().equals("client") ? "site.ycsb.Client"
          : YcsbLauncher.class.getName();
      YcsbProcess.Result r = YcsbProcess.run(main, args, TIMEOUT);
      assertThat(r.exitCode()).as(main + " " + row.id() + ":\n" + r.all())
          .isEqualTo(expected.getValue());
      if (expected.getValue() == InitFailure.BAD_SETTINGS) {
        assertThat(occurrences(r.all(), InitFailure.PREFIX)).as(r.all()).isEqualTo(1);
        row.assertMessage(r.stderr());
        assertThat(r.all()).as("no stack trace").doesNotContain("\tat ");
      }
    }
  }

  @Test
  void anUnreachableServerExitsWithOneAndOneLine() throws Exception {
    YcsbProcess.Result r = YcsbProcess.run("-load", Map.of("workload",
        "site.ycsb.workloads.CoreWorkload", "recordcount", "10", "threadcount", "4",
        "mongodb.url", "mongodb://127.0.0.1:1/" + DATABASE,
        "mongodb.serverSelectionTimeoutMS", "300"), TIMEOUT);
    assertThat(r.exitCode()).as(r.all()).isEqualTo(InitFailure.FAILED);
    assertThat(occurrences(r.all(), InitFailure.PREFIX)).as(r.all()).isEqualTo(1);
    assertThat(r.all()).doesNotContain("\tat ");
  }

  @Test
  void initFailureThrowLeavesYcsbsExitCodeButStillPrintsOnce() throws Exception {
    YcsbProcess.Result r = YcsbProcess.run("-load", Map.of("workload",
        "site.ycsb.workloads.CoreWorkload", "recordcount", "10", "threadcount", "4",
        "mongodb.url", LocalReplicaSet.url(cluster, DATABASE), "mongodb.initFailure", "throw",
        "mongodb.durability", ""), TIMEOUT);
    assertThat(r.exitCode()).as("YCSB 0.17 exits 0 after a failed init()").isZero();
    assertThat(occurrences(r.all(), InitFailure.PREFIX)).as(r.all()).isEqualTo(1);
    assertThat(r.all()).contains("mongodb.durability='' is not allowed").doesNotContain("\tat ");
  }

  private static int occurrences(String text, String part) {
    int n = 0;
    for (int i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + 1)) {
      n++;
    }
    return n;
  }
}
