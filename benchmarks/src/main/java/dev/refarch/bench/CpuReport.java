package dev.refarch.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * Runs another class's {@code main} in this JVM and, when the JVM exits (normally or through
 * {@code System.exit}, as YCSB's {@code Client} does), writes the process's CPU time in
 * nanoseconds, user plus system, all threads, from {@code com.sun.management.OperatingSystemMXBean}
 * to a file: {@code CpuReport <file> <main class> <args…>}. The file's first line is that total;
 * the lines after it are samples taken every {@value #SAMPLE_MILLIS} ms and at exit,
 * {@code <epoch millis> <cpu nanos>}, from which {@link SteadyWindow} reads the CPU of the cell's
 * steady part.
 *
 * <p>Both sides of {@link BindingBenchmark} run under it, so their CPU is counted the same way,
 * JVM start and connection set-up included.
 */
public final class CpuReport {

  static final long SAMPLE_MILLIS = 200;
  private static final ConcurrentLinkedQueue<String> SAMPLES = new ConcurrentLinkedQueue<>();

  private CpuReport() {
  }

  public static void main(String[] args) throws Exception {
    if (args.length < 2) {
      System.err.println("usage: CpuReport <cpu file> <main class> [args...]");
      System.exit(2);
    }
    Path file = Path.of(args[0]);
    Runtime.getRuntime().addShutdownHook(new Thread(() -> write(file), "cpu-report"));
    Thread sampler = new Thread(CpuReport::sample, "cpu-sampler");
    sampler.setDaemon(true);
    sampler.start();
    Class.forName(args[1]).getMethod("main", String[].class)
        .invoke(null, (Object) Arrays.copyOfRange(args, 2, args.length));
  }

  /** The jar or folder this class is loaded from, to put it on another side's class path. */
  static String location() {
    try {
      return java.nio.file.Path.of(CpuReport.class.getProtectionDomain().getCodeSource()
          .getLocation().toURI()).toString();
    } catch (java.net.URISyntaxException e) {
      throw new IllegalStateException("cannot locate " + CpuReport.class.getName(), e);
    }
  }

  /** This process's CPU time so far, in nanoseconds. */
  static long processCpuNanos() {
    var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    return os.getProcessCpuTime();
  }

  private static void sample() {
    try {
      while (true) {
        SAMPLES.add(System.currentTimeMillis() + " " + processCpuNanos());
        Thread.sleep(SAMPLE_MILLIS);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static void write(Path file) {
    long total = processCpuNanos();
    SAMPLES.add(System.currentTimeMillis() + " " + total);
    try {
      Files.writeString(file, total + "\n" + String.join("\n", SAMPLES) + "\n");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
