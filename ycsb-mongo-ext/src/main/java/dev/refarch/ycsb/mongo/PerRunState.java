package dev.refarch.ycsb.mongo;

/**
 * The binding's per-JVM state that belongs to one YCSB run: which init failures and stock-key
 * notes were printed, and how many operation errors. A JVM that runs YCSB's client more than once
 * ({@code dev.refarch.ycsb.launch.InProcessClient}) resets it before each run, so every run
 * prints its own failures as a fresh JVM would. Connections need no reset: the last thread's
 * {@code cleanup()} closes them.
 *
 * <p>Thread-safe; call it when no YCSB thread runs.
 */
public final class PerRunState {

  private PerRunState() {
  }

  /** Forgets what the previous run printed. */
  public static void reset() {
    InitFailure.reset();
    ErrorLog.reset();
    MongoDbClient.forgetAnnouncements();
  }
}
