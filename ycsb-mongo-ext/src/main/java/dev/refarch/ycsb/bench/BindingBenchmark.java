package dev.refarch.ycsb.bench;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import dev.refarch.platform.spi.Extensions;
import dev.refarch.platform.spi.RunningCluster;
import dev.refarch.platform.spi.Topology;
import dev.refarch.platform.spi.config.ConfigurationException;
import dev.refarch.platform.spi.config.Setting;
import dev.refarch.platform.spi.config.SettingGroup;
import dev.refarch.ycsb.mongo.MongoDbClient;
import dev.refarch.ycsb.workloads.CoreWorkloads;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.bson.Document;
import site.ycsb.Utils;

/**
 * The binding's cost against a raw driver loop: starts a local one-member replica set, measures
 * bulk load at several batch sizes, then runs YCSB workloads at several thread counts twice per
 * repeat, once with the stock YCSB {@code site.ycsb.Client} and this binding, once with
 * {@link RawLoop}, alternating which goes first. Each run is a JVM of its own under
 * {@link CpuReport}, time-boxed ({@code maxexecutiontime} for YCSB), so the client's CPU seconds
 * per 1,000 operations compare like for like. Prints a table of medians with min–max and the
 * binding/raw ratios, and writes all cells as JSON.
 *
 * <p>Arguments are {@code key=value}; see {@link #GROUP} ({@code records=20000 loadrecords=5000 seconds=5
 * repeats=3 threads=1,4,16 workloads=a,b,c,e batches=1,100,1000 out=target/bench-binding.json}).
 * Needs the {@code local} provisioner on the class path; {@code src/bin/bench-binding} sets that up.
 */
public final class BindingBenchmark {

  private static final Setting<Integer> RECORDS = Setting.integer("bench.records", 20_000, 1,
      100_000_000, "records loaded; the run phase's key space");
  private static final Setting<Integer> LOAD_RECORDS = Setting.integer("bench.loadrecords", 5_000,
      1, 100_000_000, "records of each load cell (the run phase's data is loaded apart)");
  private static final Setting<Integer> SECONDS = Setting.integer("bench.seconds", 5, 1, 3600,
      "seconds per run cell");
  private static final Setting<Integer> REPEATS = Setting.integer("bench.repeats", 3, 1, 100,
      "repeats of each cell, per side");
  private static final Setting<String> THREADS = Setting.string("bench.threads", "1,4,16",
      "client thread counts of the run cells, comma-separated");
  private static final Setting<String> WORKLOADS = Setting.string("bench.workloads", "a,b,c,e",
      "core workloads of the run cells, comma-separated (empty: none)");
  private static final Setting<String> BATCHES = Setting.string("bench.batches", "1,100,1000",
      "load batch sizes (mongodb.batchsize), comma-separated (empty: none)");
  private static final Setting<String> OUT = Setting.string("bench.out",
      "ycsb-mongo-ext/target/bench-binding.json", "where the JSON results go");
  static final SettingGroup GROUP = SettingGroup.of("bench.", RECORDS, LOAD_RECORDS, SECONDS, REPEATS, THREADS,
      WORKLOADS, BATCHES, OUT);

  private static final String TABLE = "usertable";

  private BindingBenchmark() {
  }

  public static void main(String[] args) throws Exception {
    Map<String, String> options = new LinkedHashMap<>();
    for (String arg : args) {
      int eq = arg.indexOf('=');
      if (eq <= 0) {
        System.err.println("expected key=value, got '" + arg + "'; keys: records, loadrecords, seconds,"
            + " repeats, threads, workloads, batches, out");
        System.exit(2);
      }
      options.put("bench." + arg.substring(0, eq), arg.substring(eq + 1));
    }
    try {
      GROUP.rejectUnknown(options);
      GROUP.validate(options);
      System.exit(run(options));
    } catch (ConfigurationException e) {
      System.err.println(e.getMessage());
      System.exit(2);
    }
  }

