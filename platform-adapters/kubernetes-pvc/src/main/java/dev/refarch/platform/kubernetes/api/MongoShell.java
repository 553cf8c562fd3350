package dev.refarch.platform.kubernetes.api;

import dev.refarch.platform.spi.Redaction;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.ExecWatch;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Runs {@code mongosh} inside a MongoDB pod through the exec API ({@code pods/exec}), for what
 * the runner must ask or do from inside the cluster: the members' roles, dropping a database
 * before a load. Scripts print plain {@code key=value} lines, so neither side needs a JSON parser.
 *
 * <p>Thread-safe; each call is one exec.
 *
 * <pre>{@code
 * String out = new MongoShell(client, "mongod").eval("bench", "refarch-rs0-0", List.of(), "db.hello().primary");
 * }</pre>
 */
public final class MongoShell {

  private final KubernetesClient client;
  private final String container;

  /** @param container the container of each pod that has {@code mongosh} */
  public MongoShell(KubernetesClient client, String container) {
    this.client = client;
    this.container = container;
  }

  /**
   * Runs {@code mongosh [arguments] --quiet --eval script} in {@code pod} and returns what it
   * printed.
   *
   * @param arguments before the options, e.g. a connection string; a credential in it stays out
   *     of every message
   * @throws IllegalStateException when the exec fails or {@code mongosh} exits non-zero, with its
   *     standard error
   */
  public String eval(String namespace, String pod, List<String> arguments, String script) {
    List<String> command = new ArrayList<>(List.of("mongosh"));
    command.addAll(arguments);
    command.addAll(List.of("--quiet", "--eval", script));
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    try (ExecWatch watch = client.pods().inNamespace(namespace).withName(pod)
        .inContainer(container).writingOutput(out).writingError(err)
        .exec(command.toArray(String[]::new))) {
      Integer code = watch.exitCode().get(30, TimeUnit.SECONDS);
      if (code != null && code != 0) {
        throw new IllegalStateException("mongosh exited " + code + ": "
            + Redaction.maskUri(err.toString(StandardCharsets.UTF_8)
                .trim()));
      }
      return out.toString(StandardCharsets.UTF_8);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    } catch (ExecutionException | TimeoutException | KubernetesClientException e) {
      throw new IllegalStateException("exec failed: "
          + Redaction.maskUri(String.valueOf(e.getMessage())), e);
    }
  }

  /** The first of {@code pods} that exists and is Ready, for a shell to run in. */
  public Optional<String> firstReady(String namespace, List<String> pods) {
    for (String name : pods) {
      Pod p = client.pods().inNamespace(namespace).withName(name).get();
      if (p != null && PodStatuses.ready(p)) {
        return Optional.of(name);
      }
    }
    return Optional.empty();
  }
}
