package dev.refarch.experiments.report;

import com.fasterxml.jackson.databind.JsonNode;
import dev.refarch.experiments.results.CounterSeries;
import dev.refarch.experiments.results.ResultsFolder;
import java.nio.file.Path;
import java.util.Objects;
import java.util.OptionalDouble;

/**
 * The CPU evidence of one window of a trial's run phase that tells whether its clients competed
 * with the server for the machine's cores: CPU seconds and run-queue delay (seconds a runnable
 * thread waited for a core) of the clients and of the servers, and the machine's busy seconds,
 * each the increase of its counter over the window, interpolated linearly between the
 * once-a-second samples. A figure is empty when its samples do not cover the window or were not
 * taken: trials recorded before a column existed, servers this machine could not see
 * (containers, Kubernetes), a server killed by a fault, a kernel without schedstat.
 *
 * <p>Read from the clients' {@value ResultsFolder#CPU_TIMELINE} files and the trial's
 * {@value ResultsFolder#HOST_CPU}. A client waiting for a CPU a large share of its runnable time
 * ({@link #clientWaitShare}) measured the machine rather than the server; a busy machine
 * ({@link #machineShare} near 1) says the cores were all taken, and the client and server shares
 * say by whom.
 *
 * <p>Immutable and thread-safe.
 *
 * <pre>{@code
 * CpuEvidence e = CpuEvidence.of(trial.path("phases").path("run"), trialDir, cores, from, to);
 * if (e.clientWaitShare().orElse(0) > 0.2) { … the clients were starved of CPU … }
 * }</pre>
 *
 * @param windowSeconds the window's length in seconds, positive
 * @param cores the cores the shares are of, at least 1
 * @param clientCpuSeconds CPU seconds all the phase's clients used in the window
 * @param clientRunDelaySeconds seconds the clients' threads were runnable but waited for a core
 * @param serverCpuSeconds CPU seconds the cluster's mongod and mongos processes used
 * @param serverRunDelaySeconds seconds the servers' threads were runnable but waited for a core
 * @param machineBusySeconds CPU seconds all cores spent busy with anything (clients, servers,
 *     the runner and whatever else runs on the machine), summed over the cores
 */
public record CpuEvidence(double windowSeconds, int cores, OptionalDouble clientCpuSeconds,
    OptionalDouble clientRunDelaySeconds, OptionalDouble serverCpuSeconds,
    OptionalDouble serverRunDelaySeconds, OptionalDouble machineBusySeconds) {

  public CpuEvidence {
    if (!(windowSeconds > 0) || Double.isInfinite(windowSeconds)) {
      throw new IllegalArgumentException("windowSeconds is " + windowSeconds
          + "; a window must last a positive, finite number of seconds");
    }
    if (cores < 1) {
      throw new IllegalArgumentException("cores is " + cores + "; shares need at least 1 core");
    }
    Objects.requireNonNull(clientCpuSeconds, "clientCpuSeconds");
    Objects.requireNonNull(clientRunDelaySeconds, "clientRunDelaySeconds");
    Objects.requireNonNull(serverCpuSeconds, "serverCpuSeconds");
    Objects.requireNonNull(serverRunDelaySeconds, "serverRunDelaySeconds");
    Objects.requireNonNull(machineBusySeconds, "machineBusySeconds");
  }

  /**
   * The evidence over [{@code fromEpochMs}, {@code toEpochMs}) of a trial.
   *
   * @param phase the trial.json node of the run phase; its {@code clients} name the client
   *     folders under {@code trialDir/clients}
   * @param trialDir the trial's results folder
   * @param cores the machine's cores, e.g. trial.json's {@code host.cores}; at least 1
   * @param fromEpochMs the window's start, epoch milliseconds
   * @param toEpochMs the window's end, after its start
   * @throws IllegalArgumentException for an empty window or fewer than one core
   */
  public static CpuEvidence of(JsonNode phase, Path trialDir, int cores, long fromEpochMs,
      long toEpochMs) {
    if (toEpochMs <= fromEpochMs) {
      throw new IllegalArgumentException("the window [" + fromEpochMs + ", " + toEpochMs
          + ") ms is empty; its end must come after its start");
    }
    Path host = trialDir.resolve(ResultsFolder.HOST_CPU);
    var columns = CounterSeries.read(host);
    return new CpuEvidence((toEpochMs - fromEpochMs) / 1000.0, cores,
        ClientCpu.increase(phase, trialDir, ClientCpu.CPU_SECONDS, fromEpochMs, toEpochMs),
        ClientCpu.increase(phase, trialDir, ClientCpu.RUN_DELAY_SECONDS, fromEpochMs, toEpochMs),
        columns.getOrDefault("server_cpu_seconds", CounterSeries.NONE)
            .increase(fromEpochMs, toEpochMs),
        columns.getOrDefault("server_run_delay_seconds", CounterSeries.NONE)
            .increase(fromEpochMs, toEpochMs),
        columns.getOrDefault("machine_busy_seconds", CounterSeries.NONE)
            .increase(fromEpochMs, toEpochMs));
  }

  /** The clients' CPU as a share of all cores over the window, 0 to 1 (e.g. 0.5 = one of 2). */
  public OptionalDouble clientShare() {
    return ofCores(clientCpuSeconds);
  }

  /** The servers' CPU as a share of all cores over the window, 0 to 1. */
  public OptionalDouble serverShare() {
    return ofCores(serverCpuSeconds);
  }

  /** How busy the machine was over the window, as a share of all its cores, 0 to 1. */
  public OptionalDouble machineShare() {
    return ofCores(machineBusySeconds);
  }

  /**
   * The share of their runnable time the clients' threads spent waiting for a core, 0 to 1:
   * run delay / (CPU + run delay). Near 0, the clients got a core whenever they wanted one.
   */
  public OptionalDouble clientWaitShare() {
    return waitShare(clientCpuSeconds, clientRunDelaySeconds);
  }

  /** The share of their runnable time the servers' threads spent waiting for a core, 0 to 1. */
  public OptionalDouble serverWaitShare() {
    return waitShare(serverCpuSeconds, serverRunDelaySeconds);
  }

  private OptionalDouble ofCores(OptionalDouble seconds) {
    return seconds.isPresent() ? OptionalDouble.of(seconds.getAsDouble() / (windowSeconds * cores))
        : OptionalDouble.empty();
  }

  private static OptionalDouble waitShare(OptionalDouble cpu, OptionalDouble delay) {
    if (cpu.isEmpty() || delay.isEmpty() || cpu.getAsDouble() + delay.getAsDouble() <= 0) {
      return OptionalDouble.empty();
    }
    return OptionalDouble.of(delay.getAsDouble() / (cpu.getAsDouble() + delay.getAsDouble()));
  }
}
