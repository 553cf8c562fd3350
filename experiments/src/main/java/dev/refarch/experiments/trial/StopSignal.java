package dev.refarch.experiments.trial;

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
 * <p>Thread-safe: one flag per JVM, for the run it watches ({@link #watch}); a JVM that runs
 * one phase after another watches each phase's file in turn.
 */
public final class StopSignal {

  /** The file whose appearance asks the client to stop. */
  public static final String FILE = "stop";
  static final long POLL_MS = 200;

  private static volatile boolean requested;
  /** The file of the run now watched; null between runs. */
  private static volatile Path watched;
  private static Thread watcher;

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

  /**
   * Watches {@code file} from now on, for a run that has not been asked to stop: a daemon thread
   * sets the flag once it exists.
   */
  static synchronized void watch(Path file) {
    requested = false;
    watched = file;
    if (watcher == null) {
      watcher = new Thread(StopSignal::poll, "runner-stop-watch");
      watcher.setDaemon(true);
      watcher.start();
    }
  }

  /** The run is over: nothing is watched and the flag is down until the next {@link #watch}. */
  static synchronized void unwatch() {
    watched = null;
    requested = false;
  }

  private static void poll() {
    while (true) {
      Path file = watched;
      if (file != null && !requested && Files.exists(file)) {
        synchronized (StopSignal.class) {
          if (file.equals(watched)) {
            requested = true;
            System.err.println("[client] the runner asked to stop: the run is steady");
          }
        }
      }
      try {
        Thread.sleep(POLL_MS);
      } catch (InterruptedException e) {
        return;
      }
    }
  }
}
