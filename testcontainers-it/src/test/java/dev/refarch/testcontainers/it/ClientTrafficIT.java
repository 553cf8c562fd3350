package dev.refarch.testcontainers.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;
import dev.refarch.experiments.results.TrialResult;
import dev.refarch.experiments.trial.TrialRunner;
import dev.refarch.platform.spi.Fault;
import dev.refarch.platform.spi.RunningCluster;
import dev.refarch.testcontainers.cluster.ContainerCluster;
import dev.refarch.testcontainers.cluster.ReplicaSetCluster;
import dev.refarch.testcontainers.junit.MongoCluster;
import dev.refarch.ycsb.measure.Timeline;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Client traffic slowed and the members' own traffic not, on a three-member replica set of
 * containers started with {@code testcontainers.clientProxy=true}: a {@code delay} on the primary
 * bounds what the trial's clients can do by the physics of a round trip (each of a thread's
 * requests waits for at least one delayed answer) while the members' heartbeats keep their
 * times; a {@code bandwidth} cap bounds how fast a large document can arrive; a trial that fails
 * before its {@code restore-network} leaves no toxic; and a cluster's close leaves no redirect
 * and no proxy process.
 *
 * <p>Each test leaves the set whole, so the class shares one cluster.
 */
@MongoCluster(members = 3, backends = "testcontainers",
    settings = {"testcontainers.clientProxy=true", "testcontainers.electionTimeoutMillis=2000"})
class ClientTrafficIT {

  static final int DELAY_MS = 1000;
  static final int THREADS = 4;
  static final int RESOLUTION_MS = 500;

  @TempDir
  Path results;

  /**
   * Reads and updates (workload A), 4 threads, 14 s; the primary's client traffic delayed
   * {@value #DELAY_MS} ms from second 4 to second 9 of the run. While it lasts a thread completes
   * at most one operation per {@value #DELAY_MS} ms (and one begun before), so the clients at
   * most {@value #THREADS} / 1 s = 4 per second over a long stretch — a bound by construction,
   * not a measured figure.
   * Meanwhile the secondaries' heartbeats to the primary pass no proxy: the round trip each
   * reports for it ({@code pingMs}) stays below the delay.
   */
  @Test
  void delayBoundsEveryClientRequestWhileItLastsAndLeavesTheMembersTrafficAlone(
      RunningCluster cluster) throws Exception {
    ContainerCluster containers = (ContainerCluster) cluster;
    String primary = primaryName(containers);
    List<Ping> pings = new CopyOnWriteArrayList<>();
    Thread sampler = new Thread(() -> samplePings(containers, primary, pings), "ping-sampler");
    TrialResult r;
    try (MongoClient client = MongoClients.create(cluster.connectionString())) {
      sampler.setDaemon(true);
      sampler.start();
      r = new TrialRunner(results).run(Workloads.trial(cluster, "client-traffic", "delay", "a",
              "traffic_delay")
          .property("operationcount", "100000000").property("maxexecutiontime", "14")
          .property("measurement.timelineResolution", String.valueOf(RESOLUTION_MS))
          .faults("4s delay primary ms=" + DELAY_MS + "; 9s restore-network primary").build(),
          cluster);
      Workloads.awaitWholeSet(client);
    } finally {
      sampler.interrupt();
      sampler.join();
    }

    assertThat(r.failures()).as("failures").isEmpty();
    assertThat(r.faults()).extracting(f -> f.event().action())
        .containsExactly("delay", "restore-network");
    long delayed = r.faults().get(0).event().epochMillis();
    long restored = r.faults().get(1).event().epochMillis();
    Timeline timeline = Timeline.readCsv(r.folder().resolve("timeline.csv"), RESOLUTION_MS);
    double opsBefore = Workloads.rate(timeline, delayed - 3000, delayed);
    Window window = within(timeline, delayed, restored);
    double opsDelayed = window.ops() / window.seconds();
    double opsAfter = Workloads.rate(timeline, restored + 1000, restored + 4000);
    // a thread completes at most one operation per delay, plus one that began before the window
    double bound = THREADS * (window.seconds() * 1000 / DELAY_MS + 1) / window.seconds();
    // a secondary measures its round trip every heartbeat (2 s): readings from 2.5 s in are
    // wholly of the delayed stretch
    List<Long> delayedPings = pings.stream().filter(p -> p.atMs() >= delayed + 2500
        && p.atMs() <= restored).map(Ping::ms).toList();
    System.out.printf("[client-traffic] %s's client traffic delayed %d ms for %.1f s: the clients'"
        + " operations/s before %.0f, delayed %.1f (at most %.1f by construction), after %.0f;"
        + " the secondaries' heartbeat round trips to it meanwhile %s ms; %s%n", primary,
        DELAY_MS, (restored - delayed) / 1000.0, opsBefore, opsDelayed, bound, opsAfter,
        delayedPings,
        r.faults().get(0).event().detail());

    assertThat(opsDelayed).as("operations/s while every answer is held back %d ms; the timeline"
        + " (ms after the delay: successes) %s", DELAY_MS, timeline.rows().stream()
            .filter(x -> x.epochMs() >= delayed - 1000 && x.epochMs() <= restored + 1000)
            .map(x -> (x.epochMs() - delayed) + ": " + x.successes()).toList())
        .isLessThanOrEqualTo(bound);
    assertThat(opsBefore).as("the bound binds: the clients did more before").isGreaterThan(
        bound * 2);
    assertThat(opsAfter).as("and do more again after restore-network")
        .isGreaterThan(Math.max(opsDelayed, 1) * 2);
    assertThat(delayedPings).as("the secondaries' heartbeat round trips to the delayed primary")
        .isNotEmpty().allSatisfy(ms -> assertThat(ms).isLessThan((long) DELAY_MS));
    assertThat(containers.clientTrafficToxics(primary)).as("toxics after restore-network")
        .isEmpty();
  }

