package dev.refarch.bench;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One measured run of {@link BindingBenchmark}: which cell, which side, what it did and what it
 * cost, read from the YCSB-format text both sides print and the CPU file {@link CpuReport} wrote.
 *
 * @param group {@code run-a}, {@code run-e}, … or {@code load}
 * @param threads client threads; for load cells, the batch size
 * @param repeat which repetition of the cell, from 0; the sides of one repetition ran back to back
 * @param side {@code binding}, {@code raw}, {@code stock-shaped}, … ({@link BenchSide#name()})
 * @param throughput operations (or records) per second
 * @param operations operations done
 * @param cpuSeconds the client process's CPU time, user plus system
 * @param latencyUs per operation, {@code p50} and {@code p99} in microseconds
 * @param errors operations that returned an error
 * @param loadAverage the machine's one-minute load average when the cell ended
 * @param steady throughput and CPU per 1,000 operations after the warm-up ({@link SteadyWindow})
 * @param serverCpuSeconds {@code mongod}'s CPU time, user plus system, over the cell (its
 *     {@code serverStatus} {@code extra_info}); NaN where the server does not report it
 */
record Cell(String group, int threads, int repeat, String side, double throughput,
    long operations, double cpuSeconds, Map<String, Map<String, Long>> latencyUs, long errors,
    double loadAverage, SteadyWindow.Figures steady, double serverCpuSeconds) {

  private static final Pattern OVERALL = Pattern.compile(
      "^\\[OVERALL\\], (RunTime\\(ms\\)|Throughput\\(ops/sec\\)), ([0-9.Ee+-]+)$", Pattern.MULTILINE);
  private static final Pattern PERCENTILE = Pattern.compile(
      "^\\[(READ|UPDATE|SCAN|INSERT)\\], (50|99)thPercentileLatency\\(us\\), ([0-9.]+)$",
      Pattern.MULTILINE);
  private static final Pattern ERRORS = Pattern.compile(
      "^\\[[A-Z-]+\\], Return=(ERROR|SERVICE_UNAVAILABLE|UNEXPECTED_STATE), ([0-9]+)$",
      Pattern.MULTILINE);

  Cell {
    latencyUs = Map.copyOf(latencyUs);
  }

  /** CPU seconds per 1,000 operations. */
  double cpuPerThousand() {
    return operations == 0 ? Double.NaN : cpuSeconds * 1000.0 / operations;
  }

  /** This cell with the server's CPU seconds over it. */
  Cell withServerCpu(double seconds) {
    return new Cell(group, threads, repeat, side, throughput, operations, cpuSeconds, latencyUs,
        errors, loadAverage, steady, seconds);
  }

  /** The server's CPU seconds per 1,000 operations of the cell; NaN when not measured. */
  double serverCpuPerThousand() {
    return operations == 0 ? Double.NaN : serverCpuSeconds * 1000.0 / operations;
  }

  /**
   * Cores kept busy by the client process and the server together over the cell: operations per
   * second times their CPU seconds per operation. Near the machine's core count, the cell was
   * bound by CPU, and its throughput is the cores over the CPU one operation costs both processes;
   * NaN when the server's CPU was not measured.
   */
  double coresBusy() {
    return throughput * (cpuPerThousand() + serverCpuPerThousand()) / 1000.0;
  }

  /** Operations per second after the warm-up; NaN when not measured. */
  double steadyThroughput() {
    return steady.throughput();
  }

  /** CPU seconds per 1,000 operations after the warm-up; NaN when not measured. */
  double steadyCpuPerThousand() {
    return steady.cpuPerThousand();
  }

  /**
   * Reads a cell from YCSB's text output and the CPU file's samples.
   *
   * @param warmupSeconds where the steady window starts, in the status lines' elapsed seconds
   * @throws IllegalStateException when the output has no overall throughput
   */
  static Cell parse(String group, int threads, int repeat, String side, String output,
      double cpuSeconds, List<SteadyWindow.CpuSample> cpu, int warmupSeconds, double loadAverage) {
    double runtimeMs = Double.NaN;
    double throughput = Double.NaN;
    Matcher m = OVERALL.matcher(output);
    while (m.find()) {
      if (m.group(1).startsWith("RunTime")) {
        runtimeMs = Double.parseDouble(m.group(2));
      } else {
        throughput = Double.parseDouble(m.group(2));
      }
    }
    if (Double.isNaN(throughput)) {
      throw new IllegalStateException(side + " " + group + " at " + threads
          + " printed no [OVERALL] throughput:\n" + output);
    }
    Map<String, Map<String, Long>> latency = new LinkedHashMap<>();
    m = PERCENTILE.matcher(output);
    while (m.find()) {
      latency.computeIfAbsent(m.group(1), k -> new LinkedHashMap<>())
          .put("p" + m.group(2), (long) Double.parseDouble(m.group(3)));
    }
    long errors = 0;
    m = ERRORS.matcher(output);
    while (m.find()) {
      errors += Long.parseLong(m.group(2));
    }
    long operations = Math.round(throughput * runtimeMs / 1000.0);
    return new Cell(group, threads, repeat, side, throughput, operations, cpuSeconds, latency,
        errors, loadAverage,
        SteadyWindow.of(SteadyWindow.statusLines(output), cpu, warmupSeconds), Double.NaN);
  }
}
