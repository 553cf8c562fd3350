package dev.refarch.platform.santricity.fault;

import dev.refarch.platform.santricity.api.SantricityClient;
import dev.refarch.platform.santricity.api.model.OperationProgress;
import dev.refarch.platform.santricity.api.model.Pool;
import dev.refarch.platform.santricity.config.FaultSettings;
import dev.refarch.platform.spi.PlatformException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * Polls a pool's {@code action-progress} until its reconstruction, rebalancing or copyback is
 * over, handing every observation to the listeners. Both answer shapes are accepted (a list in
 * 11.9x, one object in 12.0x). The pool counts as recovered when it has shown activity and then
 * none, or when it shows none for three polls in a row from the start (e.g. a RAID group without a
 * hot spare, which stays degraded without rebuilding).
 *
 * <p>Thread-safe: polls run on the given executor, results are read from any thread.
 */
public final class ReconstructionMonitor {

  private static final int IDLE_POLLS_WITHOUT_ACTIVITY = 3;
  private static final int MAX_CONSECUTIVE_ERRORS = 5;

  private final SantricityClient client;
  private final Pool pool;
  private final FaultSettings settings;
  private final List<ProgressListener> listeners;
  private final Clock clock;
  private final String cause;
  private final List<ProgressSample> samples = new CopyOnWriteArrayList<>();
  private final List<String> listenerFailures = new CopyOnWriteArrayList<>();
  private final Set<String> actionsSeen = new LinkedHashSet<>();
  private final CompletableFuture<MonitorResult> completion = new CompletableFuture<>();
  private volatile ScheduledFuture<?> task;
  private long startedMillis;
  private int polls;
  private int idlePolls;
  private int errors;
  private boolean sawActivity;

  ReconstructionMonitor(SantricityClient client, Pool pool, FaultSettings settings,
      List<ProgressListener> listeners, Clock clock, String cause) {
    this.client = client;
    this.pool = pool;
    this.settings = settings;
    this.listeners = listeners;
    this.clock = clock;
    this.cause = cause;
  }

  synchronized ReconstructionMonitor start(ScheduledExecutorService executor) {
    startedMillis = clock.millis();
    task = executor.scheduleWithFixedDelay(this::poll, 0, settings.pollMillis(),
        TimeUnit.MILLISECONDS);
    return this;
  }

  /** Completes with the result, or exceptionally on timeout or repeated poll failures. */
  public CompletableFuture<MonitorResult> completion() {
    return completion;
  }

  /** Every sample so far, in order. */
  public List<ProgressSample> samples() {
    return List.copyOf(samples);
  }

  public String pool() {
    return pool.name();
  }

  void cancel() {
    ScheduledFuture<?> t = task;
    if (t != null) {
      t.cancel(false);
    }
    completion.completeExceptionally(new PlatformException("follow recovery of pool '"
        + pool.name() + "'", "stopped before the pool was quiet (injector closed)"));
  }

  private synchronized void poll() {
    if (completion.isDone()) {
      return;
    }
    try {
      List<OperationProgress> progress = client.pools().actionProgress(pool);
      errors = 0;
      polls++;
      long now = clock.millis();
      List<OperationProgress> active = new ArrayList<>();
      progress.stream().filter(OperationProgress::isActive).forEach(active::add);
      if (!active.isEmpty()) {
        sawActivity = true;
        idlePolls = 0;
        for (OperationProgress p : active) {
          actionsSeen.add(p.currentAction());
          emit(new ProgressSample(now, pool.name(), nonNull(p.volumeRef()), p.currentAction(),
              clamp(p.progressPercentage()), p.estimatedTimeToCompletion() == null ? -1
                  : p.estimatedTimeToCompletion(), cause));
        }
      } else if (sawActivity || ++idlePolls >= IDLE_POLLS_WITHOUT_ACTIVITY) {
        emit(new ProgressSample(now, pool.name(), "", "none", 100, 0, cause));
        finish(new MonitorResult(pool.name(), cause, startedMillis, now, polls,
            new ArrayList<>(actionsSeen), listenerFailures));
        return;
      }
      if (now - startedMillis > settings.timeout().toMillis()) {
        fail(new PlatformException("follow recovery of pool '" + pool.name() + "' after " + cause,
            "still " + String.join(", ", actionsSeen) + " after " + settings.timeoutMinutes()
                + " minutes (santricity.fault.timeoutMinutes); last sample: "
                + (samples.isEmpty() ? "none" : samples.get(samples.size() - 1))));
      }
    } catch (RuntimeException e) {
      if (++errors >= MAX_CONSECUTIVE_ERRORS) {
        fail(new PlatformException("follow recovery of pool '" + pool.name() + "' after " + cause,
            errors + " polls in a row failed; last: " + e.getMessage(), e));
      }
    }
  }

  private void emit(ProgressSample sample) {
    samples.add(sample);
    for (ProgressListener listener : listeners) {
      try {
        listener.onSample(sample);
      } catch (RuntimeException e) {
        // A broken timeline must not stop the monitoring; the failure is reported in the result.
        listenerFailures.add(listener + ": " + e);
      }
    }
  }

  private void finish(MonitorResult result) {
    task.cancel(false);
    completion.complete(result);
  }

  private void fail(PlatformException error) {
    task.cancel(false);
    completion.completeExceptionally(error);
  }

  private static int clamp(Integer percent) {
    return percent == null ? 0 : Math.max(0, Math.min(100, percent));
  }

  private static String nonNull(String s) {
    return s == null ? "" : s;
  }
}
