package dev.refarch.testcontainers.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.client.MongoClient;
import dev.refarch.experiments.results.TrialResult;
import dev.refarch.experiments.trial.TrialSpec;
import dev.refarch.platform.spi.Phase;
import dev.refarch.platform.spi.RunningCluster;
import dev.refarch.testcontainers.cluster.ConnectionStrings;
import dev.refarch.ycsb.measure.OperationSummary;
import dev.refarch.ycsb.measure.Summary;
import dev.refarch.ycsb.workloads.CoreWorkloads;
import java.time.Duration;
import java.util.List;
import org.bson.Document;

/** Small YCSB trials for the integration suite, and what every completed one must show. */
final class Workloads {

  static final int RECORDS = 2_000;
  static final int OPERATIONS = 4_000;

  private Workloads() {
  }

  /** Load and run of a core workload into {@code database}, 4 threads in one client. */
  static TrialSpec.Builder trial(RunningCluster cluster, String experiment, String trial,
      String workload, String database) {
    return TrialSpec.builder(experiment, trial)
        .cluster(ConnectionStrings.withDatabase(cluster.connectionString(), database))
        .properties(CoreWorkloads.properties(workload))
        .property("recordcount", String.valueOf(RECORDS))
        .property("operationcount", String.valueOf(OPERATIONS))
        .property("mongodb.batchsize", "100")
        .clients(1).threadsPerClient(4).phaseTimeout(Duration.ofMinutes(3));
  }

  /**
   * Asserts that the trial completed, loaded records and ran every given operation type without
   * an error or an unreachable server. The merged summary counts the clients' common measured
   * window — whole intervals only, so a load longer than one interval leaves out its partial
   * first and last — hence at most every record; that every record arrived is the collection's
   * count, which the tests that need it read.
   */
  static void assertCompleted(TrialResult r, String... operations) {
    assertThat(r.failures()).as("failures").isEmpty();
    Summary load = r.summary(Phase.LOAD).orElseThrow();
    OperationSummary insert = load.operation("INSERT").orElseThrow();
    assertThat(insert.total()).as("inserts in the load's measured window").isPositive()
        .isLessThanOrEqualTo(RECORDS);
    Summary run = r.summary(Phase.RUN).orElseThrow();
    for (String op : operations) {
      OperationSummary s = run.operation(op).orElseThrow(() -> new AssertionError(op
          + " did not run; counts " + run.totals()));
      assertThat(s.total()).as(op).isPositive();
    }
    assertThat(load.totals()).as("load").doesNotContainKeys("ERROR", "SERVICE_UNAVAILABLE");
    assertThat(run.totals()).as("run").doesNotContainKeys("ERROR", "SERVICE_UNAVAILABLE");
  }

  /** Successful operations per second in {@code [fromMs, toMs)}, by the merged timeline. */
  static double rate(dev.refarch.ycsb.measure.Timeline timeline, long fromMs, long toMs) {
    long ops = timeline.rows().stream().filter(x -> x.epochMs() >= fromMs && x.epochMs() < toMs)
        .mapToLong(dev.refarch.ycsb.measure.Timeline.Row::successes).sum();
    return ops / ((toMs - fromMs) / 1000.0);
  }

  /**
   * Waits until every member is back as primary or secondary and the primary the client reaches
   * is writable — before the next test takes one out.
   *
   * @throws AssertionError naming the members' states when the set is not whole in 60 s
   */
  static void awaitWholeSet(MongoClient client) throws InterruptedException {
    long deadline = System.currentTimeMillis() + 60_000;
    List<String> states = List.of();
    while (System.currentTimeMillis() < deadline) {
      states = client.getDatabase("admin").runCommand(new Document("replSetGetStatus", 1))
          .getList("members", Document.class).stream().map(m -> m.getString("stateStr"))
          .toList();
      if (states.stream().filter("PRIMARY"::equals).count() == 1
          && states.stream().allMatch(s -> s.equals("PRIMARY") || s.equals("SECONDARY"))
          && client.getDatabase("admin").runCommand(new Document("hello", 1))
              .getBoolean("isWritablePrimary", false)) {
        return;
      }
      Thread.sleep(250);
    }
    throw new AssertionError("the replica set is not whole 60 s after the test: " + states);
  }
}
