package dev.refarch.experiments.results;

import dev.refarch.ycsb.measure.Summary;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * What a phase's clients cost the machine per operation they did: the CPU seconds of all their
 * JVMs over the window a phase's figures come from (the judged window of a steady run, else the
 * measured window), from each client's {@value ResultsFolder#CPU_TIMELINE}, over the operations
 * the figures of that window count. On a machine the clients share with the server, each
 * microsecond here is taken from the server being measured; over the judged window it leaves out
 * the JVM's start-up and most of its compilation, which a total at exit does not.
 *
 * <p>Immutable and thread-safe.
 *
 * @param window {@value #JUDGED} or {@value #MEASURED}
 * @param fromEpochMs the window's start
 * @param toEpochMs its end, after its start
 * @param cpuSeconds CPU seconds (user and system, all threads) of all the phase's clients in it
 * @param operations operations the phase's figures count in it, errors included; at least 1
 */
public record ClientCost(String window, long fromEpochMs, long toEpochMs, double cpuSeconds,
    long operations) {

  /** The window of a steady run's figures. */
  public static final String JUDGED = "judged";
  /** The whole measured window, after the warm-up. */
  public static final String MEASURED = "measured";

  public ClientCost {
    if (!JUDGED.equals(window) && !MEASURED.equals(window)) {
      throw new IllegalArgumentException("window is " + window + "; one of " + JUDGED + ", "
          + MEASURED);
    }
    if (toEpochMs <= fromEpochMs || operations < 1 || !(cpuSeconds >= 0)) {
      throw new IllegalArgumentException(String.format(Locale.ROOT, "window [%d, %d) ms, %d"
          + " operations, %.3f CPU s: a cost needs a window, an operation and CPU time ≥ 0",
          fromEpochMs, toEpochMs, operations, cpuSeconds));
    }
  }

  /** Client CPU microseconds per operation. */
  public double microsPerOperation() {
    return cpuSeconds / operations * 1e6;
  }

  /** The clients' CPU as cores kept busy on average over the window, e.g. 0.8. */
  public double cores() {
    return cpuSeconds / ((toEpochMs - fromEpochMs) / 1000.0);
  }

  /**
   * The cost over the window of {@code figures} (a phase's summary, or its judged window's),
   * from the CPU timelines in {@code clientDirs}; empty unless every client's timeline covers
   * the window and the window counts an operation (clients that left no timeline: Kubernetes
   * pods, results written before timelines).
   */
  public static Optional<ClientCost> of(String window, Summary figures, List<Path> clientDirs) {
    long from = figures.measuredFromEpochMs();
    long to = figures.endEpochMs();
    long operations = figures.totals().values().stream().mapToLong(Long::longValue).sum();
    if (to <= from || operations < 1) {
      return Optional.empty();
    }
    OptionalDouble cpu = increase(clientDirs, CPU_SECONDS, from, to);
    return cpu.isPresent()
        ? Optional.of(new ClientCost(window, from, to, cpu.getAsDouble(), operations))
        : Optional.empty();
  }

  /** The timeline's column of the JVM's CPU seconds so far. */
  public static final String CPU_SECONDS = "cpu_seconds";

  /** The timeline's column of the seconds the JVM's threads waited for a CPU so far. */
  public static final String RUN_DELAY_SECONDS = "run_delay_seconds";

  /**
   * The sum over {@code clientDirs} of how much the counter {@code column} of their
   * {@value ResultsFolder#CPU_TIMELINE} grew from {@code from} to {@code to} (epoch milliseconds);
   * empty unless there is a client and every client's timeline has the column and covers the
   * window.
   *
   * @param column {@value #CPU_SECONDS} or {@value #RUN_DELAY_SECONDS}
   */
  public static OptionalDouble increase(List<Path> clientDirs, String column, long from,
      long to) {
    if (clientDirs.isEmpty()) {
      return OptionalDouble.empty();
    }
    double sum = 0;
    for (Path dir : clientDirs) {
      OptionalDouble grew = CounterSeries.column(dir.resolve(ResultsFolder.CPU_TIMELINE), column)
          .increase(from, to);
      if (grew.isEmpty()) {
        return OptionalDouble.empty();
      }
      sum += grew.getAsDouble();
    }
    return OptionalDouble.of(sum);
  }
}
