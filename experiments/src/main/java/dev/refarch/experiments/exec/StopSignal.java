package dev.refarch.experiments.exec;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * How a runner ends a client's run early without killing it: it creates the file {@value #FILE}
 * in the client's folder; the client's {@link ClientMain} notices within
 * {@value #POLL_MS} ms and the workload ({@link StoppableCoreWorkload},
 * {@link StoppableRefarchWorkload}) then answers YCSB's {@code isStopRequested()} with yes — the
 * same path YCSB's own {@code maxexecutiontime} takes, so every thread finishes its operation,
 * the binding cleans up and the measurements are written as at any normal end.
 *
 * <p>Thread-safe: one flag per JVM, set once.
 */
public final class StopSignal {

  /** The file whose appearance asks the client to stop. */
  public static final String FILE = "stop";
  static final long POLL_MS = 200;

  private static volatile boolean requested;

  private StopSignal() {
  }

  /** Whether the runner asked this client to stop. */
  public static boolean requested() {
    return requested;
  }

  /** Asks the client whose folder is {@code clientDir} to stop. */
  static void request(Path clientDir) {
    try {
      Files.createDirectories(clientDir);
      if (!Files.exists(clientDir.resolve(FILE))) {
        Files.createFile(clientDir.resolve(FILE));
      }
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException("cannot ask the client in " + clientDir + " to stop", e);
    }
  }

  /** Starts a daemon thread that sets the flag once {@code file} exists. */
  static void watch(Path file) {
    Thread t = new Thread(() -> {
      while (!requested) {
        if (Files.exists(file)) {
          requested = true;
          System.err.println("[client] the runner asked to stop: the run is steady");
          return;
        }
        try {
          Thread.sleep(POLL_MS);
        } catch (InterruptedException e) {
          return;
        }
      }
    }, "runner-stop-watch");
    t.setDaemon(true);
    t.start();
  }
}
