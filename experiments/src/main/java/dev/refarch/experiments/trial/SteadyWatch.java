package dev.refarch.experiments.trial;

import dev.refarch.experiments.results.SteadyState;
import dev.refarch.experiments.spec.UntilSteady;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.TreeMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Watches a run phase's clients while they run and stops them once their merged throughput is
 * steady: every second it reads each client's HDR log ({@link LiveLog}), adds the measured
 * operations per interval slot from the slot when the last client's warm-up had passed, and asks
 * the clients to stop ({@link StopSignal}) when the last window of slots passes the
 * {@link dev.refarch.experiments.spec.SteadyRule}. Only slots that ended more than a second ago
 * count, so a client that is still writing one is not read as a drop. Without steadiness the
 * clients run to their maximum time; the trial's own judgement comes afterwards from the merged
 * timeline ({@link SteadyState#detect}).
 *
 * <p>Thread-safe: its own thread polls; {@link #stopped} and {@link #close} may be called from
 * any thread.
 */
final class SteadyWatch implements AutoCloseable {

  private static final long GRACE_MS = 1_000;

  private final UntilSteady until;
  private final List<LiveLog> logs = new ArrayList<>();
  private final int intervalMs;
  private final Runnable stop;
  private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
    Thread t = new Thread(r, "steady-watch");
    t.setDaemon(true);
    return t;
  });
  private final java.util.function.LongSupplier clock;
  private volatile boolean stopped;
  private volatile String failure;

  /**
   * A watch that has not started.
   *
   * @param clientDirs the clients' folders (each with {@code measurements/})
   * @param stop asks every client to stop; called at most once
   */
  SteadyWatch(UntilSteady until, List<Path> clientDirs, int intervalMs, Runnable stop) {
    this(until, clientDirs, intervalMs, stop, System::currentTimeMillis);
  }

  /** As above, reading the time (epoch ms) from {@code clock}. */
  SteadyWatch(UntilSteady until, List<Path> clientDirs, int intervalMs, Runnable stop,
      java.util.function.LongSupplier clock) {
    this.clock = clock;
    this.until = until;
    this.intervalMs = intervalMs;
    this.stop = stop;
    clientDirs.forEach(d -> logs.add(new LiveLog(d.resolve("measurements")
        .resolve("latency.hlog"), intervalMs)));
  }

  /** Starts polling every second on the watch's own thread. */
  SteadyWatch start() {
    timer.scheduleWithFixedDelay(this::poll, 1, 1, TimeUnit.SECONDS);
    return this;
  }

  /** Whether the watch asked the clients to stop because the run was steady. */
  boolean stopped() {
    return stopped;
  }

  /** Why watching failed, if it did. */
  java.util.Optional<String> failure() {
    return java.util.Optional.ofNullable(failure);
  }

  /** Reads what the clients wrote since the last poll and stops them if the run is steady. */
  void poll() {
    if (stopped) {
      return;
    }
    try {
      for (LiveLog log : logs) {
        log.poll();
      }
    } catch (IOException | RuntimeException e) {
      // the clients then run to their maximum time; the trial says why it was not stopped
      failure = "watching for steady state failed, the clients ran to their maximum time: " + e;
      timer.shutdown();
      return;
    }
    TreeMap<Long, Long> series = series(clock.getAsLong());
    boolean longEnough = series.size() * (long) intervalMs >= until.min().toMillis();
    if (longEnough && SteadyState.lastWindow(series, intervalMs, until.rule())) {
      stopped = true;
      stop.run();
    }
  }

  /** Merged measured operations per complete slot from when every client measured. */
  TreeMap<Long, Long> series(long nowMs) {
    TreeMap<Long, Long> series = new TreeMap<>();
    long from = Long.MIN_VALUE;
    for (LiveLog log : logs) {
      OptionalLong f = log.measuredFrom();
      if (f.isEmpty()) {
        return series;
      }
      from = Math.max(from, f.getAsLong());
    }
    long to = Math.floorDiv(nowMs - GRACE_MS, intervalMs) * (long) intervalMs;
    for (long slot = from; slot < to; slot += intervalMs) {
      long sum = 0;
      for (LiveLog log : logs) {
        sum += log.measured().getOrDefault(slot, 0L);
      }
      series.put(slot, sum);
    }
    return series;
  }

  @Override
  public void close() {
    timer.shutdownNow();
  }
}