  /**
   * The primary's client traffic capped at 100 kB/s: a 400 kB document cannot arrive in less
   * than 4 s (Toxiproxy's bandwidth toxic releases at most 100 kB per 100 ms slice at that rate);
   * after {@code restore-network} the proxy holds no toxic.
   */
  @Test
  void bandwidthCapsHowFastADocumentArrives(RunningCluster cluster) {
    ContainerCluster containers = (ContainerCluster) cluster;
    int size = 400_000;
    int bytesPerSecond = 100_000;
    try (MongoClient client = MongoClients.create(cluster.connectionString())) {
      MongoCollection<Document> docs = client.getDatabase("traffic_bandwidth")
          .getCollection("docs");
      docs.insertOne(new Document("_id", "large").append("body", "x".repeat(size)));
      String primary = primaryName(containers);
      containers.faults().inject(new Fault("bandwidth", "primary",
          Map.of("bps", String.valueOf(bytesPerSecond))));
      List<String> toxics = containers.clientTrafficToxics(primary);
      long start = System.nanoTime();
      Document read = docs.find(Filters.eq("_id", "large")).first();
      double seconds = (System.nanoTime() - start) / 1e9;
      containers.faults().inject(Fault.of("restore-network", "primary"));
      System.out.printf("[client-traffic] %s capped at %d B/s (%s): a %d-byte document arrived"
          + " in %.2f s%n", primary, bytesPerSecond, toxics, size, seconds);

      assertThat(read.getString("body")).hasSize(size);
      assertThat(toxics).containsExactlyInAnyOrder("bandwidth 100 kB/s downstream",
          "bandwidth 100 kB/s upstream");
      assertThat(seconds).as("seconds for %d bytes at %d B/s", size, bytesPerSecond)
          .isGreaterThanOrEqualTo(0.9 * size / bytesPerSecond);
      assertThat(containers.clientTrafficToxics(primary)).as("toxics after restore-network")
          .isEmpty();
    }
  }

  /**
   * A trial that fails after its {@code delay} and {@code bandwidth} and before its
   * {@code restore-network}.
   */
  @Test
  void aTrialThatFailsBeforeRestoreNetworkLeavesNoToxic(RunningCluster cluster)
      throws Exception {
    ContainerCluster containers = (ContainerCluster) cluster;
    // restart needs a member that is down; the delayed primary is not, so the trial fails there
    TrialResult r = new TrialRunner(results).run(Workloads.trial(cluster, "client-traffic",
            "delay-then-fail", "a", "traffic_fail")
        .property("operationcount", "100000000").property("maxexecutiontime", "5")
        .faults("1s delay primary ms=50; 1500ms bandwidth primary bps=1000000;"
            + " 2s restart primary").build(), cluster);

    assertThat(r.failures()).anySatisfy(f -> assertThat(f).contains("restart"));
    assertThat(r.faults()).extracting(f -> f.event().action()).contains("delay", "bandwidth");
    for (var member : containers.members()) {
      assertThat(containers.clientTrafficToxics(member.name()))
          .as("toxics on %s's proxy after the failed trial", member.name()).isEmpty();
    }
  }

