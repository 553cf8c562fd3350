package dev.refarch.experiments.results;

import dev.refarch.experiments.audit.AckAudit;
import dev.refarch.platform.spi.Phase;
import dev.refarch.platform.spi.PlatformState;
import dev.refarch.ycsb.measure.Summary;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * What a trial produced, as stored in its {@code trial.json}.
 *
 * @param experiment experiment name
 * @param trial trial id
 * @param failures why the trial failed, in the order things went wrong; empty when it completed
 * @param startedEpochMs when the runner started the trial
 * @param finishedEpochMs when it finished
 * @param phases per phase that ran, in order
 * @param platformState what the cluster's provisioner and the hooks recorded
 * @param effectiveSettings the binding's settings as the first run client reported them
 * @param clientCpuSeconds CPU seconds of all client JVMs, all phases
 * @param runnerCpuSeconds CPU seconds the runner's JVM used during the trial
 * @param folder the results folder
 * @param faults faults injected during the trial and what followed, in order
 * @param audit the acknowledged-write audit after the last phase, when {@code measurement.audit}
 * @param host the machine the runner and its local clients ran on
 * @param telemetry what the servers, machines and disks did, as the runner sampled them
 */
public record TrialResult(String experiment, String trial, List<String> failures,
    long startedEpochMs, long finishedEpochMs, Map<Phase, PhaseResult> phases,
    PlatformState platformState, Map<String, String> effectiveSettings, double clientCpuSeconds,
    double runnerCpuSeconds, Path folder, List<dev.refarch.experiments.faults.FaultReport> faults,
    Optional<AckAudit.AuditReport> audit, Host host, TrialTelemetry telemetry) {

  public TrialResult {
    Objects.requireNonNull(audit, "audit");
    Objects.requireNonNull(telemetry, "telemetry");
    Objects.requireNonNull(host, "host");
    failures = List.copyOf(failures);
    phases = Map.copyOf(phases);
    Objects.requireNonNull(platformState, "platformState");
    effectiveSettings = Map.copyOf(effectiveSettings);
    faults = List.copyOf(faults);
  }

  /** A result without an audit. */
  public TrialResult(String experiment, String trial, List<String> failures, long startedEpochMs,
      long finishedEpochMs, Map<Phase, PhaseResult> phases, PlatformState platformState,
      Map<String, String> effectiveSettings, double clientCpuSeconds, double runnerCpuSeconds,
      Path folder, List<dev.refarch.experiments.faults.FaultReport> faults) {
    this(experiment, trial, failures, startedEpochMs, finishedEpochMs, phases, platformState,
        effectiveSettings, clientCpuSeconds, runnerCpuSeconds, folder, faults, Optional.empty(),
        Host.unknown(), TrialTelemetry.off());
  }

  /** A result with an audit and without host facts. */
  public TrialResult(String experiment, String trial, List<String> failures, long startedEpochMs,
      long finishedEpochMs, Map<Phase, PhaseResult> phases, PlatformState platformState,
      Map<String, String> effectiveSettings, double clientCpuSeconds, double runnerCpuSeconds,
      Path folder, List<dev.refarch.experiments.faults.FaultReport> faults,
      Optional<AckAudit.AuditReport> audit) {
    this(experiment, trial, failures, startedEpochMs, finishedEpochMs, phases, platformState,
        effectiveSettings, clientCpuSeconds, runnerCpuSeconds, folder, faults, audit,
        Host.unknown(), TrialTelemetry.off());
  }

  /**
   * The machine a trial ran on, as far as the runner's JVM sees it: what tells a reader whether
   * the clients competed with the server for the cores.
   *
   * @param cores processors available to the runner's JVM
   * @param loadAverageStart the one-minute load average when the trial started, negative when
   *     the platform has none
   * @param loadAverageEnd the same when it ended
   * @param probeBefore the machine's speed before the run phase (before the first phase when
   *     there is none): CPU nanoseconds per unit of {@link
   *     dev.refarch.experiments.trial.MachineProbe}'s work; empty when not measured
   * @param probeAfter the same after the last phase
   */
  public record Host(int cores, double loadAverageStart, double loadAverageEnd,
      List<Double> probeBefore, List<Double> probeAfter) {

    public Host {
      probeBefore = List.copyOf(probeBefore);
      probeAfter = List.copyOf(probeAfter);
    }

    /** A host without machine-speed readings. */
    public Host(int cores, double loadAverageStart, double loadAverageEnd) {
      this(cores, loadAverageStart, loadAverageEnd, List.of(), List.of());
    }

    /** Where nothing was recorded (results built in code, e.g. by tests). */
    public static Host unknown() {
      return new Host(0, -1, -1);
    }
  }

  public boolean succeeded() {
    return failures.isEmpty();
  }

  /** The merged summary of {@code phase}, when it ran and its clients wrote outputs. */
  public Optional<Summary> summary(Phase phase) {
    return Optional.ofNullable(phases.get(phase)).flatMap(PhaseResult::summary);
  }

  /**
   * One phase of a trial.
   *
   * @param phase load or run
   * @param clients how each client ended
   * @param summary merged figures of the clients that finished
   * @param steadyState for the run phase
   * @param startedEpochMs when the runner started the phase's clients; 0 when not recorded
   * @param endedEpochMs when the last of them ended; 0 when not recorded
   * @param judged the figures over the judged window — from the earliest steady window at the
   *     level the run ended at ({@link SteadyState}) to the end of the measured window — when the
   *     run was steady; otherwise the judged figures are {@code summary}'s, over the whole
   *     measured window
   * @param clientCost the clients' CPU per operation over the window of the judged figures, when
   *     their CPU timelines cover it
   */
  public record PhaseResult(Phase phase, List<ClientRecord> clients, Optional<Summary> summary,
      Optional<SteadyState> steadyState, long startedEpochMs, long endedEpochMs,
      Optional<Summary> judged, Optional<ClientCost> clientCost) {
    public PhaseResult {
      clients = List.copyOf(clients);
      java.util.Objects.requireNonNull(judged, "judged");
      java.util.Objects.requireNonNull(clientCost, "clientCost");
    }

    /** A phase without figures of a judged window of its own, or a client cost. */
    public PhaseResult(Phase phase, List<ClientRecord> clients, Optional<Summary> summary,
        Optional<SteadyState> steadyState, long startedEpochMs, long endedEpochMs) {
      this(phase, clients, summary, steadyState, startedEpochMs, endedEpochMs, Optional.empty(),
          Optional.empty());
    }

    /** A phase whose start and end were not recorded. */
    public PhaseResult(Phase phase, List<ClientRecord> clients, Optional<Summary> summary,
        Optional<SteadyState> steadyState) {
      this(phase, clients, summary, steadyState, 0, 0);
    }
  }

  /**
   * How one client ended.
   *
   * @param name e.g. {@code run-0}
   * @param exitCode the JVM's exit code
   * @param exit the exit in words
   * @param completed whether it exited 0 and wrote its measurements
   * @param cpuSeconds CPU seconds it reported at exit
   */
  public record ClientRecord(String name, int exitCode, String exit, boolean completed,
      OptionalDouble cpuSeconds) {
  }
}
