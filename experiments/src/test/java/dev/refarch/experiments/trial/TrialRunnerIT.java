package dev.refarch.experiments.trial;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import dev.refarch.experiments.report.CpuEvidence;
import dev.refarch.experiments.results.ResultsFolder;
import dev.refarch.experiments.results.ClientCost;
import dev.refarch.experiments.results.CounterSeries;
import dev.refarch.experiments.results.TrialResult;
import dev.refarch.platform.spi.Phase;
import dev.refarch.platform.spi.RunningCluster;
import dev.refarch.platform.spi.config.ConfigurationException;
import dev.refarch.ycsb.measure.HdrLogs;
import dev.refarch.ycsb.measure.Warmup;
import dev.refarch.ycsb.testing.LocalReplicaSet;
import dev.refarch.ycsb.workloads.CoreWorkloads;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Trials with their clients against a real local replica set: forked JVMs where a test is about
 * them, else warm ones, the default ({@link WarmClientsIT} is about those).
 */
@ExtendWith(LocalReplicaSet.class)
class TrialRunnerIT {

  private static final ObjectMapper JSON = new ObjectMapper();
  private final RunningCluster cluster;

  TrialRunnerIT(RunningCluster cluster) {
    this.cluster = cluster;
  }

  private TrialSpec.Builder workloadA(String trial, String db, Path events) {
    return TrialSpec.builder("runner-it", trial).cluster(LocalReplicaSet.url(cluster, db))
        .properties(CoreWorkloads.properties("a"))
        .property("recordcount", "2000").property("operationcount", "6000")
        .property("mongodb.batchsize", "100")
        .property("testhook.file", events.toString())
        .hooks(List.of("recording")).clients(2).threadsPerClient(2);
  }

  private static List<Long> clientPids(List<ClientProcess> clients) {
    return clients.stream().map(ClientProcess::pid).toList();
  }

  @Test
  void twoForkedClientsProduceTheResultsFolder(@TempDir Path dir) throws Exception {
    Path events = dir.resolve("events");
    List<Long> pids = new ArrayList<>();
    TrialRunner runner = new TrialRunner(dir.resolve("results")).withListener(new TrialRunner.Listener() {
      @Override
      public void phaseStarted(Phase phase, List<ClientProcess> clients) {
        pids.addAll(clientPids(clients));
      }
    });
    TrialResult r = runner.run(workloadA("two-clients", "runner_two", events)
        .property("operationcount", "20000").warmup(Warmup.operations(500))
        .reuseClients(false).build(),
        cluster.state());

    assertThat(r.failures()).isEmpty();
    Path folder = dir.resolve("results/runner-it/two-clients");
    assertThat(r.folder()).isEqualTo(folder);
    for (String f : List.of("trial.json", "run.hlog", "load.hlog", "timeline.csv", "load-timeline.csv",
        "clients/load-0/stdout.txt", "clients/load-1/measurements/latency.hlog",
        "clients/run-1/measurements/summary.json", "clients/run-0/cpu-seconds.txt")) {
      assertThat(folder.resolve(f)).as(f).exists();
    }
    JsonNode trial = JSON.readTree(folder.resolve("trial.json").toFile());
    assertThat(trial.get("status").asText()).isEqualTo("completed");
    JsonNode run = trial.get("phases").get("run").get("summary");
    long measured = run.get("operations").get("READ").get("counts").get("OK").asLong()
        + run.get("operations").get("UPDATE").get("counts").get("OK").asLong();
    assertThat(run.get("warmupOperations").asLong()).isEqualTo(1000);
    // the summary covers the clients' common window: exactly the operations the merged timeline
    // has in it, fewer than the 19,000 measured by one client or the other
    assertThat(measured).isEqualTo(timelineOperations(folder, run.get("measuredFromEpochMs").asLong(),
        run.get("endEpochMs").asLong())).isPositive().isLessThan(19_000);
    assertThat(run.get("measuredFromEpochMs").asLong() % 1000).isZero();
    assertThat(trial.get("host").get("cores").asInt()).isPositive();
    // the load's summary, too, counts the clients' common measured window (whole intervals): at
    // most every record (a loaded machine gave 862 of 2000); the collection's count below says
    // every record arrived
    JsonNode inserts = trial.get("phases").get("load").get("summary").get("operations")
        .get("INSERT").get("counts");
    assertThat(inserts.get("BATCHED_OK").asLong() + inserts.get("OK").asLong()).isPositive()
        .isLessThanOrEqualTo(2000);
    assertThat(trial.get("phases").get("run").get("steadyState").has("reached")).isTrue();
    assertThat(trial.get("platformState").get("recording").get("restored").asText()).isEqualTo("true");
    assertThat(trial.get("platformState").get("local").get("topology").asText()).isEqualTo("rs=1");
    assertThat(trial.get("effectiveSettings").get("mongodb.serverVersion").asText()).startsWith("6.");
    assertThat(trial.get("cpuSeconds").get("clients").asDouble()).isPositive();
    assertThat(r.clientCpuSeconds()).isPositive();

    // the merged log is the union of the clients' logs
    long merged = HdrLogs.totalsByTag(folder.resolve("run.hlog")).get("READ.service").getTotalCount();
    long perClient = HdrLogs.totalsByTag(folder.resolve("clients/run-0/measurements/latency.hlog"))
        .get("READ.service").getTotalCount()
        + HdrLogs.totalsByTag(folder.resolve("clients/run-1/measurements/latency.hlog"))
        .get("READ.service").getTotalCount();
    assertThat(merged).isEqualTo(perClient);

    assertThat(Files.readAllLines(events)).containsExactly("recording before load",
        "recording after load ok", "recording before run", "recording after run ok");
    try (MongoClient client = MongoClients.create(cluster.connectionString())) {
      assertThat(client.getDatabase("runner_two").getCollection("usertable").countDocuments()).isEqualTo(2000);
    }
    assertThat(pids).hasSize(4).allSatisfy(pid -> assertThat(ProcessHandle.of(pid)).isEmpty());
    assertRecordsCpuEvidence(folder, trial);
  }