  /**
   * A cluster of its own: with the proxy its state names each member's proxy; closed, it leaves
   * no redirect in this machine's {@code nat} table and no server answering on the proxy's API.
   */
  @Test
  void closingTheClusterLiftsTheRedirectAndStopsTheProxy() throws Exception {
    Map<String, String> facts;
    String chain;
    try (ReplicaSetCluster one = ReplicaSetCluster.builder().members(1)
        .setting("testcontainers.clientProxy", "true").start()) {
      facts = one.state().of(ContainerCluster.COMPONENT);
      try (MongoClient client = MongoClients.create(one.connectionString())) {
        assertThat(client.getDatabase("admin").runCommand(new Document("ping", 1))
            .get("ok", Number.class).intValue()).as("ping through the proxy").isEqualTo(1);
      }
      chain = "RF-px-" + one.members().get(0).externalPort();
      assertThat(natRules()).as("this machine's nat rules while it runs").contains(chain);
    }
    String member = facts.keySet().stream().filter(k -> k.endsWith(".clientProxy")).findFirst()
        .orElseThrow(() -> new AssertionError("no member's proxy in " + facts));
    String api = facts.get("clientProxy");
    System.out.printf("[client-traffic] state: clientProxy=%s, %s=%s%n", api, member,
        facts.get(member));
    assertThat(api).startsWith("Toxiproxy v2.12.0, API on 127.0.0.1:");
    assertThat(facts.get(member)).matches("127\\.0\\.0\\.1:\\d+ -> [0-9.]+:27017");
    // the class's own cluster keeps its redirect, under its own first member's port
    assertThat(natRules()).as("this machine's nat rules after close").doesNotContain(chain);
    int port = Integer.parseInt(api.substring(api.lastIndexOf(':') + 1));
    try (Socket s = new Socket()) {
      s.connect(new InetSocketAddress("127.0.0.1", port), 2000);
      throw new AssertionError("the proxy's API still answers on " + port);
    } catch (IOException refused) {
      assertThat(refused).as("connecting to the stopped proxy's API").isNotNull();
    }
  }

  private static String natRules() throws IOException, InterruptedException {
    Process p = new ProcessBuilder("iptables", "-w", "-t", "nat", "-S").redirectErrorStream(true)
        .start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor()).as("iptables -t nat -S: " + out).isZero();
    return out;
  }

  /** A secondary's heartbeat round trip to the primary, as it reported it at {@code atMs}. */
  private record Ping(long atMs, long ms) {
  }

  /** Each secondary's heartbeat round trip to {@code primary}, every 500 ms until interrupted. */
  private static void samplePings(ContainerCluster cluster, String primary, List<Ping> pings) {
    String address = cluster.member(primary).externalAddress();
    while (!Thread.currentThread().isInterrupted()) {
      for (var m : cluster.members()) {
        if (!m.name().equals(primary)) {
          m.run(new Document("replSetGetStatus", 1)).getList("members", Document.class).stream()
              .filter(x -> address.equals(x.getString("name")) && x.containsKey("pingMs"))
              .forEach(x -> pings.add(new Ping(System.currentTimeMillis(),
                  ((Number) x.get("pingMs")).longValue())));
        }
      }
      try {
        Thread.sleep(500);
      } catch (InterruptedException e) {
        return;
      }
    }
  }

  /** Successful operations over a stretch of whole intervals of the timeline. */
  private record Window(long ops, double seconds) {
  }

  /**
   * The timeline's intervals that lie wholly in {@code [fromMs, toMs)} (a row's time is its
   * interval's start; one row per operation type).
   */
  private static Window within(Timeline timeline, long fromMs, long toMs) {
    List<Timeline.Row> rows = timeline.rows().stream().filter(x -> x.epochMs() >= fromMs
        && x.epochMs() + RESOLUTION_MS <= toMs).toList();
    long intervals = rows.stream().mapToLong(Timeline.Row::epochMs).distinct().count();
    assertThat(intervals).as("whole intervals between %d and %d", fromMs, toMs).isPositive();
    return new Window(rows.stream().mapToLong(Timeline.Row::successes).sum(),
        intervals * RESOLUTION_MS / 1000.0);
  }

  /** The name of the member the replica set calls primary (it names members by address). */
  private static String primaryName(ContainerCluster cluster) {
    for (var m : cluster.members()) {
      Document hello = m.run(new Document("hello", 1));
      if (hello.getBoolean("isWritablePrimary", false)) {
        return m.name();
      }
    }
    throw new AssertionError("no primary among " + cluster.members());
  }
}
