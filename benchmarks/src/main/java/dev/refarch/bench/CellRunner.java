package dev.refarch.bench;

import dev.refarch.ycsb.config.YcsbProperties;
import dev.refarch.ycsb.workloads.CoreWorkloads;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Forks the JVMs of {@link BindingBenchmark}'s cells, each under {@link CpuReport} on its side's
 * class path, and reads each back as a {@link Cell}. Run cells are time-boxed: YCSB's
 * {@code maxexecutiontime}, the raw loop's {@code seconds}.
 *
 * @param url the cluster's connection string
 * @param records records loaded; the run phase's key space
 * @param shape the records of every cell, on every side
 * @param distribution YCSB's {@code requestdistribution} for every cell on every side, or
 *     {@code null} for each workload's own
 * @param seconds seconds per run cell
 * @param warmupSeconds seconds of a run cell before its steady window ({@link SteadyWindow})
 * @param target YCSB's {@code target}: the operations a second a run cell's threads together
 *     throttle to, or 0 for as many as they can
 */
record CellRunner(String url, int records, RecordShape shape, String distribution, int seconds,
    int warmupSeconds, int target) {

  CellRunner {
    Objects.requireNonNull(shape, "shape");
  }

  /** A bulk load with the binding at {@code batch} documents per insertMany. */
  Cell load(BenchSide binding, int batch, int count, int repeat)
      throws IOException, InterruptedException {
    List<String> main = new ArrayList<>(List.of("site.ycsb.Client", "-load", "-db", binding.db()));
    loadProperties(batch, count).forEach((k, v) -> main.addAll(List.of("-p", k + "=" + v)));
    return fork("load", batch, repeat, binding, main, 0);
  }

  /** One run cell of {@code side}: workload {@code workload} at {@code threads}. */
  Cell run(BenchSide side, String workload, int threads, int repeat)
      throws IOException, InterruptedException {
    return fork("run-" + workload, threads, repeat, side,
        side.runCommand(runProperties(workload, threads), rawArgs(workload, threads)),
        warmupSeconds);
  }

  /** The YCSB properties of a load cell: {@code count} records, {@code batch} per insertMany. */
  Map<String, String> loadProperties(int batch, int count) {
    Map<String, String> p = ycsbBase("a");
    p.put("recordcount", String.valueOf(count));
    p.put("mongodb.batchsize", String.valueOf(batch));
    p.put("threadcount", "1");
    return p;
  }

  /** The YCSB properties of a run cell, before its side adds its own ({@link BenchSide}). */
  Map<String, String> runProperties(String workload, int threads) {
    Map<String, String> p = ycsbBase(workload);
    p.put("threadcount", String.valueOf(threads));
    p.put("operationcount", String.valueOf(operationCap()));
    p.put("maxexecutiontime", String.valueOf(seconds));
    p.put("status.interval", "1");
    if (target > 0) {
      p.put("target", String.valueOf(target));
    }
    return p;
  }

  /**
   * The raw loop's arguments for a run cell; its request distribution is always given, the
   * workload's own when {@link #distribution} is {@code null}.
   */
  Map<String, String> rawArgs(String workload, int threads) {
    Map<String, String> raw = new LinkedHashMap<>();
    raw.put("url", url);
    raw.put("workload", workload);
    raw.put("recordcount", String.valueOf(records));
    raw.put("threads", String.valueOf(threads));
    raw.put("seconds", String.valueOf(seconds));
    raw.put("operationcount", String.valueOf(operationCap()));
    raw.putAll(shape.properties());
    raw.put("requestdistribution", requestDistribution(distribution, workload));
    return raw;
  }

  /**
   * The request distribution a run of {@code workload} uses: {@code distribution} when given,
   * else the workload file's own (YCSB's default, uniform, where the file names none).
   *
   * @throws IllegalArgumentException when {@code workload} is not a core workload
   */
  static String requestDistribution(String distribution, String workload) {
    return distribution != null ? distribution
        : YcsbProperties.REQUEST_DISTRIBUTION.from(CoreWorkloads.properties(workload));
  }

  /**
   * YCSB 0.17 needs an operation count even when time-boxed; one the cell cannot reach. It also
   * sizes the zipfian key range for inserts, so the raw loop is given the same.
   */
  long operationCap() {
    return seconds * 100_000L;
  }

  private Map<String, String> ycsbBase(String workload) {
    Map<String, String> p = new LinkedHashMap<>();
    CoreWorkloads.properties(workload).forEach((k, v) -> p.put(k.toString(), v.toString()));
    p.put("recordcount", String.valueOf(records));
    p.putAll(shape.properties());
    if (distribution != null) {
      p.put("requestdistribution", distribution);
    }
    p.put("hdrhistogram.percentiles", "50,99");
    p.put("mongodb.url", url);
    return p;
  }

  /** The machine's one-minute load average, or NaN where the OS does not tell. */
  static double loadAverage() {
    double load = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    return load < 0 ? Double.NaN : load;
  }

  private static Cell fork(String group, int threads, int repeat, BenchSide side,
      List<String> main, int warmupSeconds) throws IOException, InterruptedException {
    Path out = Files.createTempFile("bench-binding", ".out");
    Path cpu = Files.createTempFile("bench-binding", ".cpu");
    try {
      List<String> command = new ArrayList<>(List.of(
          Path.of(System.getProperty("java.home"), "bin", "java").toString(),
          "-cp", side.classPath(), CpuReport.class.getName(), cpu.toString()));
      command.addAll(main);
      int exit = new ProcessBuilder(command).redirectErrorStream(true)
          .redirectOutput(out.toFile()).start().waitFor();
      String output = Files.readString(out);
      List<String> cpuLines = Files.readAllLines(cpu);
      String cpuText = cpuLines.isEmpty() ? "" : cpuLines.get(0).trim();
      if (exit != 0 || cpuText.isEmpty()) {
        throw new IllegalStateException(side.name() + " " + group + " at " + threads + " exited "
            + exit + ":\n" + output);
      }
      return Cell.parse(group, threads, repeat, side.name(), output,
          Long.parseLong(cpuText) / 1e9,
          SteadyWindow.cpuSamples(cpuLines.subList(1, cpuLines.size())), warmupSeconds,
          loadAverage());
    } finally {
      Files.deleteIfExists(out);
      Files.deleteIfExists(cpu);
    }
  }
}
