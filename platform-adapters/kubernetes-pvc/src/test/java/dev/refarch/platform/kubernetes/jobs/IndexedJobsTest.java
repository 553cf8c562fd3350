package dev.refarch.platform.kubernetes.jobs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.refarch.platform.kubernetes.api.ManagedObjects;
import dev.refarch.platform.kubernetes.config.K8sProperties.Cleanup;
import dev.refarch.platform.kubernetes.testing.FakeKubernetes;
import dev.refarch.platform.kubernetes.testing.FakeKubernetes.JobPod;
import dev.refarch.platform.spi.PlatformException;
import dev.refarch.platform.spi.config.ConfigurationException;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Indexed Jobs against the mock server; the tests play the Job controller and the pods. */
@EnableKubernetesMockClient(crud = true)
class IndexedJobsTest {

  KubernetesMockServer server;
  KubernetesClient client;
  @TempDir
  Path tmp;
  private FakeKubernetes k8s;
  private IndexedJobs jobs;

  @BeforeEach
  void start() {
    k8s = FakeKubernetes.start(server, "test", "node-a", "node-b", "node-c");
    jobs = new IndexedJobs(client, "test", "t1", Cleanup.DELETE);
  }

  @AfterEach
  void stop() {
    k8s.close();
    assertThat(k8s.errors()).isEmpty();
  }

  private static IndexedJobSpec spec(int pods) {
    List<Map<String, String>> files = new java.util.ArrayList<>();
    for (int i = 0; i < pods; i++) {
      files.add(Map.of("client.properties", "mongodb.url=mongodb://user:password@db/\nindex=" + i));
    }
    return new IndexedJobSpec("ycsb-run", "registry.example/refarch-client:0.1",
        "java -jar client.jar", Map.of("PHASE", "run"), files, "2", "2Gi", Optional.of("pull"));
  }

