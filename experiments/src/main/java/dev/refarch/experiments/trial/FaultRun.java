package dev.refarch.experiments.trial;

import dev.refarch.experiments.faults.ElectionMonitor;
import dev.refarch.experiments.faults.FaultReport;
import dev.refarch.experiments.faults.FaultSchedule;
import dev.refarch.experiments.faults.FaultScheduler;
import dev.refarch.experiments.faults.Interruption;
import dev.refarch.platform.spi.FaultInjector;
import dev.refarch.platform.spi.Phase;
import dev.refarch.ycsb.measure.Timeline;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The fault side of one trial: fires the schedule while phases run, watches elections during a
 * phase that has faults, and turns what happened into {@link FaultReport}s against the phase's
 * merged timeline.
 *
 * <p>Thread-safe as a {@link TrialRunner.Listener}; {@link #reports} and {@link #close} are called
 * by the runner's thread.
 */
final class FaultRun implements TrialRunner.Listener, AutoCloseable {

  static final String EVENTS_CSV = "events.csv";

  private final FaultSchedule schedule;
  private final FaultScheduler scheduler;
  private final String electionWatch;
  private final FaultInjector injector;
  private ElectionMonitor monitor;

  /** @param electionWatch a replica set's connection string to watch elections on, or null */
  FaultRun(FaultSchedule schedule, FaultInjector injector, String electionWatch,
      java.util.Map<String, String> settings) {
    this.schedule = schedule;
    this.scheduler = new FaultScheduler(schedule, injector, settings);
    this.injector = injector;
    this.electionWatch = electionWatch;
  }

  @Override
  public synchronized void phaseStarted(Phase phase, List<ClientProcess> clients) {
    if (electionWatch != null && !schedule.of(phase).isEmpty()) {
      monitor = ElectionMonitor.start(electionWatch);
    }
    scheduler.startClock(phase, clients.stream().map(ClientProcess::measurements).toList());
  }

  @Override
  public void phaseEnded(Phase phase) {
    scheduler.phaseEnded(phase);
  }

  /** Reports for the faults fired in {@code phase}, analysed against its merged timeline. */
  synchronized List<FaultReport> reports(Phase phase, Optional<Timeline> timeline) {
    List<FaultScheduler.Fired> fired = scheduler.events().stream()
        .filter(f -> f.phase() == phase).toList();
    List<FaultReport> reports = new ArrayList<>();
    for (int i = 0; i < fired.size(); i++) {
      FaultScheduler.Fired f = fired.get(i);
      long at = f.event().epochMillis();
      long until = i + 1 < fired.size() ? fired.get(i + 1).event().epochMillis() : Long.MAX_VALUE;
      Map<String, Interruption> interruptions = f.succeeded() && timeline.isPresent()
          ? Interruption.analyze(timeline.get(), at, until) : Map.of();
      Optional<Long> election = monitor == null || !f.succeeded() ? Optional.empty()
          : monitor.electionMillisAfter(at);
      reports.add(new FaultReport(phase, f.event(), f.failure(), election, interruptions));
    }
    if (monitor != null) {
      monitor.close();
      monitor = null;
    }
    return reports;
  }

  /**
   * Has the injector undo what the schedule's faults left in place (a member still isolated
   * because the trial failed before its {@code heal}, a throttled disk): one line per thing undone
   * on standard error; a failure to undo becomes one of {@code failures}.
   */
  void restore(String trial, List<String> failures) {
    try {
      for (String line : injector.restore()) {
        System.err.println("trial " + trial + ": restored after the trial: " + line);
      }
    } catch (RuntimeException e) {
      failures.add("restoring the platform after the trial failed: " + e.getMessage());
    }
  }

  /** Injection failures and faults that were never reached. */
  List<String> failures() {
    return scheduler.failures();
  }

  @Override
  public synchronized void close() {
    if (monitor != null) {
      monitor.close();
      monitor = null;
    }
  }

  /**
   * One line per fault and operation type: when, what, election, interruption, and last the
   * durations the injector measured on the platform side as {@code name=ms} joined by {@code ;}
   * (e.g. {@code podReady=41873}), empty when none.
   */
  static String eventsCsv(List<FaultReport> reports) {
    StringBuilder out = new StringBuilder("epoch_ms,phase,action,target,member,election_ms,"
        + "operation,interruption_ms,recovery_ms,resumed,platform_ms\n");
    for (FaultReport r : reports) {
      String head = r.event().epochMillis() + "," + r.phase().label() + "," + r.event().action()
          + "," + r.event().target() + "," + r.event().member() + ","
          + r.electionMs().map(String::valueOf).orElse("");
      String tail = "," + platformMs(r.event().durationsMs()) + "\n";
      if (r.interruptions().isEmpty()) {
        out.append(head).append(",,,,").append(tail);
      }
      for (Interruption i : new java.util.TreeMap<>(r.interruptions()).values()) {
        out.append(head).append(',').append(i.operation()).append(',').append(i.interruptionMs())
            .append(',').append(i.recoveryMs().map(String::valueOf).orElse("")).append(',')
            .append(String.format(Locale.ROOT, "%b", i.resumed())).append(tail);
      }
    }
    return out.toString();
  }

  private static String platformMs(Map<String, Long> durations) {
    return durations.entrySet().stream().map(d -> d.getKey() + "=" + d.getValue())
        .collect(Collectors.joining(";"));
  }
}
