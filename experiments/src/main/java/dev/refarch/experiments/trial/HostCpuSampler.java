package dev.refarch.experiments.trial;

import dev.refarch.experiments.telemetry.ProcCpu;
import dev.refarch.experiments.results.ResultsFolder;
import dev.refarch.platform.spi.PlatformState;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Appends to a trial's {@value ResultsFolder#HOST_CPU}, once a period on its own daemon thread
 * from {@link #start} until {@link #close}, the CPU of the machine the runner runs on and of
 * the cluster's server processes ({@value ResultsFolder#HOST_CPU_HEADER}): with the clients'
 * own timelines, the evidence of whether clients and servers competed for the same cores over
 * any window of the trial. Every figure is a counter since boot or since the process started;
 * a report takes differences.
 *
 * <p>The servers are the {@code mongod} and {@code mongos} processes whose pids the cluster's
 * provisioner recorded ({@code member.<name>.pid}, as the local provisioner does). Where there
 * are none this machine can see — containers, Kubernetes, a cluster elsewhere — the server
 * columns stay empty, as they do from the moment one of them is gone (a fault killed it): a sum
 * without it would understate the servers. Sampling is best-effort: any failure ends it with
 * one line on stderr and nothing more written, and never reaches the trial. Without
 * {@code /proc} (not Linux) nothing is written.
 *
 * <p>Thread-safe: {@link #close} may be called from any thread, more than once.
 *
 * <pre>{@code
 * try (HostCpuSampler s = HostCpuSampler.start(staging.resolve(ResultsFolder.HOST_CPU), cluster::state)) {
 *   runPhases();
 * }
 * }</pre>
 */
final class HostCpuSampler implements AutoCloseable {

  /** How often it samples: often enough for a window of a few seconds, a few file reads each. */
  static final Duration PERIOD = Duration.ofSeconds(1);

  private static final Set<String> SERVERS = Set.of("mongod", "mongos");

  /** A server process: the pid with its start time, which a reused pid would not share. */
  private record Server(Path dir, long startTicks, ProcCpu.ThreadSchedstats threads) {
  }

  private final Path file;
  private final Path root;
  private final List<Server> servers;
  private final Duration period;
  private final CountDownLatch stop = new CountDownLatch(1);
  private final Thread thread;
  /** No servers to read, from the start or since one ended; read by the sampling thread only. */
  private boolean serversLost;

  private HostCpuSampler(Path file, Path root, List<Server> servers, Duration period,
      boolean sample) {
    this.file = file;
    this.root = root;
    this.servers = servers;
    this.period = period;
    this.serversLost = servers.isEmpty();
    this.thread = sample ? new Thread(this::run, "host-cpu") : null;
    if (thread != null) {
      thread.setDaemon(true);
      thread.start();
    }
  }

  /**
   * Starts sampling into {@code file} every {@link #PERIOD}, the servers taken from the cluster's
   * state as it is now; never throws.
   */
  static HostCpuSampler start(Path file, Supplier<PlatformState> clusterState) {
    List<Long> pids;
    try {
      pids = serverPids(clusterState.get());
    } catch (RuntimeException e) {
      pids = List.of();
    }
    return start(file, pids, PERIOD, ProcCpu.ROOT);
  }

  /**
   * Starts sampling into {@code file} every {@code period}, from the {@code /proc} at
   * {@code root}, the servers being the processes {@code serverPids} among those still running.
   */
  static HostCpuSampler start(Path file, List<Long> serverPids, Duration period, Path root) {
    if (!Files.isReadable(root.resolve("stat"))) {
      return new HostCpuSampler(file, root, List.of(), period, false);
    }
    List<Server> servers = new ArrayList<>();
    for (long pid : serverPids) {
      Path dir = root.resolve(Long.toString(pid));
      try {
        servers.add(new Server(dir, ProcCpu.startTicks(dir), new ProcCpu.ThreadSchedstats(dir)));
      } catch (IOException | RuntimeException gone) {
        // stopped before the trial, or in another pid namespace: not one this machine can see
      }
    }
    return new HostCpuSampler(file, root, List.copyOf(servers), period, true);
  }

  /**
   * The pids of the {@code mongod} and {@code mongos} processes {@code state} names
   * ({@code member.<name>.pid} of any component) that run on this machine now; a pid of another
   * pid namespace or of an ended process is left out by the name check.
   */
  static List<Long> serverPids(PlatformState state) {
    List<Long> pids = new ArrayList<>();
    for (String value : state.memberFacts("pid").values()) {
      try {
        long pid = Long.parseLong(value.trim());
        if (SERVERS.contains(ProcCpu.command(ProcCpu.ROOT.resolve(Long.toString(pid))))) {
          pids.add(pid);
        }
      } catch (IOException | RuntimeException notHere) {
        // not a number, or no such process here
      }
    }
    return List.copyOf(pids);
  }

  private void run() {
    try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8,
        StandardOpenOption.CREATE, StandardOpenOption.APPEND)) {
      if (Files.size(file) == 0) {
        out.write(ResultsFolder.HOST_CPU_HEADER + "\n");
      }
      boolean stopping = false;
      while (true) {
        out.write(line());
        out.flush();
        if (stopping) {
          break; // that was the last line, taken after the trial's phases ended
        }
        stopping = stop.await(period.toMillis(), TimeUnit.MILLISECONDS);
      }
    } catch (IOException | RuntimeException e) {
      System.err.println("[runner] host CPU sampling into " + file + " stopped: " + e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** One line; the last one is taken when sampling stops, so that it covers the trial's end. */
  private String line() throws IOException {
    long now = System.currentTimeMillis();
    ProcCpu.Machine m = ProcCpu.machine(root);
    String server = serverCells();
    return String.format(Locale.ROOT, "%d,%.2f,%d,%d,%s%n", now, m.busySeconds(), m.cores(),
        m.procsRunning(), server);
  }

  private String serverCells() throws IOException {
    if (serversLost) {
      return ",";
    }
    double cpu = 0;
    try {
      for (Server s : servers) {
        if (ProcCpu.startTicks(s.dir()) != s.startTicks()) {
          throw new NoSuchFileException(s.dir() + " (its pid now names another process)");
        }
        cpu += ProcCpu.processCpuSeconds(s.dir());
      }
    } catch (NoSuchFileException gone) {
      serversLost = true;
      return ",";
    }
    return String.format(Locale.ROOT, "%.2f,%s", cpu, serverDelay());
  }

  /** The servers' run-queue delay; empty when a kernel keeps none, or a server just ended. */
  private String serverDelay() throws IOException {
    long delayNs = 0;
    try {
      for (Server s : servers) {
        delayNs += s.threads().total().delayNs();
      }
    } catch (NoSuchFileException none) {
      return "";
    }
    return String.format(Locale.ROOT, "%.3f", delayNs / 1e9);
  }

  /** Takes a last sample and stops; waits at most a second for the sampling thread. */
  @Override
  public void close() {
    stop.countDown();
    if (thread == null) {
      return;
    }
    try {
      thread.join(1000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
