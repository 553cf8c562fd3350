package dev.refarch.ycsb.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Runs another class's {@code main} in this JVM and, when the JVM exits (normally or through
 * {@code System.exit}, as YCSB's {@code Client} does), writes the process's CPU time in
 * nanoseconds, user plus system, all threads, from {@code com.sun.management.OperatingSystemMXBean}
 * to a file: {@code CpuReport <file> <main class> <args…>}.
 *
 * <p>Both sides of {@link BindingBenchmark} run under it, so their CPU is counted the same way,
 * JVM start and connection set-up included.
 */
public final class CpuReport {

  private CpuReport() {
  }

  public static void main(String[] args) throws Exception {
    if (args.length < 2) {
      System.err.println("usage: CpuReport <cpu file> <main class> [args...]");
      System.exit(2);
    }
    Path file = Path.of(args[0]);
    Runtime.getRuntime().addShutdownHook(new Thread(() -> write(file), "cpu-report"));
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

  private static void write(Path file) {
    try {
      Files.writeString(file, Long.toString(processCpuNanos()));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
