package dev.refarch.experiments.exec;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.refarch.experiments.spec.ClusterSpec;
import dev.refarch.experiments.spec.ExperimentSpec;
import dev.refarch.experiments.spec.Sweep;
import dev.refarch.platform.kubernetes.api.ManagedObjects;
import dev.refarch.platform.kubernetes.testing.FakeKubernetes;
import dev.refarch.platform.spi.Topology;
import dev.refarch.ycsb.measure.MeasuredDb;
import dev.refarch.ycsb.testing.SyntheticDb;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An experiment on a {@code type: kubernetes} cluster, as {@code refarch run} runs it: the
 * provisioner found by name reads a kubeconfig (here one pointing at fabric8's mock server), the
 * {@code k8s.*} properties given like {@code --set} reach it, and the trials' clients run as Job
 * pods with the cluster's client — played by {@link FakeKubernetes} and {@link ClientPodKubelet}.
 */
@EnableKubernetesMockClient(crud = true)
class KubernetesExperimentIT {

  private static final ObjectMapper JSON = new ObjectMapper();

  KubernetesMockServer server;
  KubernetesClient client;
  @TempDir
  Path tmp;
  private FakeKubernetes k8s;
  private ClientPodKubelet kubelet;
  private String userHome;
  private String kubeconfig;

  @BeforeEach
  void start() throws Exception {
    k8s = FakeKubernetes.start(server, "bench", "node-a", "node-b", "node-c");
    kubelet = ClientPodKubelet.attach(k8s, "bench", tmp.resolve("pods"));
    // what the provisioner and fabric8 look for: ~/.kube/config (user.home, and the kubeconfig
    // property, which fabric8 reads before $HOME)
    Path config = Files.createDirectories(tmp.resolve("home/.kube")).resolve("config");
    Files.writeString(config, String.join("\n",
        "apiVersion: v1", "kind: Config", "current-context: mock",
        "clusters:", "- name: mock", "  cluster:",
        "    server: " + client.getMasterUrl().toString().replaceAll("/$", ""),
        "    insecure-skip-tls-verify: true",
        "users:", "- name: tester", "  user:", "    token: placeholder-token",
        "contexts:", "- name: mock", "  context: {cluster: mock, user: tester, namespace: bench}",
        ""));
    userHome = System.getProperty("user.home");
    kubeconfig = System.getProperty("kubeconfig");
    System.setProperty("user.home", tmp.resolve("home").toString());
    System.setProperty("kubeconfig", config.toString());
  }

  @AfterEach
  void stop() throws InterruptedException {
    System.setProperty("user.home", userHome);
    if (kubeconfig == null) {
      System.clearProperty("kubeconfig");
    } else {
      System.setProperty("kubeconfig", kubeconfig);
    }
    kubelet.close();
    k8s.close();
    assertThat(k8s.errors()).isEmpty();
  }

  @Test
  void trialsOnAKubernetesClusterRunTheirClientsAsJobPods() throws Exception {
    ExperimentSpec spec = ExperimentSpec.builder("k8s-clients")
        .cluster(new ClusterSpec("kubernetes", Topology.parse("pss"), Optional.empty(),
            Map.of("k8s.trial", "exp1", "k8s.storageClass", "gold",
                "k8s.storageClass.provisioner", FakeKubernetes.CSI_DRIVER,
                "k8s.timeoutSeconds", "60")))
        // as --set would give them
        .property("k8s.clients.image", "registry.example/refarch-client:0.1.0")
        .property("k8s.clients.classPath", ClientPodKubelet.classPath())
        .property("db", MeasuredDb.class.getName())
        .property("measurement.delegate", SyntheticDb.class.getName())
        .property("synthetic.medianUs", "50")
        .property("workload", "site.ycsb.workloads.CoreWorkload")
        .property("recordcount", "500").property("operationcount", "1000")
        .property("readproportion", "1").property("updateproportion", "0")
        .phases(false, true).threads(2)
        .sweep(new Sweep(Sweep.Mode.CARTESIAN, Map.of("clients", List.of("1", "2"))))
        .build();
    ByteArrayOutputStream progress = new ByteArrayOutputStream();

    ExperimentRunner.Outcome out = new ExperimentRunner(tmp.resolve("results"),
        new Progress(new PrintStream(progress, true, StandardCharsets.UTF_8), false))
        .run(spec, false);

    assertThat(out.skipped()).isEmpty();
    assertThat(out.trials()).hasSize(2).allSatisfy(t ->
        assertThat(t.status()).as(t.id() + ": " + t.detail()).isEqualTo("completed"));
    assertThat(progress.toString(StandardCharsets.UTF_8)).contains("starting kubernetes pss");
    for (ExperimentRunner.TrialOutcome t : out.trials()) {
      JsonNode trial = JSON.readTree(out.folder().resolve(t.id()).resolve("trial.json").toFile());
      JsonNode clients = trial.get("phases").get("run").get("clients");
      assertThat(clients).allSatisfy(c -> assertThat(c.get("exit").asText())
          .contains("(pod ycsb-run-").contains(" on node-"));
      long reads = trial.get("phases").get("run").get("summary").get("operations").get("READ")
          .get("counts").get("OK").asLong();
      assertThat(reads).isEqualTo(1000);
      assertThat(trial.get("platformState").get("kubernetes").get("namespace").asText())
          .isEqualTo("bench");
    }
    assertThat(JSON.readTree(out.folder().resolve(out.trials().get(1).id())
        .resolve("trial.json").toFile()).get("phases").get("run").get("clients")).hasSize(2);
    // the cluster and every Job went with the experiment
    assertThat(ManagedObjects.remaining(client, "bench", "exp1")).isEmpty();
  }
}
