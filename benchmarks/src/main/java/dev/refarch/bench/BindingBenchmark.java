package dev.refarch.bench;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import dev.refarch.platform.spi.Extensions;
import dev.refarch.platform.spi.RunningCluster;
import dev.refarch.platform.spi.Topology;
import dev.refarch.platform.spi.config.ConfigurationException;
import dev.refarch.platform.spi.config.Setting;
import dev.refarch.platform.spi.config.SettingGroup;
import dev.refarch.ycsb.config.YcsbProperties;
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
 * The binding against references that share YCSB, the workload and the server: starts a local
 * one-member replica set, measures bulk load at several batch sizes, then runs YCSB workloads at
 * several thread counts on every side ({@link BenchSide}), the sides of each repetition back to
 * back and their order rotated from one repetition to the next:
 *
 * <ul>
 *   <li>{@code binding}: YCSB's {@code Client} with this binding;
 *   <li>{@code binding-no-retry}: the same without retryable writes and reads, as the stock
 *       0.17.0 binding's driver sends its requests (not among the default sides);
 *   <li>{@code stock-shaped}: YCSB's {@code Client} with {@link StockShapedDb}, the stock YCSB
 *       binding's exact requests, on this project's driver;
 *   <li>{@code stock-shaped-3.8.0}: the same source compiled against and run on
 *       {@code mongo-java-driver} 3.8.0, the stock 0.17.0 binding's driver, on a class path of its
 *       own ({@code reference38}, which {@code src/bin/bench-binding} builds);
 *   <li>{@code stock-shaped-3.8.0-retry}: that side with {@code retryWrites=true} in its
 *       connection string, the server work per write of the binding's default (not among the
 *       default sides);
 *   <li>{@code raw}: {@link RawLoop}, plain driver code without YCSB;
 *   <li>any real stock binding built elsewhere ({@code stock=label@classpath;…}).
 * </ul>
 *
 * <p>Every side's cells, load and run, read and write records of one shape ({@code shape},
 * {@link RecordShape}) drawn by one request distribution ({@code distribution}, else each
 * workload's own), so that a figure compares with another client's for the same workload,
 * threads and data. Each cell is a JVM of its own under {@link CpuReport}, time-boxed, so client
 * CPU seconds per 1,000 operations compare like for like. Prints medians with min–max per side,
 * and the binding's ratio to each other side: one ratio per repetition (the sides of a
 * repetition ran back to back), their median and min–max. Writes every cell, with the machine's
 * load average and the data's shape and distribution, as JSON.
 *
 * <p>Arguments are {@code key=value}; see {@link #GROUP}.
 * Needs the {@code local} provisioner on the class path; {@code src/bin/bench-binding} sets that up.
 */
public final class BindingBenchmark {

  private static final Setting<Integer> RECORDS = Setting.integer("bench.records", 20_000, 1,
      100_000_000, "records loaded; the run phase's key space");
  private static final Setting<Integer> LOAD_RECORDS = Setting.integer("bench.loadrecords", 5_000,
      1, 100_000_000, "records of each load cell (the run phase's data is loaded apart)");
  private static final Setting<Integer> SECONDS = Setting.integer("bench.seconds", 5, 1, 3600,
      "seconds per run cell");
  private static final Setting<Integer> WARMUP = Setting.integer("bench.warmup", null, 0, 3600,
      "seconds of a run cell before its steady window (default: a third of seconds)");
  private static final Setting<Integer> REPEATS = Setting.integer("bench.repeats", 3, 1, 100,
      "repeats of each cell, per side");
  private static final Setting<String> THREADS = Setting.string("bench.threads", "1,4,16",
      "client thread counts of the run cells, comma-separated");
  private static final Setting<String> WORKLOADS = Setting.string("bench.workloads", "a,b,c,e",
      "core workloads of the run cells, comma-separated (empty: none)");
  private static final Setting<String> BATCHES = Setting.string("bench.batches", "1,100,1000",
      "load batch sizes (mongodb.batchsize), comma-separated (empty: none)");
  private static final Setting<String> OUT = Setting.string("bench.out",
      "benchmarks/target/bench-binding.json", "where the JSON results go");
  private static final Setting<String> SIDES = Setting.string("bench.sides",
      "binding,stock-shaped,stock-shaped-3.8.0,raw", "sides of the run cells, comma-separated,"
          + " of binding, binding-no-retry, stock-shaped, stock-shaped-3.8.0 and raw (the real"
          + " stock bindings of `stock` join them)");
  private static final Setting<String> REFERENCE38 = Setting.string("bench.reference38", null,
      "class path of StockShapedDb compiled against mongo-java-driver 3.8.0, with that driver and"
          + " YCSB; src/bin/bench-binding builds it");
  private static final Setting<String> STOCK = Setting.string("bench.stock", null,
      "real stock YCSB MongoDB bindings built elsewhere, as label@classpath;label@classpath (the"
          + " class path holds site.ycsb.db.MongoDbClient, its driver, its logback.xml and YCSB)");
  private static final Setting<Double> CACHE = Setting.decimal("bench.cache", 0.25, 0.25, 1024.0,
      "the server's WiredTiger cache in GB (default: the local provisioner's); 100,000 records of"
          + " 10 x 100 B take about 150 MB, so 1 GB holds them and a run's oplog without eviction");
  private static final Setting<RecordShape> SHAPE = Setting.custom("bench.shape", "shape",
      RecordShape.YCSB_DEFAULT, RecordShape.ALLOWED, "the records of every side's cells, load"
          + " and run: fieldcount x fieldlength bytes (10x188: NetApp's 2 KB documents, 50x250:"
          + " Diamanti's)", RecordShape::parse);
  private static final Setting<String> DISTRIBUTION = Setting.choice("bench.distribution", null,
      requestDistributions(), "YCSB's requestdistribution for every side's cells (empty: each"
          + " workload's own); the raw side draws zipfian and uniform only");
  private static final Setting<Integer> TARGET = Setting.integer("bench.target", 0, 0, 10_000_000,
      "operations a second each run cell's threads together throttle to (YCSB's target; 0: as"
          + " many as they can). A client's CPU per operation follows its rate, so compare a"
          + " trial's figure with cells at its rate; YCSB sides only");
  static final SettingGroup GROUP = SettingGroup.of("bench.", RECORDS, LOAD_RECORDS, SECONDS,
      WARMUP, REPEATS, THREADS, WORKLOADS, BATCHES, OUT, SIDES, REFERENCE38, STOCK, CACHE, SHAPE,
      DISTRIBUTION, TARGET);

  private static final String TABLE = "usertable";

  private BindingBenchmark() {
  }

  public static void main(String[] args) throws Exception {
    Map<String, String> options = new LinkedHashMap<>();
    for (String arg : args) {
      int eq = arg.indexOf('=');
      if (eq <= 0) {
        List<String> keys = GROUP.settings().stream()
            .map(k -> k.key().substring(GROUP.prefix().length())).toList();
        System.err.println("expected key=value, got '" + arg + "'; keys: "
            + String.join(", ", keys));
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
    int warmup = warmup(options);
    List<BenchSide> sides = sides(options);
    RecordShape shape = shape(options);
    String distribution = DISTRIBUTION.from(options);
    Map<String, String> distributions = distributions(options, sides);
    int target = target(options, sides);
    List<Cell> cells = new ArrayList<>();
    double cacheGb = CACHE.from(options);
    Map<String, Object> machine = machine();
    machine.put("wiredTigerCacheSizeGB", cacheGb);
    try (RunningCluster cluster = Extensions.provisioner("local").start(Topology.parse("rs=1"),
        Map.of("local.wiredTigerCacheSizeGB", String.valueOf(cacheGb)));
         MongoClient admin = MongoClients.create(cluster.connectionString())) {
      CellRunner runner = new CellRunner(cluster.connectionString(), records, shape, distribution,
          SECONDS.from(options), warmup, target);
      MongoCollection<Document> table = admin.getDatabase("ycsb").getCollection(TABLE);
      System.out.printf(Locale.ROOT, "binding benchmark: %d records of %s, request distribution"
          + " %s, %d s per run cell (steady window after %d s), %d repeats, local rs=1 with a"
          + " %.2f GB cache, %s, sides %s, load average %.1f%n", records, shape.text(),
          distribution != null ? distribution : "each workload's own " + distributions,
          SECONDS.from(options), warmup, repeats, cacheGb,
          target > 0 ? "run cells throttled to " + target + " operations a second" : "unthrottled",
          sides.stream().map(BenchSide::name).toList(), CellRunner.loadAverage());
      BenchSide binding = BenchSide.binding(System.getProperty("java.class.path"));
      for (int r = 0; r < repeats; r++) {
        for (int batch : ints(listed(options, BATCHES))) {
          table.drop();
          cells.add(print(runner.load(binding, batch, LOAD_RECORDS.from(options), r)));
        }
      }
      table.drop();
      print(runner.load(binding, 1000, records, 0));
      Document loaded = new Document("_id", new Document("$nin", loadedKeys(records)));
      for (String workload : list(listed(options, WORKLOADS))) {
        for (int threads : ints(THREADS.from(options))) {
          for (int r = 0; r < repeats; r++) {
            for (BenchSide side : rotated(sides, r)) {
              double serverCpu = serverCpuSeconds(admin);
              Cell cell = runner.run(side, workload, threads, r);
              cells.add(print(cell.withServerCpu(serverCpuSeconds(admin) - serverCpu)));
              // the run's inserts would collide with the next run's: back to the loaded records
              table.deleteMany(loaded);
            }
          }
        }
      }
    }
    BenchReport report = new BenchReport(cells, machine,
        data(records, shape, distribution, distributions, target));
    System.out.println();
    System.out.print(report.table());
    Path out = Path.of(OUT.from(options));
    report.writeJson(out);
    System.out.println("results: " + out.toAbsolutePath());
    return 0;
  }

  /**
   * {@code mongod}'s CPU time so far, user plus system, from {@code serverStatus}'s
   * {@code extra_info} (Linux); NaN where it is not reported.
   */
  static double serverCpuSeconds(MongoClient admin) {
    Document info = admin.getDatabase("admin").runCommand(new Document("serverStatus", 1)
        .append("extra_info", 1)).get("extra_info", Document.class);
    if (info == null || !(info.get("user_time_us") instanceof Number user)
        || !(info.get("system_time_us") instanceof Number system)) {
      return Double.NaN;
    }
    return (user.longValue() + system.longValue()) / 1e6;
  }

  /**
   * Seconds before a run cell's steady window: {@code warmup}, else a third of {@code seconds};
   * it must leave at least two seconds of the cell.
   */
  static int warmup(Map<String, String> options) {
    int seconds = SECONDS.from(options);
    int warmup = WARMUP.find(options).orElse(seconds / 3);
    if (warmup > seconds - 2) {
      throw new ConfigurationException(WARMUP.key(), String.valueOf(warmup),
          "0 to seconds - 2 (" + (seconds - 2) + ")",
          "the steady window after the warm-up needs at least two of the cell's " + seconds
              + " seconds");
    }
    return warmup;
  }

  /**
   * The run cells' throttle, {@code bench.target}; one given with the raw side among
   * {@code sides} fails here, before anything runs: the raw loop has no throttle.
   */
  static int target(Map<String, String> options, List<BenchSide> sides) {
    int target = TARGET.from(options);
    if (target > 0 && sides.stream().anyMatch(side -> !side.isYcsb())) {
      throw new ConfigurationException(TARGET.key(), String.valueOf(target),
          "0 with the raw side", "the raw loop has no throttle: leave raw out of bench.sides");
    }
    return target;
  }

  /** The records of every side's cells: {@code bench.shape}, else YCSB's 10 x 100 B. */
  static RecordShape shape(Map<String, String> options) {
    return SHAPE.from(options);
  }

  /**
   * Each run workload's request distribution, by workload letter: {@code bench.distribution}, else
   * the workload's own. With the raw side among {@code sides}, one it cannot draw
   * ({@link RawLoop#DISTRIBUTIONS}) fails here, before anything runs.
   */
  static Map<String, String> distributions(Map<String, String> options, List<BenchSide> sides) {
    String given = DISTRIBUTION.from(options);
    boolean raw = sides.stream().anyMatch(side -> !side.isYcsb());
    Map<String, String> used = new LinkedHashMap<>();
    for (String workload : list(listed(options, WORKLOADS))) {
      String d;
      try {
        d = CellRunner.requestDistribution(given, workload);
      } catch (IllegalArgumentException e) {
        throw new ConfigurationException(WORKLOADS.key(), workload,
            String.join(", ", CoreWorkloads.NAMES), "not a core workload");
      }
      if (raw && !RawLoop.DISTRIBUTIONS.contains(d)) {
        throw new ConfigurationException(DISTRIBUTION.key(), given == null ? "" : given,
            String.join(", ", RawLoop.DISTRIBUTIONS) + " with the raw side",
            (given == null ? "workload " + workload + "'s own is " + d + "; " : "")
                + "the raw loop draws keys zipfian or uniform only: choose one of those, or"
                + " leave raw out of bench.sides");
      }
      used.put(workload, d);
    }
    return used;
  }

  /** What the run cells read and wrote, for the JSON: records, shape, request distributions. */
  static Map<String, Object> data(int records, RecordShape shape, String given,
      Map<String, String> distributions, int target) {
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("target", target);
    data.put("records", records);
    data.put("shape", shape.toString());
    data.put("fieldcount", shape.fieldcount());
    data.put("fieldlength", shape.fieldlength());
    Map<String, String> byGroup = new LinkedHashMap<>();
    distributions.forEach((workload, d) -> byGroup.put("run-" + workload, d));
    data.put("requestdistribution", byGroup);
    data.put("requestdistributionFrom", given != null ? DISTRIBUTION.key() : "workload");
    return data;
  }

  /** The sides asked for; a side whose class path is missing fails here, before anything runs. */
  static List<BenchSide> sides(Map<String, String> options) {
    String own = System.getProperty("java.class.path");
    Map<String, BenchSide> known = new LinkedHashMap<>();
    known.put("binding", BenchSide.binding(own));
    known.put("binding-no-retry", BenchSide.bindingNoRetry(own));
    known.put("stock-shaped", BenchSide.stockShaped("stock-shaped", own));
    String reference38 = REFERENCE38.from(options);
    if (reference38 != null) {
      known.put("stock-shaped-3.8.0", BenchSide.stockShaped("stock-shaped-3.8.0", reference38));
      known.put("stock-shaped-3.8.0-retry",
          BenchSide.stockShapedRetry("stock-shaped-3.8.0-retry", reference38));
    }
    known.put("raw", BenchSide.raw(own));
    List<BenchSide> sides = new ArrayList<>();
    for (String name : list(SIDES.from(options))) {
      BenchSide side = known.get(name);
      if (side == null) {
        throw new ConfigurationException(SIDES.key(), name, String.join(", ", known.keySet()),
            name.startsWith("stock-shaped-3.8.0")
                ? "set bench.reference38 (src/bin/bench-binding does)" : "unknown side");
      }
      sides.add(side);
    }
    String stock = STOCK.from(options);
    for (String entry : stock == null ? List.<String>of() : list(stock.replace(';', ','))) {
      int at = entry.indexOf('@');
      if (at <= 0) {
        throw new ConfigurationException(STOCK.key(), entry, "label@classpath", null);
      }
      // the stock class path comes first; CpuReport, which wraps every cell, is found after it
      sides.add(new BenchSide(entry.substring(0, at), "site.ycsb.db.MongoDbClient",
          entry.substring(at + 1) + java.io.File.pathSeparator + CpuReport.location()));
    }
    return sides;
  }

  /** The sides in the order of repetition {@code r}: rotated by {@code r}, so none is always first. */
  static List<BenchSide> rotated(List<BenchSide> sides, int r) {
    List<BenchSide> order = new ArrayList<>(sides);
    java.util.Collections.rotate(order, -(r % Math.max(1, sides.size())));
    return order;
  }

  /** YCSB's {@code requestdistribution} values, as {@link YcsbProperties} declares them. */
  private static Map<String, String> requestDistributions() {
    Map<String, String> names = new LinkedHashMap<>();
    for (String name : YcsbProperties.REQUEST_DISTRIBUTION.allowed().split(", ")) {
      names.put(name, name);
    }
    return names;
  }

  private static List<String> loadedKeys(int records) {
    List<String> keys = new ArrayList<>(records);
    for (long i = 0; i < records; i++) {
      keys.add("user" + Utils.hash(i));
    }
    return keys;
  }

  private static Cell print(Cell c) {
    System.out.printf(Locale.ROOT, "%s %s %d #%d: %.0f ops/s, %.3f CPU s/1000 ops (steady: %.0f"
        + " ops/s, %.3f), server %.3f CPU s/1000 ops, %d errors, load average %.1f%n", c.group(),
        c.side(), c.threads(), c.repeat() + 1, c.throughput(), c.cpuPerThousand(),
        c.steadyThroughput(), c.steadyCpuPerThousand(), c.serverCpuPerThousand(), c.errors(),
        c.loadAverage());
    return c;
  }

  /** A list setting's text; given but empty means none, where a Setting would fall back to its default. */
  private static String listed(Map<String, String> options, Setting<String> key) {
    String given = options.get(key.key());
    return given != null && given.isBlank() ? "" : key.from(options);
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
}
