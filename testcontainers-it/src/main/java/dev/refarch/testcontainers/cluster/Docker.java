package dev.refarch.testcontainers.cluster;

import com.github.dockerjava.api.exception.NotFoundException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.testcontainers.DockerClientFactory;

/**
 * Whether Testcontainers finds a Docker engine, and if not, why — in one line that a skipped
 * test can show; and what a local image says it holds.
 *
 * <p>Thread-safe; Testcontainers caches its answer for the JVM's life, and so does this.
 */
public final class Docker {

  private static volatile String reason;
  private static volatile boolean checked;

  private Docker() {
  }

  /** {@code null} when Docker is available, else why not, e.g. {@code Docker unavailable: ...}. */
  public static synchronized String unavailableReason() {
    if (!checked) {
      reason = probe();
      checked = true;
    }
    return reason;
  }

  /** The label {@code src/bin/build-images} puts on its images: the MongoDB commands they hold. */
  public static final String COMMANDS_LABEL = "dev.refarch.commands";

  /**
   * The MongoDB commands {@code image} says it holds ({@value #COMMANDS_LABEL}), when the engine
   * has the image and it carries the label; empty otherwise (an official image, or one not
   * pulled yet, says nothing).
   */
  public static Optional<Set<String>> commandsOf(String image) {
    try {
      Map<String, String> labels = DockerClientFactory.instance().client().inspectImageCmd(image)
          .exec().getConfig().getLabels();
      String commands = labels == null ? null : labels.get(COMMANDS_LABEL);
      return commands == null ? Optional.empty()
          : Optional.of(Set.of(commands.trim().split("\\s+")));
    } catch (NotFoundException e) {
      return Optional.empty();
    }
  }

  private static String probe() {
    try {
      DockerClientFactory.instance().client();
      return null;
    } catch (RuntimeException | LinkageError e) {
      String host = System.getenv("DOCKER_HOST");
      boolean socket = Files.exists(Path.of("/var/run/docker.sock"));
      return "Docker unavailable: " + e.getMessage() + " (DOCKER_HOST "
          + (host == null || host.isBlank() ? "unset" : "=" + host) + "; /var/run/docker.sock "
          + (socket ? "present" : "absent") + ")";
    }
  }
}
