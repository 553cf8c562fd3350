package dev.refarch.ycsb.quickstart;

import dev.refarch.platform.spi.Extensions;
import dev.refarch.platform.spi.Redaction;
import dev.refarch.platform.spi.RunningCluster;
import dev.refarch.platform.spi.Topology;
import dev.refarch.platform.spi.config.ConfigurationException;
import dev.refarch.platform.spi.config.Setting;
import dev.refarch.platform.spi.config.SettingGroup;
import dev.refarch.ycsb.launch.YcsbLauncher;
import dev.refarch.ycsb.mongo.MongoDbClient;
import dev.refarch.ycsb.workloads.CoreWorkloads;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Starts a local MongoDB (the {@code local} provisioner must be on the class path), then loads and
 * runs one core workload through this binding with the stock {@code site.ycsb.Client} (behind
 * {@link YcsbLauncher}, which checks the input first), each phase in its own JVM as
 * {@code bin/ycsb} would, and stops the cluster.
 *
 * <p>Arguments are {@code key=value}: {@code topology} (default {@code rs=1}), {@code workload}
 * ({@code a}), {@code records} (10000), {@code operations} (100000), {@code threads} (4); any
 * other {@code key=value} is passed to YCSB as {@code -p key=value}, e.g.
 * {@code mongodb.durability=durable}. Exits with YCSB's exit code.
 */
public final class QuickStart {

  private static final Setting<String> TOPOLOGY = Setting.string("quickstart.topology", "rs=1",
      "local topology to start");
  private static final Setting<String> WORKLOAD = Setting.string("quickstart.workload", "a",
      "core workload a to f");
  private static final Setting<Integer> RECORDS = Setting.integer("quickstart.records", 10_000, 1,
      100_000_000, "records to load");
  private static final Setting<Integer> OPERATIONS = Setting.integer("quickstart.operations",
      100_000, 1, Integer.MAX_VALUE, "operations to run");
  private static final Setting<Integer> THREADS = Setting.integer("quickstart.threads", 4, 1, 1024,
      "YCSB client threads");
  static final SettingGroup GROUP = SettingGroup.of("quickstart.", TOPOLOGY, WORKLOAD, RECORDS,
      OPERATIONS, THREADS);

  private QuickStart() {
  }

  public static void main(String[] args) throws Exception {
    Map<String, String> options = new HashMap<>();
    Map<String, String> ycsb = new HashMap<>();
    for (String arg : args) {
      int eq = arg.indexOf('=');
      if (eq <= 0) {
        System.err.println("expected key=value, got '" + arg + "'; keys: topology, workload,"
            + " records, operations, threads, or any YCSB/mongodb.* property");
        System.exit(2);
      }
      String key = arg.substring(0, eq);
      String value = arg.substring(eq + 1);
      if (List.of("topology", "workload", "records", "operations", "threads").contains(key)) {
        options.put("quickstart." + key, value);
      } else {
        ycsb.put(key, value);
      }
    }
    int exit;
    try {
      exit = run(options, ycsb);
    } catch (ConfigurationException e) {
      System.err.println(e.getMessage());
      exit = 2;
    }
    System.exit(exit);
  }

  static int run(Map<String, String> options, Map<String, String> ycsb) throws IOException,
      InterruptedException {
    GROUP.validate(options);
    Topology topology = Topology.parse(TOPOLOGY.from(options));
    String workload = WORKLOAD.from(options);
    CoreWorkloads.properties(workload);
    Path workloads = CoreWorkloads.write(Files.createTempDirectory("ycsb-workloads"));
    long started = System.nanoTime();
    try (RunningCluster cluster = Extensions.provisioner("local").start(topology, Map.of())) {
      System.out.println("started " + topology.label() + " at "
          + Redaction.maskUri(cluster.connectionString()));
      List<String> common = new ArrayList<>(List.of("-db", MongoDbClient.class.getName(),
          "-P", workloads.resolve("workload" + workload.toLowerCase(java.util.Locale.ROOT)).toString(),
          "-threads", String.valueOf(THREADS.from(options)), "-s",
          "-p", "mongodb.url=" + cluster.connectionString(),
          "-p", "recordcount=" + RECORDS.from(options),
          "-p", "operationcount=" + OPERATIONS.from(options)));
      ycsb.forEach((k, v) -> common.addAll(List.of("-p", k + "=" + v)));
      int load = ycsb("-load", common);
      int run = load == 0 ? ycsb("-t", common) : load;
      System.out.printf("quickstart finished in %.1f s (exit %d)%n",
          (System.nanoTime() - started) / 1e9, run);
      return run;
    }
  }

  private static int ycsb(String phase, List<String> args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of(
        Paths.get(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"), YcsbLauncher.class.getName(), phase));
    command.addAll(args);
    System.out.println("== YCSB " + phase + " ==");
    return new ProcessBuilder(command).inheritIO().start().waitFor();
  }
}
