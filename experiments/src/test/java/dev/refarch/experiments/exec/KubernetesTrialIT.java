package dev.refarch.experiments.exec;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.refarch.experiments.faults.FaultReport;
import dev.refarch.experiments.faults.Interruption;
import dev.refarch.experiments.results.TrialResult;
import dev.refarch.platform.kubernetes.KubernetesCluster;
import dev.refarch.platform.kubernetes.KubernetesProvisioner;
import dev.refarch.platform.kubernetes.api.ManagedObjects;
import dev.refarch.platform.kubernetes.fault.MemberRoles;
import dev.refarch.platform.kubernetes.testing.FakeKubernetes;
import dev.refarch.platform.spi.Phase;
import dev.refarch.platform.spi.Topology;
import dev.refarch.ycsb.measure.MeasuredDb;
import dev.refarch.ycsb.testing.SyntheticDb;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A whole trial whose clients run as Kubernetes Job pods, on a {@code kubernetes} cluster, with
 * a fault schedule — study B4's "time until operations resume" end to end. The mock server
 * stores the objects; the tests play the controllers ({@link FakeKubernetes}) and the kubelet of
 * the client pods ({@link ClientPodKubelet}: real {@link ClientMain} JVMs). The clients measure a {@link SyntheticDb} that stalls
 * every thread for {@value #STALL_MS} ms, the outage the deleted primary would cause.
 */
@EnableKubernetesMockClient(crud = true)
class KubernetesTrialIT {

  static final int STALL_MS = 3000;
  private static final ObjectMapper JSON = new ObjectMapper();

  KubernetesMockServer server;
  KubernetesClient client;
  @TempDir
  Path tmp;
  private FakeKubernetes k8s;
  private KubernetesCluster cluster;
  private ClientPodKubelet kubelet;

  @BeforeEach
  void start() {
    k8s = FakeKubernetes.start(server, "test", "node-a", "node-b", "node-c", "node-d");
    kubelet = ClientPodKubelet.attach(k8s, "test", tmp.resolve("pods"));
    // the tests play mongod too: member 1 is primary
    MemberRoles roles = (ns, set, pods) -> {
      Map<String, String> r = new LinkedHashMap<>();
      pods.forEach(p -> r.put(p, p.equals("refarch-rs0-1") ? "primary" : "secondary"));
      return r;
    };
    cluster = (KubernetesCluster) new KubernetesProvisioner(s -> server.createClient(),
        c -> roles).start(Topology.parse("pss"), settings());
  }

  private Map<String, String> settings() {
    return Map.of("k8s.trial", "b4", "k8s.storageClass", "gold",
        "k8s.storageClass.provisioner", FakeKubernetes.CSI_DRIVER, "k8s.timeoutSeconds", "60",
        "k8s.runnerInCluster", "false",
        "k8s.clients.image", "registry.example/refarch-client:0.1.0",
        // the pods' JVMs run here, with this test's class path
        "k8s.clients.classPath", ClientPodKubelet.classPath());
  }

  @AfterEach
  void stop() throws InterruptedException {
    kubelet.close();
    if (cluster != null) {
      cluster.close();
    }
    k8s.close();
    assertThat(k8s.errors()).isEmpty();
  }

  /**
   * Two client pods of one thread each, 200 ops/s each; each thread stalls at its 600th read,
   * about 3 s after it started, so after the fault at 2 s and a baseline before it.
   */
  private TrialSpec b4(Path events) {
    return TrialSpec.builder("b4", "delete-primary").cluster(cluster.connectionString())
        .db(MeasuredDb.class.getName())
        .property("measurement.delegate", SyntheticDb.class.getName())
        .property("synthetic.medianUs", "100")
        .property("synthetic.stallAtOperation", "600")
        .property("synthetic.stallMs", String.valueOf(STALL_MS))
        .property("measurement.timelineResolution", "100")
        .property("workload", "site.ycsb.workloads.CoreWorkload")
        .property("recordcount", "400").property("operationcount", "2000")
        .property("readproportion", "1").property("updateproportion", "0")
        .property("testhook.file", events.toString())
        .hooks(List.of("recording"))
        .clients(2).threads(2).target(400)
        .faults("2s kubernetes:delete-pod primary")
        .phaseTimeout(Duration.ofMinutes(2)).build();
  }

  @Test
  void aTrialWithJobClientsAndAFaultMeasuresPodReadyAndTheClientsInterruption() throws Exception {
    k8s.recreateDelayMs = 1000;
    Path events = tmp.resolve("hook-events");
    TrialRunner runner = new TrialRunner(tmp.resolve("results"))
        .withClients(new KubernetesClients(cluster.client(), cluster.settings()));

    TrialResult r = runner.run(b4(events), cluster);

    assertThat(r.failures()).isEmpty();
    // hooks ran around both Job phases, on the runner
    assertThat(Files.readAllLines(events)).containsExactly("recording before load",
        "recording after load ok", "recording before run", "recording after run ok");
    // both phases' pods came back and were merged as local clients are
    assertThat(r.phases().get(Phase.LOAD).clients()).hasSize(2).allMatch(c -> c.completed());
    assertThat(r.phases().get(Phase.RUN).clients()).extracting(c -> c.name())
        .containsExactly("run-0", "run-1");
    assertThat(r.phases().get(Phase.RUN).clients()).allMatch(c -> c.completed()
        && c.exit().contains("(pod ycsb-run-delete-primary-") && c.cpuSeconds().isPresent());
    assertThat(r.summary(Phase.RUN).orElseThrow().operation("READ").orElseThrow().counts())
        .containsEntry("OK", 2000L);
    assertThat(r.summary(Phase.LOAD).orElseThrow().operation("INSERT").orElseThrow().counts()
        .values().stream().mapToLong(Long::longValue).sum()).isEqualTo(400);

    // the fault: the primary's pod was deleted and came back Ready, measured from Kubernetes
    assertThat(r.faults()).hasSize(1);
    FaultReport f = r.faults().get(0);
    assertThat(f.failure()).isEmpty();
    assertThat(f.event().action()).isEqualTo("delete-pod");
    assertThat(f.event().member()).isEqualTo("refarch-rs0-1");
    assertThat(f.event().detail()).contains("Ready again on");
    long podReadyMs = cluster.faults().recoveries().get(0).readyAfterMs();
    assertThat(podReadyMs).isGreaterThanOrEqualTo(1000);
    assertThat(f.event().durationsMs()).containsExactly(Map.entry("podReady", podReadyMs));
    // the runner is outside the cluster: no election watch, said by its absence
    assertThat(f.electionMs()).isEmpty();
    // ... and operations resumed: in the clients' merged timeline the stall is the longest gap,
    // so the time until operations resume spans it (less the clients' start skew)
    assertThat(f.interruptions()).containsKey("READ");
    Interruption read = f.interruptions().get("READ");
    assertThat(read.resumed()).isTrue();
    assertThat(read.gapBuckets()).isGreaterThanOrEqualTo(STALL_MS / 2 / 100);
    assertThat(read.interruptionMs()).isBetween(STALL_MS / 2L, 15_000L);

    System.out.printf("[k8s trial] pod Ready again %d ms after the fault; READ resumed after %d ms"
        + " (gap %d buckets of 100 ms)%n", podReadyMs, read.interruptionMs(), read.gapBuckets());

    JsonNode trial = JSON.readTree(r.folder().resolve("trial.json").toFile());
    assertThat(trial.get("status").asText()).isEqualTo("completed");
    assertThat(trial.get("faults").get(0).get("interruption").get("READ").get("interruptionMs")
        .asLong())
        .isEqualTo(read.interruptionMs());
    // the cluster's state is read after the trial, so it holds the recovery
    assertThat(trial.get("platformState").get("kubernetes").get("fault.1.podReadyAfterMs")
        .asText()).isEqualTo(String.valueOf(podReadyMs));
    assertThat(trial.get("faults").get(0).get("durationsMs").get("podReady").asLong())
        .isEqualTo(podReadyMs);
    assertThat(r.folder().resolve("events.csv")).content()
        .contains("delete-pod,primary,refarch-rs0-1").contains("podReady=" + podReadyMs);
    assertThat(r.folder().resolve("clients/run-1/measurements/latency.hlog")).exists();

    // each phase's Job, pods and Secret are gone; the cluster's objects go with it
    assertThat(ManagedObjects.remaining(client, "test", "b4"))
        .noneMatch(o -> o.startsWith("Job ") || o.startsWith("Secret "));
    cluster.close();
    cluster = null;
    assertThat(ManagedObjects.remaining(client, "test", "b4")).isEmpty();
  }
}