  /**
   * The machine's and the local mongod's CPU sampled by the runner, the clients' run-queue
   * delay, and the report's reading of them over the measured window.
   */
  private static void assertRecordsCpuEvidence(Path folder, JsonNode trial) throws Exception {
    List<String> host = Files.readAllLines(folder.resolve(ResultsFolder.HOST_CPU));
    assertThat(host.get(0)).isEqualTo(ResultsFolder.HOST_CPU_HEADER);
    assertThat(host).hasSizeGreaterThan(3);
    double busy = -1;
    for (String line : host.subList(1, host.size())) {
      String[] cells = line.split(",", -1);
      assertThat(cells).as(line).hasSize(6);
      assertThat(Double.parseDouble(cells[1])).as(line).isGreaterThanOrEqualTo(busy);
      busy = Double.parseDouble(cells[1]);
      assertThat(cells[4]).as("the local mongod's CPU: " + line).isNotEmpty();
      assertThat(cells[5]).as("the local mongod's run delay: " + line).isNotEmpty();
    }
    assertThat(busy).isGreaterThan(Double.parseDouble(host.get(1).split(",")[1]));
    List<String> client = Files.readAllLines(folder.resolve("clients/run-0")
        .resolve(ResultsFolder.CPU_TIMELINE));
    assertThat(client.get(0)).isEqualTo(ResultsFolder.CPU_TIMELINE_HEADER);
    assertThat(client.subList(1, client.size())).isNotEmpty()
        .allSatisfy(line -> assertThat(line).matches("\\d+,[0-9.]+,[0-9.]+"));

    JsonNode run = trial.get("phases").get("run");
    CpuEvidence e = CpuEvidence.of(run, folder, trial.get("host").get("cores").asInt(),
        run.get("summary").get("measuredFromEpochMs").asLong(),
        run.get("summary").get("endEpochMs").asLong());
    assertThat(e.clientCpuSeconds()).isPresent();
    assertThat(e.clientRunDelaySeconds()).isPresent();
    assertThat(e.serverCpuSeconds().getAsDouble()).isPositive();
    assertThat(e.serverRunDelaySeconds()).isPresent();
    assertThat(e.machineBusySeconds().getAsDouble()).isPositive();
    assertThat(e.clientWaitShare().getAsDouble()).isBetween(0.0, 1.0);

    // the clients' cost per operation over the window of the phase's figures, as the report's
    // reader of the clients' timelines finds it
    for (String phase : List.of("load", "run")) {
      JsonNode p = trial.get("phases").get(phase);
      JsonNode cost = p.get("clientCost");
      JsonNode figures = p.has("judged") ? p.get("judged").get("summary") : p.get("summary");
      // a cost needs every client's CPU timeline to reach over the window: a short load's last
      // whole second may end after a client's JVM took its last reading (ClientCost's contract)
      boolean covered = true;
      for (String name : List.of(phase + "-0", phase + "-1")) {
        covered &= CounterSeries.column(folder.resolve("clients").resolve(name)
            .resolve(ResultsFolder.CPU_TIMELINE), ClientCost.CPU_SECONDS).increase(
            figures.get("measuredFromEpochMs").asLong(), figures.get("endEpochMs").asLong())
            .isPresent();
      }
      if (phase.equals("load") && !covered) {
        assertThat(cost).as("no cost where a client's timeline does not cover the window").isNull();
        continue;
      }
      assertThat(covered).as("the run's clients' CPU timelines cover its window").isTrue();
      assertThat(cost).as("%s clientCost of %s", phase, p).isNotNull();
      assertThat(cost.get("window").asText()).isEqualTo(p.has("judged") ? "judged" : "measured");
      assertThat(cost.get("fromEpochMs").asLong())
          .isEqualTo(figures.get("measuredFromEpochMs").asLong());
      long operations = 0;
      for (JsonNode op : figures.get("operations")) {
        for (JsonNode count : op.get("counts")) {
          operations += count.asLong();
        }
      }
      assertThat(cost.get("operations").asLong()).isEqualTo(operations).isPositive();
      double cpu = CpuEvidence.of(p, folder, 1, cost.get("fromEpochMs").asLong(),
          cost.get("toEpochMs").asLong()).clientCpuSeconds().getAsDouble();
      assertThat(cost.get("cpuSeconds").asDouble()).isPositive().isCloseTo(cpu, within(0.001));
      assertThat(cost.get("microsPerOperation").asDouble())
          .isCloseTo(cpu / operations * 1e6, within(0.01 + cpu / operations * 1e3));
    }
  }

