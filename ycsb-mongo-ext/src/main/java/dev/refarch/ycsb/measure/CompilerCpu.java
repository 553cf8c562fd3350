package dev.refarch.ycsb.measure;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The CPU time this JVM's JIT compiler threads have used, in milliseconds, read from Linux's
 * {@code /proc/self/task}: the threads HotSpot names {@code C1 CompilerThread<n>} and
 * {@code C2 CompilerThread<n>} (the kernel keeps 15 characters of a name), their run time from
 * {@code schedstat}, or user plus system time from {@code stat} where the kernel keeps no
 * schedstat.
 *
 * <p>Why not {@link java.lang.management.CompilationMXBean#getTotalCompilationTime()}: it adds a
 * compilation's time when the compilation finishes, so while the optimizing compiler works on a
 * large method for seconds — as it does on two busy cores — it shows nothing, and a warm-up
 * judged by it ended while the compiler threads still took a third of a core (profiled with
 * async-profiler, src/docs/benchmarks.md). CPU time counts the work as it is done. Compiler
 * threads come and go (HotSpot adds and retires them with the queue); a retired thread's time
 * stays counted.
 *
 * <p>Not thread-safe: one reader samples it.
 */
final class CompilerCpu {

  /** Where Linux shows this process's threads. */
  static final Path SELF_TASKS = Path.of("/proc/self/task");

  private static final String[] PREFIXES = {"C1 CompilerThre", "C2 CompilerThre"};
  /** How often the threads are listed again, to find compiler threads HotSpot added. */
  private static final long RELIST_NANOS = 1_000_000_000L;
  /** Clock ticks per second of {@code stat}'s times: the kernel's USER_HZ, 100 by its ABI. */
  private static final long USER_HZ = 100;

  private final Path tasks;
  /** The latest CPU nanoseconds read per compiler thread, including retired ones. */
  private final Map<String, Long> nanosByThread = new HashMap<>();
  private long listedAtNanos = Long.MIN_VALUE;

  CompilerCpu(Path tasks) {
    this.tasks = tasks;
  }

  /**
   * A reader of this JVM's compiler threads, when {@code /proc/self/task} shows at least one;
   * empty on other systems.
   */
  static Optional<CompilerCpu> ofThisJvm() {
    CompilerCpu cpu = new CompilerCpu(SELF_TASKS);
    try {
      cpu.millis(System.nanoTime());
    } catch (IOException | RuntimeException unreadable) {
      return Optional.empty();
    }
    return cpu.nanosByThread.isEmpty() ? Optional.empty() : Optional.of(cpu);
  }

  /**
   * The compiler threads' CPU milliseconds so far, at {@code nowNanos} (a {@link System#nanoTime}
   * reading, which decides when the threads are listed again).
   *
   * @throws IOException when the task folder cannot be listed
   */
  long millis(long nowNanos) throws IOException {
    if (nowNanos - listedAtNanos >= RELIST_NANOS || listedAtNanos == Long.MIN_VALUE) {
      listedAtNanos = nowNanos;
      try (DirectoryStream<Path> all = Files.newDirectoryStream(tasks)) {
        for (Path task : all) {
          if (!nanosByThread.containsKey(task.getFileName().toString()) && isCompiler(task)) {
            nanosByThread.put(task.getFileName().toString(), 0L);
          }
        }
      }
    }
    long sum = 0;
    for (Map.Entry<String, Long> e : nanosByThread.entrySet()) {
      long nanos = cpuNanos(tasks.resolve(e.getKey()));
      if (nanos > e.getValue()) {
        e.setValue(nanos);
      }
      sum += e.getValue();
    }
    return sum / 1_000_000;
  }

  private static boolean isCompiler(Path task) {
    try {
      String name = Files.readString(task.resolve("comm"), StandardCharsets.US_ASCII).trim();
      for (String prefix : PREFIXES) {
        if (name.startsWith(prefix)) {
          return true;
        }
      }
      return false;
    } catch (IOException gone) {
      return false;
    }
  }

  /** The thread's CPU nanoseconds; 0 once it has gone (its last reading is kept). */
  private static long cpuNanos(Path task) {
    try {
      Path schedstat = task.resolve("schedstat");
      if (Files.exists(schedstat)) {
        String s = Files.readString(schedstat, StandardCharsets.US_ASCII).trim();
        return Long.parseLong(s.substring(0, s.indexOf(' ') < 0 ? s.length() : s.indexOf(' ')));
      }
      String stat = Files.readString(task.resolve("stat"), StandardCharsets.US_ASCII);
      // fields after the name, which may hold spaces and ends at the last ')': state is field 3,
      // utime 14 and stime 15
      String[] f = stat.substring(stat.lastIndexOf(')') + 2).trim().split("\\s+");
      return (Long.parseLong(f[11]) + Long.parseLong(f[12])) * (1_000_000_000L / USER_HZ);
    } catch (IOException | RuntimeException gone) {
      return 0;
    }
  }
}
