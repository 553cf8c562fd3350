package dev.refarch.experiments.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import dev.refarch.experiments.kubernetes.KubernetesClients;
import dev.refarch.experiments.trial.TrialRunner;
import dev.refarch.experiments.trial.TrialSpec;
import dev.refarch.experiments.faults.FaultReport;
import dev.refarch.experiments.faults.Interruption;
import dev.refarch.experiments.results.TelemetryFile;
import dev.refarch.experiments.results.TrialResult;
import dev.refarch.platform.kubernetes.KubernetesCluster;
import dev.refarch.platform.kubernetes.KubernetesProvisioner;
import dev.refarch.platform.kubernetes.api.ManagedObjects;
import dev.refarch.platform.kubernetes.testing.RealKubernetes;
import dev.refarch.platform.spi.Phase;
import dev.refarch.platform.spi.Topology;
import dev.refarch.ycsb.measure.HdrLogs;
import dev.refarch.ycsb.workloads.CoreWorkloads;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.opentest4j.TestAbortedException;

/**
 * Whole trials on the real cluster: a replica set with an arbiter (study B's configuration 2),
 * clients as indexed Job pods of the client image, the runner on this machine reaching the pods
 * through the cluster's DNS. One deployment serves every test of the class.
 */
@ExtendWith(RealKubernetes.class)
class KubernetesTrialsIT {

  private static KubernetesCluster cluster;
  @TempDir
  Path tmp;

  @BeforeAll
  static void start(RealKubernetes.Cluster k8s) {
    if (!k8s.settings().containsKey("k8s.clients.image")) {
      throw new TestAbortedException("no client image on the cluster (REFARCH_CLIENT_IMAGE, or"
          + " src/bin/build-images client imported by src/bin/k8s-up)");
    }
    cluster = (KubernetesCluster) new KubernetesProvisioner().start(Topology.parse("rs=3"),
        k8s.with(Map.of("k8s.trial", "trials")));
  }

  @AfterAll
  static void stop(RealKubernetes.Cluster k8s) {
    if (cluster != null) {
      cluster.close();
      assertThat(ManagedObjects.remaining(k8s.client(), k8s.namespace(), "trials")).isEmpty();
    }
  }

  /** Each trial loads from key 0: the last one's documents must go. */
  @BeforeEach
  void dropTheBenchmarkDatabase() {
    cluster.dropDatabase("ycsb");
  }

  private TrialRunner runner() {
    return new TrialRunner(tmp.resolve("results"))
        .withClients(new KubernetesClients(cluster.client(), cluster.settings()));
  }

  /**
   * Half reads, half inserts for {@code seconds} after a small load, every insert audited. The
   * faults hit the run phase: in a load phase YCSB ends a thread at its first failed insert.
   */
  private static TrialSpec.Builder readsAndInserts(String trial, int seconds) {
    return TrialSpec.builder("k8s-it", trial).cluster(cluster.connectionString())
        .properties(CoreWorkloads.properties("a"))
        .property("recordcount", "2000").property("operationcount", "100000000")
        .property("readproportion", "0.5").property("updateproportion", "0")
        .property("insertproportion", "0.5")
        .property("maxexecutiontime", String.valueOf(seconds))
        .property("mongodb.durability", "durable-majority")
        .property("measurement.audit", "true")
        .property("measurement.timelineResolution", "100")
        .clients(2).threadsPerClient(2).phaseTimeout(Duration.ofMinutes(4));
  }

  @Test
  void aTwoClientJobTrialsMergedLogIsTheUnionOfItsClients() throws InterruptedException {
    TrialSpec spec = TrialSpec.builder("k8s-it", "union").cluster(cluster.connectionString())
        .properties(CoreWorkloads.properties("a"))
        .property("recordcount", "2000").property("operationcount", "4000")
        .property("mongodb.durability", "durable-majority")
        .clients(2).threadsPerClient(1).phaseTimeout(Duration.ofMinutes(4)).build();
    TrialResult r = runner().run(spec, cluster);

    assertThat(r.failures()).isEmpty();
    assertThat(r.phases().get(Phase.RUN).clients()).extracting(c -> c.name())
        .containsExactly("run-0", "run-1");
    assertThat(r.phases().get(Phase.RUN).clients()).allMatch(c -> c.completed()
        && c.exit().contains("(pod ycsb-run-"));
    Map<String, Histogram> merged = new TreeMap<>(HdrLogs.totalsByTag(r.folder()
        .resolve("run.hlog")));
    Map<String, Histogram> union = new TreeMap<>();
    for (String client : new String[] {"run-0", "run-1"}) {
      HdrLogs.totalsByTag(r.folder().resolve("clients/" + client + "/measurements/latency.hlog"))
          .forEach((tag, h) -> union.merge(tag, h.copy(), (a, b) -> {
            a.add(b);
            return a;
          }));
    }
    assertThat(merged.keySet()).isEqualTo(union.keySet()).contains("READ.service",
        "UPDATE.service");
    merged.forEach((tag, h) -> assertThat(h).as(tag).isEqualTo(union.get(tag)));
    assertThat(merged.get("READ.service").getTotalCount()
        + merged.get("UPDATE.service").getTotalCount()).isEqualTo(4000);
    podsWereSampled(r);
  }