  static int run(Map<String, String> options) throws IOException, InterruptedException {
    int records = RECORDS.from(options);
    int repeats = REPEATS.from(options);
    List<Cell> cells = new ArrayList<>();
    try (RunningCluster cluster = Extensions.provisioner("local").start(Topology.parse("rs=1"), Map.of());
         MongoClient admin = MongoClients.create(cluster.connectionString())) {
      Runner runner = new Runner(cluster.connectionString(), records, SECONDS.from(options));
      MongoCollection<Document> table = admin.getDatabase("ycsb").getCollection(TABLE);
      System.out.printf(Locale.ROOT, "binding benchmark: %d records of 10 x 100 B, %d s per run"
          + " cell, %d repeats, local rs=1%n", records, SECONDS.from(options), repeats);
      List<Integer> batches = ints(BATCHES.from(options));
      for (int r = 0; r < repeats; r++) {
        for (int batch : batches) {
          table.drop();
          cells.add(print(runner.load(batch, LOAD_RECORDS.from(options))));
        }
      }
      table.drop();
      print(runner.load(1000, records));
      List<String> loaded = new ArrayList<>(records);
      for (long i = 0; i < records; i++) {
        loaded.add("user" + Utils.hash(i));
      }
      for (String workload : list(WORKLOADS.from(options))) {
        for (int threads : ints(THREADS.from(options))) {
          for (int r = 0; r < repeats; r++) {
            for (String side : r % 2 == 0 ? List.of("binding", "raw") : List.of("raw", "binding")) {
              cells.add(print(runner.run(side, workload, threads)));
              // the run's inserts would collide with the next run's: back to the loaded records
              table.deleteMany(new Document("_id", new Document("$nin", loaded)));
            }
          }
        }
      }
    }
    BenchReport report = new BenchReport(cells, machine());
    System.out.println();
    System.out.print(report.table());
    Path out = Path.of(OUT.from(options));
    report.writeJson(out);
    System.out.println("results: " + out.toAbsolutePath());
    return 0;
  }

  private static Cell print(Cell c) {
    System.out.printf(Locale.ROOT, "%s %s %d: %.0f ops/s, %.3f CPU s/1000 ops, %d errors%n",
        c.group(), c.side(), c.threads(), c.throughput(), c.cpuPerThousand(), c.errors());
    return c;
  }

  private static List<String> list(String csv) {
    return Arrays.stream(csv.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
  }

  private static List<Integer> ints(String csv) {
    return list(csv).stream().map(Integer::valueOf).toList();
  }

  /** What the figures were measured on: cores and CPU model, JVM, OS. */
  static Map<String, Object> machine() throws IOException {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("cores", Runtime.getRuntime().availableProcessors());
    Path cpuinfo = Path.of("/proc/cpuinfo");
    if (Files.isReadable(cpuinfo)) {
      Files.readAllLines(cpuinfo).stream().filter(l -> l.startsWith("model name")).findFirst()
          .ifPresent(l -> m.put("cpu", l.substring(l.indexOf(':') + 1).trim()));
    }
    m.put("java", System.getProperty("java.version"));
    m.put("os", System.getProperty("os.name") + " " + System.getProperty("os.version"));
    return m;
  }

  /** Forks the cells' JVMs. */
  private record Runner(String url, int records, int seconds) {

    Cell load(int batch, int count) throws IOException, InterruptedException {
      Map<String, String> p = ycsbBase("a");
      p.put("recordcount", String.valueOf(count));
      p.put("mongodb.batchsize", String.valueOf(batch));
      p.put("threadcount", "1");
      return fork("load", batch, "binding", ycsbCommand("-load", p));
    }

    Cell run(String side, String workload, int threads) throws IOException, InterruptedException {
      if (side.equals("raw")) {
        return fork("run-" + workload, threads, side, List.of(RawLoop.class.getName(),
            "url=" + url, "workload=" + workload, "recordcount=" + records,
            "threads=" + threads, "seconds=" + seconds, "operationcount=" + operationCap(), "fieldcount=10", "fieldlength=100"));
      }
      Map<String, String> p = ycsbBase(workload);
      p.put("threadcount", String.valueOf(threads));
      p.put("operationcount", String.valueOf(operationCap()));
      p.put("maxexecutiontime", String.valueOf(seconds));
      return fork("run-" + workload, threads, side, ycsbCommand("-t", p));
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
      p.put("fieldcount", "10");
      p.put("fieldlength", "100");
      p.put("hdrhistogram.percentiles", "50,99");
      p.put("mongodb.url", url);
      return p;
    }

    private static List<String> ycsbCommand(String phase, Map<String, String> properties) {
      List<String> c = new ArrayList<>(List.of("site.ycsb.Client", phase, "-db",
          MongoDbClient.class.getName()));
      properties.forEach((k, v) -> c.addAll(List.of("-p", k + "=" + v)));
      return c;
    }

    private static Cell fork(String group, int threads, String side, List<String> main)
        throws IOException, InterruptedException {
      Path out = Files.createTempFile("bench-binding", ".out");
      Path cpu = Files.createTempFile("bench-binding", ".cpu");
      try {
        List<String> command = new ArrayList<>(List.of(
            Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-cp", System.getProperty("java.class.path"), CpuReport.class.getName(), cpu.toString()));
        command.addAll(main);
        int exit = new ProcessBuilder(command).redirectErrorStream(true)
            .redirectOutput(out.toFile()).start().waitFor();
        String output = Files.readString(out);
        String cpuText = Files.readString(cpu).trim();
        if (exit != 0 || cpuText.isEmpty()) {
          throw new IllegalStateException(side + " " + group + " at " + threads + " exited "
              + exit + ":\n" + output);
        }
        return Cell.parse(group, threads, side, output, Long.parseLong(cpuText) / 1e9);
      } finally {
        Files.deleteIfExists(out);
        Files.deleteIfExists(cpu);
      }
    }
  }
}
