package dev.refarch.experiments.report;

import com.fasterxml.jackson.databind.JsonNode;
import dev.refarch.experiments.results.ClientCost;
import dev.refarch.experiments.results.CounterSeries;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalDouble;

/**
 * The clients' CPU as a share of the machine's cores, for the client-bound check of a verdict:
 * over the measured window when every client of the phase left a CPU timeline covering it
 * ({@code clients/<name>/cpu-timeline.csv}, written by {@code ClientMain} every second), else
 * over the whole phase. The difference matters on a small machine: a client JVM's start-up and
 * compilation fall before and early in the run (a third or more of a 25 s trial's client CPU
 * here), and counted over the phase they made clients that left the server most of the cores
 * in the measured window look client-bound.
 *
 * <p>Stateless and thread-safe.
 */
final class ClientCpu {

  /** The timeline's column of the JVM's CPU seconds so far. */
  static final String CPU_SECONDS = ClientCost.CPU_SECONDS;

  /** The timeline's column of the seconds the JVM's threads waited for a CPU so far. */
  static final String RUN_DELAY_SECONDS = ClientCost.RUN_DELAY_SECONDS;

  /** One sample: wall clock and the JVM's CPU seconds so far. */
  record Sample(long epochMs, double cpuSeconds) {
  }

  private ClientCpu() {
  }

  /**
   * The share over the measured window of {@code phase} (a trial.json phase node), from the
   * client folders under {@code trialDir}; else over the phase from the clients' CPU at exit.
   */
  static OptionalDouble share(JsonNode phase, Path trialDir, int cores) {
    if (cores <= 0) {
      return OptionalDouble.empty();
    }
    OptionalDouble window = windowShare(phase, trialDir, cores);
    if (window.isPresent()) {
      return window;
    }
    double wall = (phase.path("endedEpochMs").asLong() - phase.path("startedEpochMs").asLong())
        / 1000.0;
    double cpu = 0;
    for (JsonNode c : phase.path("clients")) {
      cpu += c.path("cpuSeconds").asDouble(0);
    }
    return wall > 0 && phase.path("startedEpochMs").asLong() > 0
        ? OptionalDouble.of(cpu / (wall * cores)) : OptionalDouble.empty();
  }

  private static OptionalDouble windowShare(JsonNode phase, Path trialDir, int cores) {
    JsonNode summary = phase.path("summary");
    long from = summary.path("measuredFromEpochMs").asLong(0);
    long to = summary.path("endEpochMs").asLong(0);
    if (from <= 0 || to <= from) {
      return OptionalDouble.empty();
    }
    OptionalDouble cpu = increase(phase, trialDir, CPU_SECONDS, from, to);
    return cpu.isPresent() ? OptionalDouble.of(cpu.getAsDouble() / ((to - from) / 1000.0 * cores))
        : OptionalDouble.empty();
  }

  /**
   * The sum over the clients of {@code phase} of how much the counter {@code column} of their
   * timelines grew from {@code from} to {@code to} (epoch milliseconds); empty unless every
   * client's timeline has the column and covers the window.
   *
   * @param column {@value #CPU_SECONDS} or {@value #RUN_DELAY_SECONDS}
   */
  static OptionalDouble increase(JsonNode phase, Path trialDir, String column, long from,
      long to) {
    if (trialDir == null) {
      return OptionalDouble.empty();
    }
    List<Path> dirs = new java.util.ArrayList<>();
    for (JsonNode c : phase.path("clients")) {
      dirs.add(trialDir.resolve("clients").resolve(c.path("name").asText()));
    }
    return ClientCost.increase(dirs, column, from, to);
  }

  /**
   * CPU seconds used between {@code from} and {@code to}, interpolating linearly between the
   * samples around each end; empty unless the samples cover both ends.
   */
  static OptionalDouble between(List<Sample> samples, long from, long to) {
    return new CounterSeries(samples.stream()
        .map(s -> new CounterSeries.Point(s.epochMs(), s.cpuSeconds())).toList())
        .increase(from, to);
  }

  /**
   * The CPU samples of {@code file}, in time order; none when it is missing. Reads timelines
   * with and without the run-delay column.
   */
  static List<Sample> read(Path file) {
    return CounterSeries.column(file, CPU_SECONDS).points().stream()
        .map(p -> new Sample(p.epochMs(), p.value())).toList();
  }
}