  /**
   * Each member pod's memory, from its kubelet through the API server, and MongoDB's own figures
   * of each data member under its pod's name. (Claims' usage appears only where the volume
   * plugin reports it to the kubelet; the local cluster's host-path volumes do not.)
   */
  private static void podsWereSampled(TrialResult r) {
    assertThat(r.telemetry().sources()).as("partial: %s", r.telemetry().partial())
        .containsKeys("pods", "mongodb");
    List<TelemetryFile.Row> rows = TelemetryFile.read(r.folder().resolve(TelemetryFile.FILE));
    List<String> pods = r.telemetry().sources().get("pods");
    assertThat(pods).isNotEmpty();
    for (String pod : pods) {
      assertThat(rows).as("memory of " + pod).anyMatch(w -> w.source().equals("pods")
          && w.member().equals(pod) && w.metric().equals("memory.workingSet") && w.value() > 0);
    }
    assertThat(r.telemetry().sources().get("mongodb")).as("data members, named as their pods")
        .isNotEmpty().allMatch(pods::contains);
  }

  /**
   * Two faults in one trial (one load, one set of client Jobs for both, which CI's time asks
   * for): the primary's pod deleted 8 s into the measured operations, then at 40 s the node under
   * the new primary taken out by stopping its kubelet for 20 s. The schedule's clock starts when
   * the clients measure.
   *
   * <p>The set is primary-secondary-arbiter, so a majority-acknowledged insert needs both
   * data-bearing members, and every client thread soon waits in such an insert: reads and inserts
   * resume together, when the pod taken out is back and caught up. After the deletion that took
   * 10-11 s on a quiet machine; after the node failure 36 s (Ready 36 s after the fault: 20 s down,
   * then the kubelet's restart of the sandbox and containers and the readiness probe), and a
   * loaded CI machine took 59 s to Ready. Each fault's interruption is read up to the next fault
   * or the end: 32 s after the deletion (three times the quiet restart), 100 s after the node
   * failure (the loaded figure plus 40 s; 60 s was once too short).
   */
  @Test
  void aDeletedPrimaryPodThenANodeFailureLoseNoMajorityAcknowledgedInsert()
      throws InterruptedException {
    TrialResult r = runner().run(readsAndInserts("pod-then-node", 140)
        .faults("run+8s kubernetes:delete-pod primary gracePeriodSeconds=0;"
            + " run+40s kubernetes:node-failure primary mode=stop-kubelet downSeconds=20")
        .build(), cluster);

    assertThat(r.failures()).isEmpty();
    assertThat(r.faults()).extracting(f -> f.event().action())
        .containsExactly("delete-pod", "node-failure");
    FaultReport pod = r.faults().get(0);
    FaultReport node = r.faults().get(1);
    assertTakenOutAndBack(pod);
    assertThat(pod.event().durationsMs()).containsKey("podReady");
    assertTakenOutAndBack(node);
    assertThat(node.event().detail()).contains("stopped node refarch-node", "returned it after 20 s")
        .contains("Ready again on refarch-node");
    assertThat(r.audit()).isPresent();
    assertThat(r.audit().get().acknowledged()).isPositive();
    assertThat(r.audit().get().lostKeys()).as("majority-acknowledged, journaled inserts survive")
        .isEmpty();
    List<TelemetryFile.Row> rows = TelemetryFile.read(r.folder().resolve(TelemetryFile.FILE));
    assertThat(rows).as("the pods' CPU over 140 s, on the kubelets' clock").anyMatch(w ->
        w.source().equals("pods") && w.metric().equals("cpu.total") && w.value() > 0);
    // and their block I/O, from the kubelets' cAdvisor metrics (on cAdvisor's clock, read every
    // 10-15 s): 140 s of majority-acknowledged, journaled inserts write on every data member
    assertThat(r.telemetry().sources()).as("partial: %s", r.telemetry().partial())
        .containsKey("pod-io");
    for (String member : r.telemetry().sources().get("mongodb")) {
      assertThat(rows).as("bytes written by " + member).anyMatch(w ->
          w.source().equals("pod-io") && w.member().equals(member)
              && w.metric().equals("disk.writeBytes") && w.value() > 0);
    }
    report("delete-pod primary", r, pod);
    report("node-failure stop-kubelet", r, node);
  }

  /** The fault happened, and reads and inserts stopped and resumed. */
  private static void assertTakenOutAndBack(FaultReport f) {
    assertThat(f.failure()).as("%s", f.event()).isEmpty();
    for (String op : new String[] {"INSERT", "READ"}) {
      Interruption i = f.interruptions().get(op);
      assertThat(i).as("the %s interruption of %s", op, f).isNotNull();
      assertThat(i.resumed()).as("%s resumed after %s (%s; %s)", op, f.event().action(), i,
          f.event().durationsMs()).isTrue();
    }
  }

  private static void report(String what, TrialResult r, FaultReport f) {
    System.out.printf("[k8s fault] %s: %s; interruption %s; %d acknowledged, %d lost%n", what,
        f.event().durationsMs(), f.interruptions().values().stream().map(i -> i.operation() + "="
            + i.interruptionMs() + " ms").toList(), r.audit().get().acknowledged(),
        r.audit().get().lost());
  }
}