  private static long timelineOperations(Path folder, long from, long to) throws Exception {
    long n = 0;
    for (String line : Files.readAllLines(folder.resolve("timeline.csv")).subList(1,
        Files.readAllLines(folder.resolve("timeline.csv")).size())) {
      String[] cells = line.split(",");
      long t = Long.parseLong(cells[0]);
      if (t >= from && t < to) {
        n += Long.parseLong(cells[2]) + Long.parseLong(cells[3]);
      }
    }
    return n;
  }

  @Test
  void aRunUntilSteadyIsStoppedByTheRunnerOnceSteady(@TempDir Path dir) throws Exception {
    // a rule any run that never stalls meets: the test is about the stop, not about steadiness
    TrialSpec spec = workloadA("until-steady", "runner_steady", dir.resolve("events"))
        .property("operationcount", "0").clients(1).threadsPerClient(2).warmup(Warmup.seconds(1))
        .untilSteady(new dev.refarch.experiments.spec.UntilSteady(
            new dev.refarch.experiments.spec.SteadyRule(3, 1.0, 10.0), Duration.ofSeconds(300)))
        .build();
    TrialResult r = new TrialRunner(dir.resolve("results")).run(spec, cluster.state());

    assertThat(r.failures()).isEmpty();
    JsonNode steady = JSON.readTree(r.folder().resolve("trial.json").toFile())
        .get("phases").get("run").get("steadyState");
    assertThat(steady.get("stoppedWhenSteady").asBoolean()).isTrue();
    // judged afterwards from the merged logs, the run the watch stopped must be steady too; if
    // not, say what both saw (a red CI once had it not reached, unexplained)
    assertThat(steady.get("reached").asBoolean()).as("steady state %s, run timeline:%n%s%nits"
        + " measured HDR intervals (start, end, count):%n%s", steady,
        Files.readString(r.folder().resolve("timeline.csv")),
        HdrLogs.intervals(r.folder().resolve("clients/run-0/measurements/latency.hlog")).stream()
            .filter(h -> String.valueOf(h.getTag()).endsWith(".service"))
            .map(h -> h.getTag() + " " + h.getStartTimeStamp() + " " + h.getEndTimeStamp() + " "
                + h.getTotalCount()).toList()).isTrue();
    assertThat(steady.get("measuredSeconds").asDouble()).isGreaterThanOrEqualTo(3).isLessThan(300);
    assertThat(JSON.readTree(r.folder().resolve("trial.json").toFile()).get("phases").get("run")
        .get("clientCost").get("window").asText()).as("a steady run's cost is its judged window's")
        .isEqualTo("judged");
    assertThat(Files.readString(r.folder().resolve("clients/run-0/stderr.txt")))
        .contains("the runner asked to stop");
  }

