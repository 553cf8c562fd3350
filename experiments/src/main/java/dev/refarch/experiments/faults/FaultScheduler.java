package dev.refarch.experiments.faults;

import dev.refarch.platform.spi.FaultEvent;
import dev.refarch.platform.spi.FaultInjector;
import dev.refarch.platform.spi.Phase;
import dev.refarch.platform.spi.Redaction;
import dev.refarch.ycsb.measure.MeasuringMark;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Fires a {@link FaultSchedule} while a trial runs: a phase's offsets count from when every one of
 * its clients is measuring (its {@link MeasuringMark}: the first measured operation has ended), not
 * from their JVMs' start, which on a loaded machine precedes the first operation by seconds; clients
 * whose folders are not readable while they run (pods) count from their start. Each fault is then
 * injected at its offset, one at a time and in order, on a thread of its own; when the phase ends,
 * faults not yet due — or whose clients never became ready — are dropped (and reported as not
 * reached).
 *
 * <p>Thread-safe: the trial's runner calls {@link #startClock} and {@link #phaseEnded}, the
 * scheduler thread injects, and {@link #events}/{@link #failures} may be read at any time.
 */
public final class FaultScheduler {

  /**
   * A fault that was injected (or failed to be).
   *
   * @param phase the phase it belonged to
   * @param event what the injector reported; for a failure, the time of the attempt
   * @param failure why injection failed, empty on success
   */
  public record Fired(Phase phase, FaultEvent event, String failure) {
    public boolean succeeded() {
      return failure.isEmpty();
    }
  }

  /** How often the clients' marks are looked for before the clock starts. */
  static final long READY_POLL_MS = 50;

  private final FaultSchedule schedule;
  private final FaultInjector injector;
  private final java.util.Map<String, String> settings;
  private final java.util.Map<String, FaultInjector> named = new java.util.HashMap<>();
  private final List<Fired> fired = new ArrayList<>();
  private final List<String> failures = new ArrayList<>();
  private ScheduledExecutorService executor;
  private int dueInPhase;

  /**
   * @param injector the cluster's injector, for actions without an injector name
   * @param settings the trial's properties, handed to named injectors ({@code vsan:host-standby})
   */
  public FaultScheduler(FaultSchedule schedule, FaultInjector injector,
      java.util.Map<String, String> settings) {
    this.schedule = schedule;
    this.injector = injector;
    this.settings = java.util.Map.copyOf(settings);
    validate();
  }

  /**
   * Every scheduled action must be one its injector knows, so that a misspelt fault fails before
   * the trial starts rather than minutes into it.
   */
  private void validate() {
    for (FaultSchedule.Entry e : schedule.entries()) {
      var routed = route(e.fault());
      java.util.Set<String> known = routed.getKey().actions();
      if (!known.contains(routed.getValue().action())) {
        throw new dev.refarch.platform.spi.config.ConfigurationException("faults",
            e.fault().action(), known.isEmpty() ? "none: the " + routed.getKey().name()
                + " injector takes no faults" : "an action of the " + routed.getKey().name()
                + " injector: " + String.join(", ", new java.util.TreeSet<>(known)));
      }
    }
  }

  /**
   * The injector and plain action of {@code fault}: an action {@code name:action} goes to the
   * cluster's injector when that is its name (e.g. {@code kubernetes:delete-pod} on a Kubernetes
   * cluster), else to the injector of that name (found through ServiceLoader and configured with
   * the trial's settings); any other to the cluster's.
   */
  private synchronized java.util.Map.Entry<FaultInjector, dev.refarch.platform.spi.Fault> route(
      dev.refarch.platform.spi.Fault fault) {
    int colon = fault.action().indexOf(':');
    if (colon < 0) {
      return java.util.Map.entry(injector, fault);
    }
    String name = fault.action().substring(0, colon);
    FaultInjector target = injector != null && name.equals(injector.name()) ? injector
        : named.computeIfAbsent(name,
            n -> dev.refarch.platform.spi.Extensions.faultInjector(n).configure(settings));
    return java.util.Map.entry(target, new dev.refarch.platform.spi.Fault(
        fault.action().substring(colon + 1), fault.target(), fault.parameters()));
  }

  /**
   * Starts {@code phase}'s clock: once every folder of {@code marks} holds its client's
   * {@link MeasuringMark}, or at once when {@code marks} is empty.
   *
   * @param marks the clients' measurement folders; empty when they run elsewhere (pods)
   */
  public synchronized void startClock(Phase phase, List<Path> marks) {
    List<FaultSchedule.Entry> due = schedule.of(phase);
    if (due.isEmpty()) {
      return;
    }
    ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1, r -> {
      Thread t = new Thread(r, "fault-schedule");
      t.setDaemon(true);
      return t;
    });
    // at the phase's end, faults not yet due are dropped; one being injected finishes
    timer.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
    executor = timer;
    dueInPhase = due.size();
    Runnable scheduleAll = () -> due.forEach(e ->
        timer.schedule(() -> fire(phase, e), e.at().toMillis(), TimeUnit.MILLISECONDS));
    if (marks.isEmpty()) {
      scheduleAll.run();
      return;
    }
    awaitReady(timer, marks, scheduleAll);
  }

  /** Runs {@code then} on {@code timer} once every client folder in {@code marks} is marked. */
  private static void awaitReady(ScheduledExecutorService timer, List<Path> marks,
      Runnable then) {
    if (marks.stream().allMatch(MeasuringMark::isSet)) {
      then.run();
    } else if (!timer.isShutdown()) {
      timer.schedule(() -> awaitReady(timer, marks, then), READY_POLL_MS, TimeUnit.MILLISECONDS);
    }
  }

  private void fire(Phase phase, FaultSchedule.Entry entry) {
    long attempted = System.currentTimeMillis();
    try {
      var routed = route(entry.fault());
      FaultEvent event = routed.getKey().inject(routed.getValue());
      record(new Fired(phase, event, ""));
    } catch (RuntimeException e) {
      String why = "fault '" + entry.fault().action() + " " + entry.fault().target() + "' at "
          + entry.at() + " failed: " + Redaction.maskUri(e.getMessage());
      record(new Fired(phase, new FaultEvent(attempted, entry.fault().action(),
          entry.fault().target(), "", why), why));
    }
  }

  private synchronized void record(Fired f) {
    fired.add(f);
    if (!f.succeeded()) {
      failures.add(f.failure());
    }
  }

  /** Ends {@code phase}: drops its faults not yet due, after the one being injected finishes. */
  public void phaseEnded(Phase phase) {
    ScheduledExecutorService running;
    synchronized (this) {
      running = executor;
      executor = null;
    }
    if (running == null) {
      return;
    }
    // a fault being injected finishes (a restart waits for its member to rejoin, which leaves
    // the cluster whole for the next trial); those not yet due are dropped
    running.shutdown();
    try {
      running.awaitTermination(2, TimeUnit.MINUTES);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    synchronized (this) {
      long notReached = dueInPhase - fired.stream().filter(f -> f.phase() == phase).count();
      if (notReached > 0) {
        failures.add(notReached + " scheduled fault(s) of the " + phase.label()
            + " phase were not reached: the phase ended first");
      }
    }
  }

  /** Faults fired so far, in order. */
  public synchronized List<Fired> events() {
    return List.copyOf(fired);
  }

  /** Injection failures and faults not reached; each fails the trial. */
  public synchronized List<String> failures() {
    return List.copyOf(failures);
  }
}
