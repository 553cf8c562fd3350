package dev.refarch.experiments.trial;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.refarch.experiments.results.TrialResult;
import dev.refarch.platform.spi.Phase;
import dev.refarch.platform.spi.RunningCluster;
import dev.refarch.ycsb.testing.LocalReplicaSet;
import dev.refarch.ycsb.workloads.CoreWorkloads;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Client JVMs kept warm across phases and trials, against a real local replica set: what a warm
 * client writes must be what a fresh one writes — its own phase's operations and nothing of the
 * phase before — and a client that fails must not hand a broken JVM to the next.
 */
@ExtendWith(LocalReplicaSet.class)
class WarmClientsIT {

  private static final ObjectMapper JSON = new ObjectMapper();
  /** YCSB's text export of one operation count, e.g. {@code [READ], Operations, 2987}. */
  private static final Pattern OPERATIONS =
      Pattern.compile("^\\[(READ|UPDATE|INSERT)], Operations, (\\d+)$", Pattern.MULTILINE);

  private final RunningCluster cluster;

  WarmClientsIT(RunningCluster cluster) {
    this.cluster = cluster;
  }

  private TrialSpec.Builder workloadA(String trial, String db) {
    return TrialSpec.builder("warm-it", trial).cluster(LocalReplicaSet.url(cluster, db))
        .properties(CoreWorkloads.properties("a"))
        .property("recordcount", "1500").property("operationcount", "4000")
        .clients(1).threadsPerClient(2);
  }

  /** Records the client JVMs' pids by phase, in the order the phases ran. */
  private static final class Pids implements TrialRunner.Listener {
    final List<Long> all = new ArrayList<>();

    @Override
    public void phaseStarted(Phase phase, List<ClientProcess> clients) {
      clients.forEach(c -> all.add(c.pid()));
    }
  }

  @Test
  void oneWarmJvmRunsLoadAndRunOfTwoTrialsEachWithOnlyItsOwnOperations(@TempDir Path dir)
      throws Exception {
    Pids pids = new Pids();
    TrialRunner runner = new TrialRunner(dir.resolve("results")).withListener(pids);
    TrialResult first = runner.run(workloadA("first", "warm_first").build(), cluster.state());
    TrialResult second = runner.run(workloadA("second", "warm_second")
        .property("operationcount", "3000").build(), cluster.state());

    assertThat(first.failures()).isEmpty();
    assertThat(second.failures()).isEmpty();
    assertThat(pids.all).hasSize(4);
    assertThat(pids.all.stream().distinct()).as("one JVM for all four phases").hasSize(1);
    assertThat(ProcessHandle.of(pids.all.get(0))).as("idle, kept for the next phase").isPresent();

    // YCSB's measurements start afresh in each phase: the export counts that phase alone
    assertThat(ycsbCounts(first.folder().resolve("clients/load-0/stdout.txt")))
        .containsOnlyKeys("INSERT").containsEntry("INSERT", 1500L);
    assertThat(sum(ycsbCounts(first.folder().resolve("clients/run-0/stdout.txt"))))
        .isEqualTo(4000);
    assertThat(sum(ycsbCounts(second.folder().resolve("clients/run-0/stdout.txt"))))
        .isEqualTo(3000);
    // and so do this library's: the summary counts the phase's operations
    JsonNode run = JSON.readTree(second.folder().resolve("trial.json").toFile()).get("phases")
        .get("run");
    JsonNode ops = run.get("summary").get("operations");
    assertThat(ops.get("READ").get("counts").get("OK").asLong()
        + ops.get("UPDATE").get("counts").get("OK").asLong()).isPositive().isLessThanOrEqualTo(3000);
    assertThat(run.get("clients").get(0).get("exitCode").asInt()).isZero();

    // each phase's output is its own, and its CPU counts from its start
    String secondErr = Files.readString(second.folder().resolve("clients/run-0/stderr.txt"));
    assertThat(secondErr.split("Starting test\\.", -1)).as("one phase's output").hasSize(2);
    List<String> timeline = Files.readAllLines(second.folder()
        .resolve("clients/run-0/cpu-timeline.csv"));
    assertThat(timeline.get(0)).isEqualTo(dev.refarch.experiments.results.ResultsFolder.CPU_TIMELINE_HEADER);
    assertThat(Double.parseDouble(timeline.get(1).split(",")[1])).as("CPU at the phase's start")
        .isLessThan(0.5);
    double phaseCpu = Double.parseDouble(Files.readString(second.folder()
        .resolve("clients/run-0/cpu-seconds.txt")).trim());
    double lastSample = Double.parseDouble(timeline.get(timeline.size() - 1).split(",")[1]);
    assertThat(phaseCpu).isPositive().isGreaterThanOrEqualTo(lastSample);
    assertThat(JSON.readTree(second.folder().resolve("trial.json").toFile()).get("parameters")
        .get("clientReuse").asText()).isEqualTo("true");
  }

  @Test
  void withoutReuseEveryPhaseForksItsOwnJvmAndLeavesNone(@TempDir Path dir) throws Exception {
    Pids pids = new Pids();
    TrialResult r = new TrialRunner(dir.resolve("results")).withListener(pids)
        .run(workloadA("cold", "warm_cold").reuseClients(false).build(), cluster.state());

    assertThat(r.failures()).isEmpty();
    assertThat(pids.all).hasSize(2).doesNotHaveDuplicates()
        .allSatisfy(pid -> assertThat(ProcessHandle.of(pid)).isEmpty());
    assertThat(sum(ycsbCounts(r.folder().resolve("clients/run-0/stdout.txt")))).isEqualTo(4000);
    assertThat(JSON.readTree(r.folder().resolve("trial.json").toFile()).get("parameters")
        .get("clientReuse").asText()).isEqualTo("false");
  }

  @Test
  void aClientWhoseBindingCannotStartTakesItsJvmAndTheNextGetsAFreshOne(@TempDir Path dir)
      throws Exception {
    Pids pids = new Pids();
    TrialRunner runner = new TrialRunner(dir.resolve("results")).withListener(pids);
    // nothing listens on port 1: the binding's init fails and ends its JVM (initFailure=exit)
    TrialResult failed = runner.run(TrialSpec.builder("warm-it", "unreachable")
        .cluster("mongodb://127.0.0.1:1/warm_none?serverSelectionTimeoutMS=1000")
        .properties(CoreWorkloads.properties("a")).property("recordcount", "100")
        .clients(1).threadsPerClient(1).phases(true, false).build(), cluster.state());
    TrialResult next = runner.run(workloadA("after", "warm_after").build(), cluster.state());

    assertThat(failed.failures()).singleElement().asString()
        .startsWith("client load-0 ended with exit code 1")
        .contains("[ycsb-mongo-ext] init failed:");
    assertThat(ProcessHandle.of(pids.all.get(0))).as("the failed client's JVM").isEmpty();
    assertThat(next.failures()).isEmpty();
    assertThat(pids.all.get(1)).as("a fresh JVM").isNotEqualTo(pids.all.get(0));
  }

  private static Map<String, Long> ycsbCounts(Path stdout) throws Exception {
    Map<String, Long> counts = new LinkedHashMap<>();
    Matcher m = OPERATIONS.matcher(Files.readString(stdout));
    while (m.find()) {
      counts.merge(m.group(1), Long.parseLong(m.group(2)), Long::sum);
    }
    return counts;
  }

  private static long sum(Map<String, Long> counts) {
    return counts.values().stream().mapToLong(Long::longValue).sum();
  }
}