  /** The log of a pod whose command wrote {@code files} into its output folder. */
  private String log(String name, Map<String, String> files) {
    try {
      Path dir = Files.createTempDirectory(tmp, name);
      for (var f : files.entrySet()) {
        Files.createDirectories(dir.resolve(f.getKey()).getParent());
        Files.writeString(dir.resolve(f.getKey()), f.getValue());
      }
      return "pod started\n" + OutputArchive.encode(dir);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Test
  void runsOnePodPerIndexAndUnpacksEachLog() {
    AtomicReference<Job> job = new AtomicReference<>();
    AtomicReference<Secret> inputs = new AtomicReference<>();
    k8s.jobPods = (j, i) -> {
      job.set(j);
      inputs.set(k8s.client().secrets().inNamespace("test").withName("ycsb-run-inputs").get());
      return new JobPod("Succeeded", 0, log("pod" + i, Map.of("stdout.txt", "pod " + i,
          "exit-code.txt", "0", "measurements/summary.json", "{\"index\": " + i + "}")));
    };
    List<PodOutput> out = jobs.run(spec(3), Duration.ofSeconds(20), i -> tmp.resolve("run-" + i));

    assertThat(out).hasSize(3).allMatch(PodOutput::completed);
    for (PodOutput o : out) {
      assertThat(o.dir()).isEqualTo(tmp.resolve("run-" + o.index()));
      assertThat(o.dir().resolve("measurements/summary.json"))
          .hasContent("{\"index\": " + o.index() + "}");
      assertThat(o.exitCode()).hasValue(0);
      assertThat(o.pod().orElseThrow()).startsWith("ycsb-run-" + o.index() + "-");
    }
    var spec = job.get().getSpec();
    assertThat(spec.getCompletionMode()).isEqualTo("Indexed");
    assertThat(spec.getCompletions()).isEqualTo(3);
    assertThat(spec.getParallelism()).isEqualTo(3);
    assertThat(spec.getBackoffLimit()).isZero();
    assertThat(spec.getActiveDeadlineSeconds()).isEqualTo(20);
    var pod = spec.getTemplate().getSpec();
    assertThat(pod.getRestartPolicy()).isEqualTo("Never");
    assertThat(pod.getImagePullSecrets()).extracting(r -> r.getName()).containsExactly("pull");
    assertThat(pod.getContainers().get(0).getEnv()).anyMatch(e ->
        e.getName().equals("REFARCH_COMMAND") && e.getValue().equals("java -jar client.jar"));
    assertThat(inputs.get().getStringData()).containsKeys("0.client.properties",
        "2.client.properties");
    assertThat(ManagedObjects.remaining(client, "test", "t1")).isEmpty();
  }

  @Test
  void aFailedPodComesBackWithItsExitCodeAndOutput() {
    k8s.jobPods = (j, i) -> i == 1
        ? new JobPod("Failed", 1, log("failed", Map.of("stderr.txt", "Could not connect",
            "exit-code.txt", "1")))
        : new JobPod("Succeeded", 0, log("ok" + i, Map.of("exit-code.txt", "0")));
    List<PodOutput> out = jobs.run(spec(2), Duration.ofSeconds(20), i -> tmp.resolve("c" + i));
    assertThat(out.get(0).completed()).isTrue();
    PodOutput failed = out.get(1);
    assertThat(failed.completed()).isFalse();
    assertThat(failed.exitCode()).hasValue(1);
    assertThat(failed.problem().orElseThrow()).contains("Failed");
    assertThat(failed.dir().resolve("stderr.txt")).hasContent("Could not connect");
  }

  @Test
  void aLogWithoutItsArchiveIsAProblemOfThatPod() {
    k8s.jobPods = (j, i) -> new JobPod("Succeeded", 0, "exec /bin/sh: no such file\n");
    List<PodOutput> out = jobs.run(spec(1), Duration.ofSeconds(20), i -> tmp.resolve("c" + i));
    assertThat(out.get(0).problem().orElseThrow()).contains("holds no output archive");
  }

  @Test
  void anImageThatCannotBePulledFailsAtOnceAndLeavesNothing() {
    k8s.imagePullFails = true;
    k8s.jobPods = (j, i) -> null;
    assertThatThrownBy(() -> jobs.run(spec(2), Duration.ofSeconds(20), i -> tmp.resolve("c" + i)))
        .isInstanceOf(PlatformException.class).hasMessageContaining("ErrImagePull")
        .hasMessageContaining("check k8s.clients.image");
    assertThat(ManagedObjects.remaining(client, "test", "t1")).isEmpty();
  }

  @Test
  void podsThatDoNotEndInTimeAreReportedAndRemoved() {
    k8s.jobPods = (j, i) -> null; // pods start and run forever
    List<PodOutput> out = jobs.run(spec(2), Duration.ofSeconds(1), i -> tmp.resolve("c" + i));
    assertThat(out).allSatisfy(o -> assertThat(o.problem().orElseThrow())
        .contains("did not end").contains("timed out after 1 s"));
    assertThat(ManagedObjects.remaining(client, "test", "t1")).isEmpty();
  }

  @Test
  void startedMeansEveryPodRunsAndAFailedPodEndsTheWaitForTheOthers() throws Exception {
    CompletableFuture<JobPod> first = new CompletableFuture<>();
    k8s.runningJobPods = (pod, i) -> i == 0 ? first : new CompletableFuture<>(); // 1 runs on
    try (IndexedJobs.Submitted job = jobs.submit(spec(2), Duration.ofSeconds(60))) {
      job.awaitStarted(Duration.ofSeconds(20));
      assertThat(client.pods().inNamespace("test").withLabel(IndexedJobs.JOB_LABEL, "ycsb-run")
          .list().getItems()).hasSize(2)
          .allMatch(p -> "Running".equals(p.getStatus().getPhase()));

      first.complete(new JobPod("Failed", 137, log("killed", Map.of("exit-code.txt", "137"))));
      long t0 = System.nanoTime();
      List<PodOutput> out = job.awaitEnd(Duration.ofSeconds(60), i -> tmp.resolve("c" + i));

      // the wait ended on the failure, not on the 60 s timeout
      assertThat(Duration.ofNanos(System.nanoTime() - t0)).isLessThan(Duration.ofSeconds(30));
      assertThat(out.get(0).exitCode()).hasValue(137);
      assertThat(out.get(0).problem().orElseThrow()).contains("Failed");
      assertThat(out.get(1).problem().orElseThrow()).contains("did not end");
    }
    assertThat(ManagedObjects.remaining(client, "test", "t1")).isEmpty();
  }

  @Test
  void retainKeepsTheJobItsPodsAndSecret() {
    k8s.jobPods = (j, i) -> new JobPod("Succeeded", 0, log("ok", Map.of("exit-code.txt", "0")));
    new IndexedJobs(client, "test", "t1", Cleanup.RETAIN).run(spec(1), Duration.ofSeconds(20),
        i -> tmp.resolve("c" + i));
    assertThat(ManagedObjects.remaining(client, "test", "t1")).contains("Job test/ycsb-run",
        "Secret test/ycsb-run-inputs").anyMatch(o -> o.startsWith("Pod test/ycsb-run-0-"));
  }

  @Test
  void rejectsANameKubernetesWouldRefuse() {
    assertThatThrownBy(() -> new IndexedJobSpec("YCSB_run", "i", "c", Map.of(),
        List.of(Map.of()), "1", "1Gi", Optional.empty()))
        .isInstanceOf(ConfigurationException.class).hasMessageContaining("job name='YCSB_run'");
  }
}
