package dev.refarch.bench;

import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A cell's figures after its warm-up: operations per second and client CPU per operation between
 * the first status line at or after {@code warmup} seconds and the last one.
 *
 * <p>Why: a cell's whole-run figures count the JVM's start, class loading and JIT compilation.
 * Profiled at 16 threads (async-profiler, 30 s cells of workload C), the JIT compiler threads
 * took a third of every side's client CPU, and a side with more driver code to compile pays more
 * of it and reaches its steady rate later — a cost of short cells that a YCSB run of minutes
 * hardly sees. Both figures are reported; this is the steady one.
 *
 * <p>The operations come from YCSB's status lines ({@code -s}, one per {@code status.interval}),
 * which carry the wall-clock time they were printed and the operations done so far
 * ({@code 2026-11-26 18:04:24:123 10 sec: 56000 operations; …}); the raw loop prints the same.
 * The CPU comes from {@link CpuReport}'s samples of the process's CPU time against the wall clock,
 * read at the two status lines' times by linear interpolation.
 */
final class SteadyWindow {

  /** Elapsed seconds, operations so far and the wall-clock time of one status line. */
  record Status(long epochMillis, long elapsedSeconds, long operations) {
  }

  /** The process's CPU time at a wall-clock time. */
  record CpuSample(long epochMillis, long cpuNanos) {
  }

  /** The steady figures, NaN when the cell had no two status lines after its warm-up. */
  record Figures(double throughput, double cpuPerThousand, double seconds) {
    static final Figures NONE = new Figures(Double.NaN, Double.NaN, 0);
  }

  /** YCSB's status line, after the {@code -l} label if any; the same format {@link RawLoop} prints. */
  private static final Pattern STATUS = Pattern.compile(
      "(\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}:\\d{3}) (\\d+) sec: (\\d+) operations;");
  /** YCSB's {@code StatusThread} date format, in the JVM's default time zone. */
  static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss:SSS");

  private SteadyWindow() {
  }

  /** The status lines of a cell's output, in order. */
  static List<Status> statusLines(String output) {
    List<Status> lines = new ArrayList<>();
    Matcher m = STATUS.matcher(output);
    while (m.find()) {
      long millis = LocalDateTime.parse(m.group(1), TIME).atZone(ZoneId.systemDefault())
          .toInstant().toEpochMilli();
      lines.add(new Status(millis, Long.parseLong(m.group(2)), Long.parseLong(m.group(3))));
    }
    return lines;
  }

  /** {@code "<epoch millis> <cpu nanos>"} lines as {@link CpuReport} writes them after its total. */
  static List<CpuSample> cpuSamples(List<String> lines) {
    List<CpuSample> samples = new ArrayList<>();
    for (String line : lines) {
      String[] parts = line.trim().split(" ");
      if (parts.length == 2) {
        samples.add(new CpuSample(Long.parseLong(parts[0]), Long.parseLong(parts[1])));
      }
    }
    // the exit's sample may land before a last periodic one taken just before it
    samples.sort(java.util.Comparator.comparingLong(CpuSample::epochMillis));
    return samples;
  }

  /**
   * The figures between the first status line at or after {@code warmupSeconds} and the last
   * status line; {@link Figures#NONE} when there are not two such lines, or no CPU samples
   * around them.
   */
  static Figures of(List<Status> status, List<CpuSample> cpu, int warmupSeconds) {
    Status from = status.stream().filter(s -> s.elapsedSeconds() >= warmupSeconds).findFirst()
        .orElse(null);
    Status to = status.isEmpty() ? null : status.get(status.size() - 1);
    if (from == null || to.epochMillis() <= from.epochMillis() || to.operations() <= from.operations()) {
      return Figures.NONE;
    }
    double seconds = (to.epochMillis() - from.epochMillis()) / 1000.0;
    long operations = to.operations() - from.operations();
    double cpuFrom = cpuAt(cpu, from.epochMillis());
    double cpuTo = cpuAt(cpu, to.epochMillis());
    return new Figures(operations / seconds, (cpuTo - cpuFrom) / 1e9 * 1000.0 / operations,
        seconds);
  }

  /** The CPU time at {@code millis}, interpolated between the samples around it; NaN outside them. */
  static double cpuAt(List<CpuSample> cpu, long millis) {
    for (int i = 1; i < cpu.size(); i++) {
      CpuSample a = cpu.get(i - 1);
      CpuSample b = cpu.get(i);
      if (millis >= a.epochMillis() && millis <= b.epochMillis()) {
        if (b.epochMillis() == a.epochMillis()) {
          return b.cpuNanos();
        }
        double f = (millis - a.epochMillis()) / (double) (b.epochMillis() - a.epochMillis());
        return a.cpuNanos() + f * (b.cpuNanos() - a.cpuNanos());
      }
    }
    return Double.NaN;
  }
}
