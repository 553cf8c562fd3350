package dev.refarch.experiments.telemetry;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * Reads Linux's CPU accounting from {@code /proc}: the machine's busy time, cores and running
 * threads ({@code /proc/stat}), a process's CPU time ({@code /proc/<pid>/stat}) and the time its
 * threads ran and waited in a run queue for a CPU ({@code /proc/<pid>/task/<tid>/schedstat}). A
 * wait is the evidence of competition for cores that CPU time alone cannot give: a process can
 * use little CPU because it had little to do, or because it was runnable and got no core. Each
 * read opens a few small files and takes well under a millisecond.
 *
 * <p>The static methods are stateless and thread-safe; a {@link ThreadSchedstats} is not
 * thread-safe.
 *
 * <pre>{@code
 * ProcCpu.Machine m = ProcCpu.machine(ProcCpu.ROOT);
 * ProcCpu.ThreadSchedstats self = new ProcCpu.ThreadSchedstats(ProcCpu.ROOT.resolve("self"));
 * double waited = self.total().delaySeconds();
 * }</pre>
 */
public final class ProcCpu {

  /** Where Linux mounts it. */
  public static final Path ROOT = Path.of("/proc");

  /**
   * Clock ticks per second of the times in {@code /proc/stat} and {@code /proc/<pid>/stat}: the
   * kernel's USER_HZ, fixed at 100 by its ABI on x86 and ARM ({@code getconf CLK_TCK}), and not
   * something Java can ask {@code sysconf} for.
   */
  public static final double USER_HZ = 100;

  /**
   * The machine as {@code /proc/stat} shows it.
   *
   * @param busySeconds CPU seconds all cores spent on anything but idling and waiting for I/O
   *     since boot: user, nice, system, irq, softirq and steal (guests are counted in user)
   * @param cores the online CPUs it lists ({@code cpu0}, {@code cpu1}, …)
   * @param procsRunning threads running or runnable at the moment of reading, the reader included
   */
  public record Machine(double busySeconds, int cores, int procsRunning) {
  }

  /**
   * Time on and waiting for a CPU, from one or more {@code schedstat} files.
   *
   * @param runNs nanoseconds spent running
   * @param delayNs nanoseconds spent runnable, waiting in a run queue
   */
  public record Schedstat(long runNs, long delayNs) {

    public double runSeconds() {
      return runNs / 1e9;
    }

    public double delaySeconds() {
      return delayNs / 1e9;
    }
  }

  private ProcCpu() {
  }

  /** Reads {@code root/stat}; throws when it lacks the {@code cpu} or procs_running lines. */
  public static Machine machine(Path root) throws IOException {
    Path file = root.resolve("stat");
    double busy = -1;
    int cores = 0;
    int running = -1;
    for (String line : Files.readAllLines(file, StandardCharsets.US_ASCII)) {
      if (line.startsWith("cpu ")) {
        String[] f = line.trim().split("\\s+");
        // fields: user nice system idle iowait irq softirq steal guest guest_nice
        busy = (field(f, 1) + field(f, 2) + field(f, 3) + field(f, 6) + field(f, 7)
            + field(f, 8)) / USER_HZ;
      } else if (line.startsWith("cpu")) {
        cores++;
      } else if (line.startsWith("procs_running ")) {
        running = Integer.parseInt(line.substring("procs_running ".length()).trim());
      }
    }
    if (busy < 0 || cores == 0 || running < 0) {
      throw new IOException(file + " has no cpu, cpuN or procs_running line");
    }
    return new Machine(busy, cores, running);
  }

  private static long field(String[] fields, int i) {
    // steal came with Linux 2.6.11; older kernels simply have fewer columns
    return i < fields.length ? Long.parseLong(fields[i]) : 0;
  }

  /** User plus system CPU seconds of the process {@code procDir} (e.g. {@code /proc/42}). */
  public static double processCpuSeconds(Path procDir) throws IOException {
    String[] f = statFields(procDir);
    // utime and stime are fields 14 and 15 of stat(5), so 11 and 12 after the name
    return (Long.parseLong(f[11]) + Long.parseLong(f[12])) / USER_HZ;
  }

  /**
   * A process's CPU seconds in user and in kernel mode, and when it started.
   *
   * @param startTicks clock ticks since boot when it started (see {@link #startTicks})
   */
  public record ProcessTimes(double userSeconds, double systemSeconds, long startTicks) {
  }

