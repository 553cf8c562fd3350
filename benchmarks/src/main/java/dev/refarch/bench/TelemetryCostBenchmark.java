package dev.refarch.bench;

import dev.refarch.experiments.telemetry.ProcCpu;
import dev.refarch.platform.spi.Extensions;
import dev.refarch.platform.spi.RunningCluster;
import dev.refarch.platform.spi.Topology;
import dev.refarch.platform.spi.config.ConfigurationException;
import dev.refarch.platform.spi.config.Setting;
import dev.refarch.platform.spi.config.SettingGroup;
import dev.refarch.platform.spi.telemetry.TelemetryProvider;
import dev.refarch.platform.spi.telemetry.TelemetrySource;
import dev.refarch.platform.spi.telemetry.TelemetryTarget;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * What one telemetry round costs, in CPU: starts a local replica set (idle: nothing but the
 * sampling touches it), opens every telemetry source on the class path for it, and alternates
 * windows of back-to-back rounds with idle windows of the same length. The runner's CPU per round
 * is the sampling thread's own CPU time; the servers' is the {@code mongod}s' CPU in sampling
 * windows minus their CPU in the idle windows beside them (their background work: heartbeats,
 * the journal, checkpoints). At one round a second, their sum per round is the CPU share
 * telemetry takes from a trial — a bound on the throughput it can cost a trial whose machine is
 * CPU-bound, and none where it is not. Prints each window pair and the medians.
 *
 * <p>Arguments are {@code key=value}: {@code topology} (pss), {@code windows} (6 pairs),
 * {@code rounds} (50 per sampling window). Needs the {@code local} provisioner on the class path;
 * {@code src/bin/bench-telemetry} sets that up.
 */
public final class TelemetryCostBenchmark {

  private static final Setting<String> TOPOLOGY = Setting.string("bench.topology", "pss",
      "the local cluster's topology");
  private static final Setting<Integer> WINDOWS = Setting.integer("bench.windows", 6, 1, 100,
      "pairs of sampling and idle windows");
  private static final Setting<Integer> ROUNDS = Setting.integer("bench.rounds", 50, 1, 100_000,
      "back-to-back rounds per sampling window");
  static final SettingGroup GROUP = SettingGroup.of("bench.", TOPOLOGY, WINDOWS, ROUNDS);

  private TelemetryCostBenchmark() {
  }

  public static void main(String[] args) throws Exception {
    Map<String, String> options = new LinkedHashMap<>();
    for (String arg : args) {
      int eq = arg.indexOf('=');
      if (eq <= 0) {
        System.err.println("expected key=value, got '" + arg + "'; keys: topology, windows, rounds");
        System.exit(2);
      }
      options.put("bench." + arg.substring(0, eq), arg.substring(eq + 1));
    }
    try {
      GROUP.validate(options);
      run(options);
    } catch (ConfigurationException e) {
      System.err.println(e.getMessage());
      System.exit(2);
    }
  }

  private static void run(Map<String, String> options) throws Exception {
    String topology = TOPOLOGY.from(options);
    int rounds = ROUNDS.from(options);
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    try (RunningCluster cluster = Extensions.provisioner("local")
        .start(Topology.parse(topology), Map.of())) {
      TelemetryTarget target = new TelemetryTarget(cluster.connectionString(),
          Optional.of(cluster.topology()), cluster::state, true, Map.of(),
          Optional.of(cluster));
      List<TelemetrySource> sources = new ArrayList<>();
      for (TelemetryProvider p : Extensions.telemetryProviders(System.err::println)) {
        p.open(target).ifPresent(sources::add);
      }
      List<Path> servers = new ArrayList<>();
      cluster.state().components().values().forEach(facts -> facts.forEach((k, v) -> {
        if (k.startsWith("member.") && k.endsWith(".pid")) {
          servers.add(ProcCpu.ROOT.resolve(v));
        }
      }));
      int cores = ProcCpu.machine(ProcCpu.ROOT).cores();
      System.out.printf(Locale.ROOT, "telemetry cost: local %s, sources %s, %d rounds per"
          + " window, %d cores%n", topology, sources.stream().map(TelemetrySource::name).toList(),
          rounds, cores);
      sample(sources, 5); // connections open, rates primed: not counted
      List<Double> runnerUs = new ArrayList<>();
      List<Double> serverUs = new ArrayList<>();
      List<Double> wallMs = new ArrayList<>();
      for (int w = 1; w <= WINDOWS.from(options); w++) {
        double server0 = serverCpu(servers);
        long cpu0 = threads.getCurrentThreadCpuTime();
        long wall0 = System.nanoTime();
        sample(sources, rounds);
        long wall = System.nanoTime() - wall0;
        double runner = (threads.getCurrentThreadCpuTime() - cpu0) / 1e3 / rounds;
        double sampling = serverCpu(servers) - server0;
        double idle0 = serverCpu(servers);
        Thread.sleep(wall / 1_000_000);
        double idle = serverCpu(servers) - idle0;
        double server = Math.max(0, sampling - idle) * 1e6 / rounds;
        runnerUs.add(runner);
        serverUs.add(server);
        wallMs.add(wall / 1e6 / rounds);
        System.out.printf(Locale.ROOT, "window %d: %.2f ms a round; runner %.0f µs, servers %.0f"
            + " µs CPU a round (servers %.3f s sampling against %.3f s idle)%n", w,
            wall / 1e6 / rounds, runner, server, sampling, idle);
      }
      double r = median(runnerUs);
      double s = median(serverUs);
      System.out.printf(Locale.ROOT, "median: %.2f ms a round; CPU a round: runner %.0f µs,"
          + " servers %.0f µs; at one round a second %.2f %% of %d cores%n", median(wallMs), r, s,
          (r + s) / 1e6 / cores * 100, cores);
      sources.forEach(TelemetrySource::close);
    }
  }

  private static void sample(List<TelemetrySource> sources, int rounds) throws Exception {
    for (int i = 0; i < rounds; i++) {
      for (TelemetrySource s : sources) {
        s.sample(System.currentTimeMillis());
      }
    }
  }

  private static double serverCpu(List<Path> servers) throws Exception {
    double sum = 0;
    for (Path p : servers) {
      sum += ProcCpu.processCpuSeconds(p);
    }
    return sum;
  }

  private static double median(List<Double> values) {
    List<Double> v = new ArrayList<>(values);
    v.sort(Double::compare);
    int n = v.size();
    return n % 2 == 1 ? v.get(n / 2) : (v.get(n / 2 - 1) + v.get(n / 2)) / 2;
  }
}
