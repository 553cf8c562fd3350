package dev.refarch.testcontainers.cluster;

import java.nio.file.Files;
import java.nio.file.Path;
import org.testcontainers.DockerClientFactory;

/**
 * Whether Testcontainers finds a Docker engine, and if not, why — in one line that a skipped
 * test can show.
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
