package dev.refarch.experiments.report;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * What a verdict needs to know about a trial besides its figures, read from its
 * {@code trial.json}. Immutable.
 *
 * @param steady whether the run phase was steady; empty when not recorded
 * @param measuredSeconds the length of the merged measured window
 * @param stoppedWhenSteady whether the runner ended the run because it was steady
 * @param clients client JVMs of the run phase; 0 when not recorded
 * @param threadsPerClient YCSB threads in each client (YCSB's {@code -threads}); 0 when not
 *     recorded. Over all clients: {@link #totalThreads}
 * @param cores processors of the machine the runner ran on; 0 when not recorded
 * @param clientCpuShare the run phase's clients' CPU time as a share of the machine's cores over
 *     the judged window, or over the phase where the clients left no CPU timeline
 *     ({@link ClientCpu}; 1.0 = every core busy with clients); empty when not recorded
 * @param samples measured (post-warm-up) operations behind each operation type's latency
 *     figures in the judged window, and {@link Quantity#OVERALL}'s as their sum
 * @param startedEpochMs when the trial started (its load, if it had one); 0 when not recorded
 * @param window the window the trial's figures come from
 * @param drift why a run that was steady for a while is not steady, when it drifted
 * @param cpu the CPU evidence over the judged window, when the trial recorded it
 * @param clientMicrosPerOp the clients' CPU microseconds per operation over the window the
 *     figures come from ({@code clientCost} in trial.json; for results written before it, from
 *     the CPU evidence); empty when not recorded
 * @param telemetry the servers', processes' and disks' figures over the same window, when the
 *     trial recorded telemetry
 * @param machineProbe the machine's speed around the trial: CPU nanoseconds per unit of the
 *     runner's fixed probe work, before the run phase and after the last phase together; empty
 *     when not recorded
 */
public record TrialFacts(Optional<Boolean> steady, double measuredSeconds,
    boolean stoppedWhenSteady, int clients, int threadsPerClient, int cores,
    OptionalDouble clientCpuShare, Map<String, Long> samples, long startedEpochMs, Window window, Optional<String> drift,
    Optional<CpuEvidence> cpu, OptionalDouble clientMicrosPerOp,
    Optional<ServerTelemetry> telemetry, List<Double> machineProbe) {

  /**
   * The window a trial's figures come from.
   *
   * @param fromEpochMs its start; 0 when not recorded
   * @param toEpochMs its end (exclusive); 0 when not recorded
   * @param steady whether it is the judged window of a steady run (from its earliest steady window
   *     at the level the run ended at to the end of the measured window); otherwise the whole
   *     measured window
   */
  public record Window(long fromEpochMs, long toEpochMs, boolean steady) {
    /** Nothing recorded. */
    public static final Window UNKNOWN = new Window(0, 0, false);

    /** Its length in seconds. */
    public double seconds() {
      return Math.max(0, toEpochMs - fromEpochMs) / 1000.0;
    }

    /** {@code steady window (12 s)} or {@code whole measured window (30 s)}. */
    public String describe() {
      String length = String.format(java.util.Locale.ROOT, "%.0f s", seconds());
      return (steady ? "judged window, steady to the end of the run (" : "whole measured window (")
          + length + ")";
    }
  }

  public TrialFacts {
    samples = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(samples));
    java.util.Objects.requireNonNull(window, "window");
    java.util.Objects.requireNonNull(drift, "drift");
    java.util.Objects.requireNonNull(cpu, "cpu");
    java.util.Objects.requireNonNull(clientMicrosPerOp, "clientMicrosPerOp");
    java.util.Objects.requireNonNull(telemetry, "telemetry");
    machineProbe = List.copyOf(machineProbe);
  }

  /** Facts without a recorded start, window or CPU evidence. */
  public TrialFacts(Optional<Boolean> steady, double measuredSeconds, boolean stoppedWhenSteady,
      int clients, int threadsPerClient, int cores, OptionalDouble clientCpuShare,
      Map<String, Long> samples) {
    this(steady, measuredSeconds, stoppedWhenSteady, clients, threadsPerClient, cores, clientCpuShare,
        samples, 0, Window.UNKNOWN, Optional.empty(), Optional.empty(), OptionalDouble.empty(),
        Optional.empty(), List.of());
  }

  /** Nothing recorded (a missing trial, or results older than these facts). */
  public static TrialFacts unknown() {
    return new TrialFacts(Optional.empty(), 0, false, 0, 0, 0, OptionalDouble.empty(), Map.of());
  }

  /** YCSB threads over all clients: {@code clients × threadsPerClient}. */
  public int totalThreads() {
    return clients * threadsPerClient;
  }

  /** The samples behind {@code operation}'s figures, 0 when none. */
  public long samples(String operation) {
    return samples.getOrDefault(operation, 0L);
  }
}
