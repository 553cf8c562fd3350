package dev.refarch.experiments.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import dev.refarch.experiments.results.TrialResult.PhaseResult;
import dev.refarch.experiments.results.TrialResult;
import dev.refarch.experiments.trial.ClientMain;
import dev.refarch.experiments.trial.TrialRunner;
import dev.refarch.experiments.trial.TrialSpec;
import dev.refarch.platform.kubernetes.api.ManagedObjects;
import dev.refarch.platform.kubernetes.config.K8sSettings;
import dev.refarch.platform.kubernetes.jobs.OutputArchive;
import dev.refarch.platform.kubernetes.testing.FakeKubernetes.JobPod;
import dev.refarch.platform.kubernetes.testing.FakeKubernetes;
import dev.refarch.platform.spi.Phase;
import dev.refarch.platform.spi.PlatformState;
import dev.refarch.ycsb.measure.HdrLogs;
import dev.refarch.ycsb.measure.LatencyStats;
import dev.refarch.ycsb.measure.MeasurementSession;
import dev.refarch.ycsb.measure.MeasurementSettings;
import dev.refarch.ycsb.measure.Operation;
import dev.refarch.ycsb.measure.OperationSummary;
import dev.refarch.ycsb.measure.ThreadMeter;
import dev.refarch.ycsb.workloads.CoreWorkloads;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.Status;

/**
 * Clients as an indexed Job: the tests play the Job controller, and each pod's log carries a
 * measurement folder written by a real {@link MeasurementSession}; the merge must be the HDR
 * union of the pods' histograms, as for local clients.
 */
@EnableKubernetesMockClient(crud = true)
class KubernetesClientsTest {

  KubernetesMockServer server;
  KubernetesClient client;
  @TempDir
  Path tmp;
  private FakeKubernetes k8s;
  private final Map<Integer, Properties> podProperties = new ConcurrentHashMap<>();

  @BeforeEach
  void start() {
    k8s = FakeKubernetes.start(server, "test", "node-a", "node-b", "node-c");
  }

  @AfterEach
  void stop() {
    k8s.close();
    assertThat(k8s.errors()).isEmpty();
  }

  /** The Diamanti study's workload E, sized down; three clients of 5 threads each. */
  private static TrialSpec workloadE() {
    return TrialSpec.builder("diamanti", "workload-e")
        .cluster("mongodb://refarch-rs0-0.refarch-rs0.test.svc.cluster.local:27017/?replicaSet=rs0")
        .properties(CoreWorkloads.properties("e"))
        .property("recordcount", "1000").property("operationcount", "10000")
        .property("fieldcount", "50").property("fieldlength", "250")
        .property("maxscanlength", "100").property("scanlengthdistribution", "uniform")
        .property("measurement.histogramInterval", "100")
        .phases(false, true).clients(3).threadsPerClient(5).phaseTimeout(Duration.ofSeconds(60)).build();
  }

  /** A client's folder as a pod leaves it: a real measurement session's files and its output. */
  private static Path clientFolder(Path dir, int scans, long nanos) throws Exception {
    Path measurements = dir.resolve("measurements");
    ThreadMeter meter = MeasurementSession.join(new MeasurementSettings(measurements, 100, 1000,
        dev.refarch.ycsb.measure.Warmup.none(), 0, false));
    for (int i = 0; i < scans; i++) {
      long start = meter.start();
      long until = System.nanoTime() + nanos;
      while (System.nanoTime() < until) {
        Thread.onSpinWait();
      }
      meter.record(i % 20 == 0 ? Operation.INSERT : Operation.SCAN, start, Status.OK);
    }
    MeasurementSession.leave(meter);
    Files.writeString(dir.resolve("stdout.txt"), "[OVERALL], RunTime(ms), 100\n");
    Files.writeString(dir.resolve("stderr.txt"), "");
    Files.writeString(dir.resolve("exit-code.txt"), "0\n");
    Files.writeString(dir.resolve("cpu-seconds.txt"), "1.250\n");
    return dir;
  }

