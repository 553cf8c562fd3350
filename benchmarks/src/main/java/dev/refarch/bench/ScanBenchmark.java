package dev.refarch.bench;

import dev.refarch.platform.spi.Extensions;
import dev.refarch.platform.spi.RunningCluster;
import dev.refarch.platform.spi.Topology;
import dev.refarch.platform.spi.config.ConfigurationException;
import dev.refarch.platform.spi.config.Setting;
import dev.refarch.platform.spi.config.SettingGroup;
import dev.refarch.ycsb.mongo.MongoDbClient;
import dev.refarch.ycsb.workloads.CoreWorkloads;
import dev.refarch.ycsb.workloads.RefarchWorkload;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Workload E throughput with a tuned scan against a naive one, on the same data: starts a local
 * one-member replica set, loads the Diamanti shape (50 fields × 250 B) at laptop scale, runs
 * workload E (95 % scans of uniform length 1…100, 5 % inserts, zipfian, 16 threads) once to warm
 * the cache, then with each scan in alternating order (naive, tuned, tuned, naive, …), and prints
 * the throughputs, their means and the ratio. Every run is the stock YCSB client in
 * its own JVM with {@link RefarchWorkload}, whose per-run insert keys let the runs repeat on the
 * same data.
 *
 * <p>The naive scan is YCSB's own shape: the server's default batch size
 * ({@code mongodb.scan.batchSize=0}) and no hint. The tuned scan fetches each scan in one batch of
 * the scan length and hints {@code {_id: 1}} ({@code mongodb.scan.hint=auto}).
 *
 * <p>Arguments are {@code key=value}: {@code records} (10000), {@code operations} (5000),
 * {@code threads} (16), {@code repeats} (2 runs of each scan); anything else is passed to YCSB as
 * {@code -p key=value} (e.g. {@code maxscanlength=1000}). Needs the {@code local} provisioner on
 * the class path; {@code src/bin/bench-scan} sets that up.
 */
public final class ScanBenchmark {

  private static final Setting<Integer> RECORDS = Setting.integer("bench.records", 10_000, 1,
      100_000_000, "records to load");
  private static final Setting<Integer> OPERATIONS = Setting.integer("bench.operations", 5_000, 1,
      Integer.MAX_VALUE, "operations per run");
  private static final Setting<Integer> THREADS = Setting.integer("bench.threads", 16, 1, 1024,
      "YCSB client threads");
  private static final Setting<Integer> REPEATS = Setting.integer("bench.repeats", 2, 1, 100,
      "runs of each scan");
  static final SettingGroup GROUP = SettingGroup.of("bench.", RECORDS, OPERATIONS, THREADS, REPEATS);

  private static final Pattern THROUGHPUT =
      Pattern.compile("^\\[OVERALL\\], Throughput\\(ops/sec\\), ([0-9.Ee+-]+)$", Pattern.MULTILINE);
  private static final Pattern DOCUMENTS = Pattern.compile(
      "^\\[SCAN-DOCUMENTS\\], AverageLatency\\(us\\), ([0-9.Ee+-]+)$", Pattern.MULTILINE);

  /** The two scans compared, as binding properties. */
  static final Map<String, Map<String, String>> SCANS = Map.of(
      "naive", Map.of("mongodb.scan.batchSize", "0"),
      "tuned", Map.of("mongodb.scan.hint", "auto"));

  private ScanBenchmark() {
  }

  public static void main(String[] args) throws Exception {
    Map<String, String> options = new LinkedHashMap<>();
    Map<String, String> ycsb = new LinkedHashMap<>();
    for (String arg : args) {
      int eq = arg.indexOf('=');
      if (eq <= 0) {
        System.err.println("expected key=value, got '" + arg + "'; keys: records, operations,"
            + " threads, repeats, or any YCSB/mongodb.*/refarch.* property");
        System.exit(2);
      }
      String key = arg.substring(0, eq);
      boolean own = List.of("records", "operations", "threads", "repeats").contains(key);
      (own ? options : ycsb).put(own ? "bench." + key : key, arg.substring(eq + 1));
    }
    try {
      System.exit(run(options, ycsb));
    } catch (ConfigurationException e) {
      System.err.println(e.getMessage());
      System.exit(2);
    }
  }

