package dev.refarch.experiments.exec;

import dev.refarch.platform.kubernetes.testing.FakeKubernetes;
import dev.refarch.platform.kubernetes.testing.FakeKubernetes.JobPod;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * Test double of the kubelet for client pods: each pod runs the container's own wrapper script
 * with the Job's command — a real {@link ClientMain} JVM with the properties from the Job's
 * Secret — with the pod's paths ({@code /refarch/in}, {@code /refarch/out}) moved into a folder
 * of the test, {@code java} from this JVM, and the pod's log being what the script printed.
 * Pods run concurrently, each on a thread of its own.
 *
 * <p>Use with the client class path {@code k8s.clients.classPath} set to this JVM's.
 */
final class ClientPodKubelet implements AutoCloseable {

  private final KubernetesClient client;
  private final String namespace;
  private final Path root;
  private final ExecutorService threads = Executors.newCachedThreadPool();
  private final List<Process> containers = new CopyOnWriteArrayList<>();

  private ClientPodKubelet(KubernetesClient client, String namespace, Path root) {
    this.client = client;
    this.namespace = namespace;
    this.root = root;
  }

  /** Runs the Job pods that {@code k8s} creates in {@code namespace}, in folders under {@code root}. */
  static ClientPodKubelet attach(FakeKubernetes k8s, String namespace, Path root) {
    ClientPodKubelet kubelet = new ClientPodKubelet(k8s.client(), namespace, root);
    k8s.runningJobPods = (pod, index) -> CompletableFuture.supplyAsync(
        () -> kubelet.run(pod, index), kubelet.threads);
    return kubelet;
  }

  /** The class path the pods' JVMs need: this JVM's. */
  static String classPath() {
    return System.getProperty("java.class.path");
  }

  private JobPod run(Pod pod, int index) {
    try {
      Path dir = Files.createDirectories(root.resolve(pod.getMetadata().getName()));
      Path in = Files.createDirectories(dir.resolve("in"));
      Path out = dir.resolve("out");
      String secretName = pod.getSpec().getVolumes().stream().filter(v -> v.getSecret() != null)
          .findFirst().orElseThrow().getSecret().getSecretName();
      Secret secret = client.secrets().inNamespace(namespace).withName(secretName).get();
      // the mock server keeps stringData as sent; a real API server would move it to data
      Map<String, String> files = secret.getStringData() != null ? secret.getStringData()
          : decoded(secret.getData());
      for (var f : files.entrySet()) {
        Files.writeString(in.resolve(f.getKey()), moved(f.getValue(), in, out));
      }
      var container = pod.getSpec().getContainers().get(0);
      String command = container.getEnv().stream()
          .filter(e -> e.getName().equals("REFARCH_COMMAND")).findFirst().orElseThrow().getValue();
      List<String> shell = container.getCommand();
      ProcessBuilder pb = new ProcessBuilder(shell.get(0), shell.get(1),
          moved(shell.get(2), in, out));
      pb.environment().put("REFARCH_COMMAND", moved(command, in, out));
      pb.environment().put("JOB_COMPLETION_INDEX", String.valueOf(index));
      pb.environment().put("PATH", Path.of(System.getProperty("java.home"), "bin") + ":"
          + System.getenv("PATH"));
      Process p = pb.start();
      containers.add(p);
      String log = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      int exit = p.waitFor();
      return new JobPod(exit == 0 ? "Succeeded" : "Failed", exit, log);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** The pod's paths, moved into the test's folders. */
  private static String moved(String text, Path in, Path out) {
    return text.replace("/refarch/in", in.toString()).replace("/refarch/out", out.toString());
  }

  private static Map<String, String> decoded(Map<String, String> data) {
    Map<String, String> m = new LinkedHashMap<>();
    data.forEach((k, v) -> m.put(k, new String(Base64.getDecoder().decode(v),
        StandardCharsets.UTF_8)));
    return m;
  }

  /** Kills every container still running and stops the kubelet's threads. */
  @Override
  public void close() throws InterruptedException {
    containers.forEach(Process::destroyForcibly);
    threads.shutdownNow();
    threads.awaitTermination(10, TimeUnit.SECONDS);
  }
}
