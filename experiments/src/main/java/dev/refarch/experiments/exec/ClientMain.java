package dev.refarch.experiments.exec;

import dev.refarch.experiments.results.ResultsFolder;
import dev.refarch.ycsb.launch.YcsbLauncher;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.Locale;

/**
 * Entry point of a forked client JVM: runs the stock {@code site.ycsb.Client} unchanged, after
 * {@link YcsbLauncher#check} has checked the whole input (exit code 2 with one line naming every
 * problem), and adds three things a runner needs. A watchdog ends the client when the runner's process is gone, so a
 * runner killed mid-trial leaves no orphan load on the cluster; at exit the JVM's CPU seconds
 * are written to a file, which no other process can read once this one has ended, and every
 * second into {@value ResultsFolder#CPU_TIMELINE} beside it ({@value ResultsFolder#CPU_TIMELINE_HEADER}),
 * so that a report can tell the CPU of the measured window from the JVM's start-up and
 * compilation, and — from the seconds its threads were runnable but waited for a core, which
 * only this process can read on a machine it shares — whether the client was starved of CPU;
 * and a {@value StopSignal#FILE} file appearing beside that file ends the run early and cleanly
 * ({@link StopSignal}).
 *
 * <pre>
 * java -cp … dev.refarch.experiments.exec.ClientMain PARENT_PID CPU_FILE -t -db … (YCSB's arguments)
 * </pre>
 */
public final class ClientMain {

  /** Exit code when the runner disappeared. */
  static final int ORPHANED = 3;

  /** This JVM's threads' run-queue delay; guarded by the class, as {@link #sampleCpu} is. */
  private static final ProcCpu.ThreadSchedstats THREADS =
      new ProcCpu.ThreadSchedstats(ProcCpu.ROOT.resolve("self"));

  private ClientMain() {
  }

  public static void main(String[] args) throws Exception {
    if (args.length < 2) {
      System.err.println("usage: ClientMain PARENT_PID CPU_FILE YCSB_ARGS...");
      System.exit(2);
    }
    Logging.configure(false);
    long parent = Long.parseLong(args[0]);
    Path cpuFile = Path.of(args[1]);
    Path timeline = cpuFile.resolveSibling(ResultsFolder.CPU_TIMELINE);
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      sampleCpu(timeline);
      writeCpu(cpuFile);
    }, "cpu-at-exit"));
    sampleCpu(timeline);
    Thread sampler = new Thread(() -> sampleEverySecond(timeline), "cpu-timeline");
    sampler.setDaemon(true);
    sampler.start();
    Thread watchdog = new Thread(() -> watch(parent), "runner-watchdog");
    watchdog.setDaemon(true);
    watchdog.start();
    Path folder = cpuFile.toAbsolutePath().getParent();
    if (folder != null) {
      StopSignal.watch(folder.resolve(StopSignal.FILE));
    }
    String[] ycsb = Arrays.copyOfRange(args, 2, args.length);
    // bad input ends here with one line and exit code 2; YCSB 0.17 would exit 0
    int bad = YcsbLauncher.check(ycsb, System.err);
    if (bad != 0) {
      System.exit(bad);
    }
    site.ycsb.Client.main(ycsb);
  }

  private static void watch(long parent) {
    while (true) {
      try {
        Thread.sleep(500);
      } catch (InterruptedException e) {
        return;
      }
      boolean alive = ProcessHandle.of(parent).map(ProcessHandle::isAlive).orElse(false);
      if (!alive) {
        System.err.println("[client] the runner (pid " + parent + ") is gone; stopping");
        System.exit(ORPHANED);
      }
    }
  }

  private static void sampleEverySecond(Path timeline) {
    while (true) {
      try {
        Thread.sleep(1000);
      } catch (InterruptedException e) {
        return;
      }
      sampleCpu(timeline);
    }
  }

  /**
   * Appends one {@value ResultsFolder#CPU_TIMELINE_HEADER} line (the header first); synchronized
   * with exit.
   */
  private static synchronized void sampleCpu(Path timeline) {
    double seconds = processCpuSeconds();
    if (Double.isNaN(seconds)) {
      return;
    }
    try {
      String line = String.format(Locale.ROOT, "%d,%.3f,%s%n", System.currentTimeMillis(), seconds,
          runDelaySeconds());
      Files.writeString(timeline, Files.exists(timeline) ? line
              : ResultsFolder.CPU_TIMELINE_HEADER + "\n" + line,
          StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    } catch (IOException e) {
      // the timeline refines a figure; the file written at exit still holds the total
      System.err.println("[client] cannot write CPU timeline " + timeline + ": " + e.getMessage());
    }
  }

  /**
   * Seconds this JVM's threads have waited for a CPU, or nothing where the kernel does not say
   * (no {@code /proc}, or no schedstat): an empty cell rather than a made-up zero.
   */
  private static String runDelaySeconds() {
    try {
      return String.format(Locale.ROOT, "%.3f", THREADS.total().delaySeconds());
    } catch (IOException | RuntimeException unavailable) {
      return "";
    }
  }

  private static double processCpuSeconds() {
    var os = ManagementFactory.getOperatingSystemMXBean();
    return os instanceof com.sun.management.OperatingSystemMXBean sun
        ? sun.getProcessCpuTime() / 1e9 : Double.NaN;
  }

  private static void writeCpu(Path file) {
    double seconds = processCpuSeconds();
    try {
      Files.writeString(file, String.format(Locale.ROOT, "%.3f%n", seconds), StandardCharsets.UTF_8);
    } catch (IOException e) {
      System.err.println("[client] cannot write CPU time to " + file + ": " + e.getMessage());
    }
  }
}