  static int run(Map<String, String> options, Map<String, String> extra) throws IOException,
      InterruptedException {
    GROUP.validate(options);
    int repeats = REPEATS.from(options);
    try (RunningCluster cluster = Extensions.provisioner("local").start(Topology.parse("rs=1"), Map.of())) {
      Map<String, String> base = baseProperties(options, cluster.connectionString());
      base.putAll(extra);
      System.out.printf(Locale.ROOT, "scan benchmark: workload E, Diamanti shape (50 fields x 250 B),"
          + " %s records, %s operations per run, %s threads, local rs=1%n", base.get("recordcount"),
          base.get("operationcount"), base.get("threadcount"));
      Run load = ycsb("-load", base);
      if (load.exitCode != 0) {
        System.err.println(load.output);
        return load.exitCode;
      }
      // the first run after the load pays for a cold cache: run once untimed, then alternate
      // the order (naive, tuned, tuned, naive, ...) so that drift does not favour either scan
      Map<String, List<Double>> throughput = new LinkedHashMap<>();
      List<String> order = new ArrayList<>(List.of("warm-up"));
      for (int i = 0; i < repeats; i++) {
        order.addAll(i % 2 == 0 ? List.of("naive", "tuned") : List.of("tuned", "naive"));
      }
      for (String scan : order) {
        Map<String, String> props = new LinkedHashMap<>(base);
        props.putAll(SCANS.getOrDefault(scan, Map.of()));
        Run run = ycsb("-t", props);
        if (run.exitCode != 0 || run.throughput() < 0) {
          System.err.println(run.output);
          return run.exitCode == 0 ? 1 : run.exitCode;
        }
        System.out.printf(Locale.ROOT, "%s run: %.1f ops/s, %.1f documents per scan%n", scan,
            run.throughput(), run.documentsPerScan());
        if (!scan.equals("warm-up")) {
          throughput.computeIfAbsent(scan, k -> new ArrayList<>()).add(run.throughput());
        }
      }
      double naive = mean(throughput.get("naive"));
      double tuned = mean(throughput.get("tuned"));
      System.out.printf(Locale.ROOT, "naive scan (server default batch size, no hint): %.1f ops/s"
          + " (mean of %d, range %s)%n", naive, repeats, range(throughput.get("naive")));
      System.out.printf(Locale.ROOT, "tuned scan (one batch of the scan length, hint {_id: 1}):"
          + " %.1f ops/s (mean of %d, range %s)%n", tuned, repeats, range(throughput.get("tuned")));
      System.out.printf(Locale.ROOT, "ratio tuned/naive: %.3f%n", tuned / naive);
      return 0;
    }
  }

  private static Map<String, String> baseProperties(Map<String, String> options, String url) {
    Map<String, String> p = new LinkedHashMap<>();
    CoreWorkloads.properties("e").forEach((k, v) -> p.put(k.toString(), v.toString()));
    p.put("workload", RefarchWorkload.class.getName());
    p.put("refarch.data.preset", "diamanti-50x250");
    p.put("recordcount", String.valueOf(RECORDS.from(options)));
    p.put("operationcount", String.valueOf(OPERATIONS.from(options)));
    p.put("threadcount", String.valueOf(THREADS.from(options)));
    p.put("mongodb.url", url);
    p.put("mongodb.batchsize", "100");
    return p;
  }

  private static String range(List<Double> values) {
    return String.format(Locale.ROOT, "%.1f-%.1f", values.stream().mapToDouble(d -> d).min()
        .orElse(Double.NaN), values.stream().mapToDouble(d -> d).max().orElse(Double.NaN));
  }

  private static double mean(List<Double> values) {
    return values.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
  }

  /** One YCSB phase's exit code and output. */
  private record Run(int exitCode, String output) {
    double throughput() {
      Matcher m = THROUGHPUT.matcher(output);
      return m.find() ? Double.parseDouble(m.group(1)) : -1;
    }

    double documentsPerScan() {
      Matcher m = DOCUMENTS.matcher(output);
      return m.find() ? Double.parseDouble(m.group(1)) : Double.NaN;
    }
  }

  private static Run ycsb(String phase, Map<String, String> properties) throws IOException,
      InterruptedException {
    List<String> command = new ArrayList<>(List.of(
        Paths.get(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"), "site.ycsb.Client", phase,
        "-db", MongoDbClient.class.getName(), "-s"));
    properties.forEach((k, v) -> command.addAll(List.of("-p", k + "=" + v)));
    Path out = Files.createTempFile("bench-scan", ".out");
    try {
      int exit = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(out.toFile())
          .start().waitFor();
      return new Run(exit, Files.readString(out));
    } finally {
      Files.deleteIfExists(out);
    }
  }
}
