package dev.refarch.experiments.trial;

import dev.refarch.experiments.telemetry.ProcCpu;
import dev.refarch.experiments.results.ResultsFolder;
import dev.refarch.ycsb.launch.InProcessClient;
import dev.refarch.ycsb.launch.YcsbLauncher;
import java.io.BufferedReader;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Entry point of a client JVM, in one of two modes.
 *
 * <p><b>One run</b> ({@code refarch.client.reuse=false}): runs the stock {@code site.ycsb.Client}
 * unchanged, after {@link YcsbLauncher#check} has checked the whole input (exit code 2 with one
 * line naming every problem); the JVM ends with YCSB.
 *
 * <pre>
 * java -cp … dev.refarch.experiments.trial.ClientMain PARENT_PID CPU_FILE -t -db … (YCSB's arguments)
 * </pre>
 *
 * <p><b>Kept warm</b> ({@value #WARM}, the default): runs one phase after another, each
 * {@link InProcessClient} (YCSB's client flow without its {@code System.exit}), so that phases
 * after the first find the code already compiled. It reads one job per line on standard input,
 * {@code CPU_FILE<TAB>YCSB_ARG<TAB>…}, sends the phase's standard output and error to
 * {@code stdout.txt} and {@code stderr.txt} beside {@code CPU_FILE}, and answers
 * {@code done<TAB>EXIT_CODE} on standard output; it ends at the end of its input. Anything
 * that ends a JVM (a binding's {@code mongodb.initFailure=exit}) ends it with the phase's exit
 * code, as in the other mode.
 *
 * <pre>
 * java -cp … dev.refarch.experiments.trial.ClientMain PARENT_PID --warm
 * </pre>
 *
 * <p>Both modes add what a runner needs. A watchdog ends the client when the runner's process is
 * gone, so a runner killed mid-trial leaves no orphan load on the cluster. Each phase's CPU
 * seconds are written to {@code CPU_FILE} at its end (no other process can read them once this
 * one has ended) and every second into {@value ResultsFolder#CPU_TIMELINE} beside it
 * ({@value ResultsFolder#CPU_TIMELINE_HEADER}) — counted from the JVM's start in one-run mode,
 * from the phase's start when kept warm — so that a report can tell the CPU of the measured
 * window from the JVM's start-up and compilation, and, from the seconds its threads were runnable
 * but waited for a core (which only this process can read on a machine it shares), whether the
 * client was starved of CPU. A {@value StopSignal#FILE} file appearing beside {@code CPU_FILE}
 * ends the run early and cleanly ({@link StopSignal}).
 */
public final class ClientMain {

  /** Exit code when the runner disappeared. */
  static final int ORPHANED = 3;

  /** The argument that keeps the JVM for one phase after another. */
  static final String WARM = "--warm";

  /** The first field of the line a warm client answers a job with. */
  static final String DONE = "done";

  /** This JVM's threads' run-queue delay; guarded by the class, as {@link #sample} is. */
  private static final ProcCpu.ThreadSchedstats THREADS =
      new ProcCpu.ThreadSchedstats(ProcCpu.ROOT.resolve("self"));

  /** The phase's CPU file and timeline, or null between phases; guarded by the class. */
  private static Path cpuFile;
  private static Path timeline;
  /** CPU and run-queue seconds at the start of the phase; guarded by the class. */
  private static double cpuBase;
  private static double delayBase;

  private ClientMain() {
  }

  public static void main(String[] args) throws Exception {
    if (args.length < 2) {
      System.err.println("usage: ClientMain PARENT_PID (CPU_FILE YCSB_ARGS... | " + WARM + ")");
      System.exit(2);
    }
    Logging.configure(false);
    long parent = Long.parseLong(args[0]);
    Thread sampler = new Thread(ClientMain::sampleEverySecond, "cpu-timeline");
    sampler.setDaemon(true);
    sampler.start();
    Thread watchdog = new Thread(() -> watch(parent), "runner-watchdog");
    watchdog.setDaemon(true);
    watchdog.start();
    Runtime.getRuntime().addShutdownHook(new Thread(ClientMain::endPhase, "cpu-at-exit"));
    if (args[1].equals(WARM)) {
      serve();
      return;
    }
    startPhase(Path.of(args[1]), false);
    String[] ycsb = Arrays.copyOfRange(args, 2, args.length);
    // bad input ends here with one line and exit code 2; YCSB 0.17 would exit 0
    int bad = YcsbLauncher.check(ycsb, System.err);
    if (bad != 0) {
      System.exit(bad);
    }
    site.ycsb.Client.main(ycsb);
  }

  /** Runs the jobs of standard input one after another until it ends. */
  private static void serve() throws IOException {
    PrintStream answers = new PrintStream(new FileOutputStream(FileDescriptor.out), true,
        StandardCharsets.UTF_8);
    PrintStream between = System.err;
    BufferedReader jobs = new BufferedReader(new InputStreamReader(System.in,
        StandardCharsets.UTF_8));
    for (String line = jobs.readLine(); line != null; line = jobs.readLine()) {
      List<String> job = List.of(line.split("\t", -1));
      Path phaseCpu = Path.of(job.get(0));
      Path dir = phaseCpu.toAbsolutePath().getParent();
      int code;
      try (PrintStream out = phaseStream(dir.resolve("stdout.txt"));
          PrintStream err = phaseStream(dir.resolve("stderr.txt"))) {
        System.setOut(out);
        System.setErr(err);
        // the console handler holds the stream it was made with
        Logging.configure(false);
        startPhase(phaseCpu, true);
        code = runPhase(job.subList(1, job.size()).toArray(String[]::new));
        endPhase();
      } finally {
        System.setOut(between);
        System.setErr(between);
        Logging.configure(false);
      }
      answers.println(DONE + "\t" + code);
    }
  }

  /**
   * One phase's exit code. A phase that throws (which YCSB's client never does) may leave this
   * JVM unfit for another: it ends, with exit code 1 and the cause on the phase's standard error.
   */
  private static int runPhase(String[] ycsb) {
    try {
      return InProcessClient.run(ycsb);
    } catch (RuntimeException | Error e) {
      e.printStackTrace();
      System.exit(1);
      throw e;
    }
  }

  private static PrintStream phaseStream(Path file) throws IOException {
    return new PrintStream(Files.newOutputStream(file), true, StandardCharsets.UTF_8);
  }

  /** A phase starts: its timeline begins, and counts from now when {@code fromNow}. */
  private static synchronized void startPhase(Path file, boolean fromNow) {
    Path folder = file.toAbsolutePath().getParent();
    cpuFile = file;
    timeline = file.resolveSibling(ResultsFolder.CPU_TIMELINE);
    cpuBase = fromNow ? processCpuSeconds() : 0;
    delayBase = fromNow ? runDelay().orElse(0) : 0;
    sample();
    StopSignal.watch(folder.resolve(StopSignal.FILE));
  }

  /**
   * The phase that runs ends (also at exit): its last sample and its CPU seconds; nothing between
   * phases.
   */
  private static synchronized void endPhase() {
    if (cpuFile == null) {
      return;
    }
    sample();
    try {
      Files.writeString(cpuFile, String.format(Locale.ROOT, "%.3f%n",
          processCpuSeconds() - cpuBase), StandardCharsets.UTF_8);
    } catch (IOException e) {
      System.err.println("[client] cannot write CPU time to " + cpuFile + ": " + e.getMessage());
    }
    cpuFile = null;
    timeline = null;
    StopSignal.unwatch();
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

  private static void sampleEverySecond() {
    while (true) {
      try {
        Thread.sleep(1000);
      } catch (InterruptedException e) {
        return;
      }
      synchronized (ClientMain.class) {
        sample();
      }
    }
  }

  /**
   * Appends one {@value ResultsFolder#CPU_TIMELINE_HEADER} line (the header first) to the phase's
   * timeline, if a phase runs. Callers hold the class's lock.
   */
  private static void sample() {
    double seconds = processCpuSeconds();
    if (timeline == null || Double.isNaN(seconds)) {
      return;
    }
    try {
      java.util.OptionalDouble delay = runDelay();
      String line = String.format(Locale.ROOT, "%d,%.3f,%s%n", System.currentTimeMillis(),
          seconds - cpuBase, delay.isPresent()
              ? String.format(Locale.ROOT, "%.3f", delay.getAsDouble() - delayBase) : "");
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
  private static java.util.OptionalDouble runDelay() {
    try {
      return java.util.OptionalDouble.of(THREADS.total().delaySeconds());
    } catch (IOException | RuntimeException unavailable) {
      return java.util.OptionalDouble.empty();
    }
  }

  private static double processCpuSeconds() {
    var os = ManagementFactory.getOperatingSystemMXBean();
    return os instanceof com.sun.management.OperatingSystemMXBean sun
        ? sun.getProcessCpuTime() / 1e9 : Double.NaN;
  }
}