  private JobPod pod(int index, String phase, int exit, Path folder) {
    var secret = k8s.client().secrets().inNamespace("test").list().getItems().get(0);
    Properties p = new Properties();
    String key = index + ".client.properties";
    try {
      // the mock server keeps stringData as sent; a real API server would move it to data
      p.load(new StringReader(secret.getStringData() != null ? secret.getStringData().get(key)
          : new String(java.util.Base64.getDecoder().decode(secret.getData().get(key)))));
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    podProperties.put(index, p);
    return new JobPod(phase, exit, "starting\n" + OutputArchive.encode(folder));
  }

  private KubernetesClients clients() {
    return new KubernetesClients(client, K8sSettings.from(Map.of("k8s.trial", "t1",
        "k8s.clients.image", "registry.example/refarch-client:0.1.0")));
  }

  private TrialResult trial(TrialSpec spec) throws InterruptedException {
    return new TrialRunner(tmp.resolve("results")).withClients(clients())
        .run(spec, PlatformState.empty());
  }

  @Test
  void mergesThePodsMeasurementsAsForLocalClients() throws Exception {
    List<Path> folders = List.of(clientFolder(tmp.resolve("pod-0"), 300, 20_000),
        clientFolder(tmp.resolve("pod-1"), 200, 60_000),
        clientFolder(tmp.resolve("pod-2"), 100, 150_000));
    k8s.jobPods = (job, i) -> pod(i, "Succeeded", 0, folders.get(i));

    TrialResult out = trial(workloadE());
    Path results = out.folder();

    assertThat(out.failures()).isEmpty();
    PhaseResult run = out.phases().get(Phase.RUN);
    assertThat(run.clients()).extracting(c -> c.name())
        .containsExactly("run-0", "run-1", "run-2");
    assertThat(run.clients()).allMatch(c -> c.completed() && c.exitCode() == 0
        && c.cpuSeconds().getAsDouble() == 1.25);
    Histogram union = new Histogram(3);
    for (Path f : folders) {
      union.add(HdrLogs.totalsByTag(f.resolve("measurements/latency.hlog")).get("SCAN.service"));
    }
    OperationSummary scan = run.summary().orElseThrow().operation("SCAN").orElseThrow();
    assertThat(scan.counts()).containsEntry("OK", union.getTotalCount());
    assertThat(scan.serviceTime()).isEqualTo(LatencyStats.of(union));
    assertThat(HdrLogs.totalsByTag(results.resolve("run.hlog")).get("SCAN.service"))
        .isEqualTo(union);
    assertThat(results.resolve("timeline.csv")).exists();
    assertThat(results.resolve("clients/run-2/measurements/summary.json")).exists();
    assertThat(results.resolve("clients/run-2/stdout.txt")).hasContent("[OVERALL], RunTime(ms), 100");
    assertThat(run.steadyState()).isPresent();
    assertThat(results.resolve("trial.json")).exists();

    // each pod got what a local client would: its threads and operations, in the pod's folder
    assertThat(podProperties.get(0)).containsEntry("threadcount", "5")
        .containsEntry("operationcount", "3334")
        .containsEntry("measurement.dir", "/refarch/out/measurements")
        .containsEntry("scanproportion", "0.95").doesNotContainKey("hooks");
    assertThat(podProperties.get(2)).containsEntry("threadcount", "5")
        .containsEntry("operationcount", "3333");
    assertThat(ManagedObjects.remaining(client, "test", "t1")).isEmpty();
  }

  @Test
  void aFailedPodFailsThePhaseWithItsNodeAndStderr() throws Exception {
    Path ok = clientFolder(tmp.resolve("ok"), 50, 10_000);
    Path failed = Files.createDirectories(tmp.resolve("failed"));
    Files.writeString(failed.resolve("stderr.txt"), "com.mongodb.MongoTimeoutException: Timed out"
        + " after 30000 ms while waiting for a server\n");
    Files.writeString(failed.resolve("exit-code.txt"), "1\n");
    k8s.jobPods = (job, i) -> i == 1 ? pod(i, "Failed", 1, failed) : pod(i, "Succeeded", 0, ok);

    TrialResult out = trial(workloadE());

    assertThat(out.failures()).hasSize(1);
    assertThat(out.failures().get(0)).startsWith("client run-1 (pod "
        + KubernetesClients.jobName(workloadE(), Phase.RUN) + "-1-")
        .contains("on node-b)", "MongoTimeoutException");
    PhaseResult run = out.phases().get(Phase.RUN);
    assertThat(run.clients().get(1).completed()).isFalse();
    assertThat(run.clients().get(1).exitCode()).isEqualTo(1);
    assertThat(run.summary()).isPresent();
    assertThat(ManagedObjects.remaining(client, "test", "t1")).isEmpty();
  }

  @Test
  void theCommandRunsClientMainWithThePodsPropertiesFile() {
    String command = clients().command(workloadE(), Phase.RUN);
    assertThat(command).isEqualTo("exec 'java' '-Xmx512m' '-cp' '/refarch/lib/*'"
        + " 'dev.refarch.experiments.trial.ClientMain' '1' '/refarch/out/cpu-seconds.txt' '-t'"
        + " '-db' 'dev.refarch.ycsb.mongo.MongoDbClient' '-s' '-P'"
        + " /refarch/in/\"$JOB_COMPLETION_INDEX\".client.properties");
    assertThat(KubernetesClients.jobName(workloadE(), Phase.LOAD))
        .matches("ycsb-load-workload-e-[0-9a-f]{6}");
  }

  @Test
  void jobNamesStayShortEnoughForPodHostNamesAndApart() {
    String longTrial = "threadcount=64-workload=b-mongodb.durability=balanced-topology=rs=3-rep1";
    TrialSpec a = TrialSpec.builder("e1", longTrial).cluster("mongodb://h/").build();
    TrialSpec b = TrialSpec.builder("e1", longTrial.replace("rep1", "rep2")).cluster("mongodb://h/")
        .build();
    String name = KubernetesClients.jobName(a, Phase.RUN);
    // an indexed Job's pods are host-named <job>-<index>, at most 63 characters
    assertThat((name + "-99").length()).isLessThanOrEqualTo(63);
    assertThat(name).matches("[a-z0-9]([a-z0-9-]*[a-z0-9])?");
    assertThat(name).isNotEqualTo(KubernetesClients.jobName(b, Phase.RUN));
  }
}