  /** Reads {@code procDir/stat} once for all of {@link ProcessTimes}. */
  public static ProcessTimes processTimes(Path procDir) throws IOException {
    String[] f = statFields(procDir);
    return new ProcessTimes(Long.parseLong(f[11]) / USER_HZ, Long.parseLong(f[12]) / USER_HZ,
        Long.parseLong(f[19]));
  }

  /**
   * The process's resident memory in bytes: {@code VmRSS} of {@code procDir/status}, which the
   * kernel gives in kB whatever the page size.
   */
  public static long residentBytes(Path procDir) throws IOException {
    Path file = procDir.resolve("status");
    for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
      if (line.startsWith("VmRSS:")) {
        String[] f = line.substring("VmRSS:".length()).trim().split("\\s+");
        return Long.parseLong(f[0]) * 1024;
      }
    }
    throw new IOException(file + " has no VmRSS line (a kernel thread, or a zombie)");
  }

  /**
   * When the process started, in clock ticks since boot: with its pid, what tells it apart from
   * a later process given the same pid.
   */
  public static long startTicks(Path procDir) throws IOException {
    return Long.parseLong(statFields(procDir)[19]);
  }

  /** The fields of {@code procDir/stat} after the command name, which may hold spaces. */
  private static String[] statFields(Path procDir) throws IOException {
    Path file = procDir.resolve("stat");
    String stat = Files.readString(file, StandardCharsets.UTF_8);
    int name = stat.lastIndexOf(')');
    String[] f = stat.substring(name + 1).trim().split("\\s+");
    if (name < 0 || f.length < 20) {
      throw new IOException(file + " is not a process's stat line: " + stat.strip());
    }
    return f;
  }

  /** The command name of the process {@code procDir}, as the kernel keeps it (15 characters). */
  public static String command(Path procDir) throws IOException {
    return Files.readString(procDir.resolve("comm"), StandardCharsets.UTF_8).strip();
  }

  /** Reads one {@code schedstat} file: run time, run-queue delay, time slices. */
  public static Schedstat schedstat(Path file) throws IOException {
    String[] f = Files.readString(file, StandardCharsets.US_ASCII).trim().split("\\s+");
    if (f.length < 2) {
      throw new IOException(file + " is not a schedstat line: " + String.join(" ", f));
    }
    return new Schedstat(Long.parseLong(f[0]), Long.parseLong(f[1]));
  }

  /**
   * The sum of a process's threads' {@code schedstat}, counting a thread that has exited at
   * what it had when last read, so that the sum never falls when a thread ends (a JVM's compiler
   * threads come and go; a mongod's connection threads end with their connections). What such a
   * thread ran or waited after its last reading is lost: at most one sampling period's worth.
   *
   * <p>Not thread-safe.
   */
  public static final class ThreadSchedstats {

    private final Path tasks;
    private final Map<String, Schedstat> last = new HashMap<>();
    private long retiredRunNs;
    private long retiredDelayNs;

    /** For the process {@code procDir}, e.g. {@code /proc/self} or {@code /proc/42}. */
    public ThreadSchedstats(Path procDir) {
      this.tasks = procDir.resolve("task");
    }

    /**
     * Reads every thread's {@code schedstat}.
     *
     * @throws NoSuchFileException when the process is gone, or the kernel keeps no schedstat
     */
    public Schedstat total() throws IOException {
      try (DirectoryStream<Path> threads = Files.newDirectoryStream(tasks)) {
        for (Path thread : threads) {
          try {
            Schedstat now = schedstat(thread.resolve("schedstat"));
            Schedstat before = last.put(thread.getFileName().toString(), now);
            if (before != null && now.runNs() < before.runNs()) {
              // a new thread given an ended one's id: keep what the ended one had
              retiredRunNs += before.runNs();
              retiredDelayNs += before.delayNs();
            }
          } catch (NoSuchFileException ended) {
            // it ended between the listing and the read; its last reading stands
          }
        }
      }
      if (last.isEmpty()) {
        throw new NoSuchFileException(tasks + "/*/schedstat");
      }
      long run = retiredRunNs;
      long delay = retiredDelayNs;
      for (Schedstat s : last.values()) {
        run += s.runNs();
        delay += s.delayNs();
      }
      return new Schedstat(run, delay);
    }
  }
}
