package dev.refarch.experiments.report;

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
 * @param threads YCSB threads over all clients; 0 when not recorded
 * @param cores processors of the machine the runner ran on; 0 when not recorded
 * @param clientCpuShare the run phase's clients' CPU time as a share of the machine's cores over
 *     the measured window, or over the phase where the clients left no CPU timeline
 *     ({@link ClientCpu}; 1.0 = every core busy with clients); empty when not recorded
 * @param samples measured (post-warm-up) operations behind each operation type's latency
 *     figures, and {@link Metric#OVERALL}'s as their sum
 * @param startedEpochMs when the trial started (its load, if it had one); 0 when not recorded
 */
public record TrialFacts(Optional<Boolean> steady, double measuredSeconds,
    boolean stoppedWhenSteady, int clients, int threads, int cores, OptionalDouble clientCpuShare,
    Map<String, Long> samples, long startedEpochMs) {

  public TrialFacts {
    samples = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(samples));
  }

  /** Facts without a recorded start. */
  public TrialFacts(Optional<Boolean> steady, double measuredSeconds, boolean stoppedWhenSteady,
      int clients, int threads, int cores, OptionalDouble clientCpuShare,
      Map<String, Long> samples) {
    this(steady, measuredSeconds, stoppedWhenSteady, clients, threads, cores, clientCpuShare,
        samples, 0);
  }

  /** Nothing recorded (a missing trial, or results older than these facts). */
  public static TrialFacts unknown() {
    return new TrialFacts(Optional.empty(), 0, false, 0, 0, 0, OptionalDouble.empty(), Map.of());
  }

  /** The samples behind {@code operation}'s figures, 0 when none. */
  public long samples(String operation) {
    return samples.getOrDefault(operation, 0L);
  }
}