  @Test
  void aKilledClientFailsTheTrialWithTheReasonAndLeavesNoProcess(@TempDir Path dir) throws Exception {
    Path events = dir.resolve("events");
    List<Long> pids = new ArrayList<>();
    TrialRunner runner = new TrialRunner(dir.resolve("results")).withListener(new TrialRunner.Listener() {
      @Override
      public void phaseStarted(Phase phase, List<ClientProcess> clients) {
        pids.addAll(clientPids(clients));
        if (phase == Phase.RUN) {
          Thread killer = new Thread(() -> {
            try {
              Thread.sleep(2500);
            } catch (InterruptedException e) {
              return;
            }
            ProcessHandle.of(clients.get(1).pid()).ifPresent(ProcessHandle::destroyForcibly);
          });
          killer.start();
        }
      }
    });
    TrialSpec spec = workloadA("killed", "runner_killed", events)
        .property("operationcount", "50000000").phaseTimeout(Duration.ofMinutes(2)).build();
    long started = System.nanoTime();
    TrialResult r = runner.run(spec, cluster.state());

    assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(60));
    assertThat(r.succeeded()).isFalse();
    assertThat(r.failures().get(0)).startsWith("client run-1 ended with killed by signal 9");
    assertThat(Files.readString(events)).contains("recording before run\n"
        + "recording after run failed: client run-1 ended with killed by signal 9");
    JsonNode trial = JSON.readTree(r.folder().resolve("trial.json").toFile());
    assertThat(trial.get("status").asText()).isEqualTo("failed");
    assertThat(trial.get("phases").get("run").get("clients").get(1).get("completed").asBoolean()).isFalse();
    assertThat(pids).allSatisfy(pid -> assertThat(ProcessHandle.of(pid)).isEmpty());
    // the trial's warm JVMs went with their killed clients (pids above); others wait idle
    assertThat(ProcessHandle.current().descendants()
        .filter(p -> p.info().commandLine().orElse("").contains(ClientMain.class.getName())
            && !p.info().commandLine().orElse("").contains(ClientMain.WARM)))
        .isEmpty();
  }

  @Test
  void aPhaseThatRunsPastItsTimeoutIsEnded(@TempDir Path dir) throws Exception {
    TrialSpec spec = workloadA("timeout", "runner_timeout", dir.resolve("events"))
        .phases(false, true).property("operationcount", "50000000")
        .phaseTimeout(Duration.ofSeconds(4)).build();
    long started = System.nanoTime();
    TrialResult r = new TrialRunner(dir.resolve("results")).run(spec, cluster.state());
    assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(30));
    assertThat(r.failures()).hasSize(1);
    assertThat(r.failures().get(0)).startsWith("phase run timed out after PT4S; clients still running"
        + " were killed: run-0, run-1");
  }

  @Test
  void badSettingsAreRejectedBeforeAnythingRuns(@TempDir Path dir) {
    Path events = dir.resolve("events");
    TrialSpec spec = workloadA("bad", "runner_bad", events)
        .property("mongodb.durability", "sometimes").build();
    assertThatThrownBy(() -> new TrialRunner(dir.resolve("results")).run(spec, cluster.state()))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageStartingWith("mongodb.durability='sometimes' is not allowed");
    assertThat(events).doesNotExist();
    assertThat(dir.resolve("results")).doesNotExist();
  }
}
