package dev.refarch.ycsb.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runs the stock {@code site.ycsb.Client} in its own JVM with the test class path, as
 * {@code bin/ycsb} would, and keeps what it printed.
 */
public final class YcsbProcess {

  private YcsbProcess() {
  }

  /** What one YCSB client printed and how it ended. */
  public record Result(int exitCode, String stdout, String stderr) {

    /** YCSB's {@code [OP], Return=STATUS, n} count; 0 when the line is absent. */
    public long count(String operation, String status) {
      Matcher m = Pattern.compile("^\\[" + Pattern.quote(operation) + "\\], Return=" + status
          + ", (\\d+)$", Pattern.MULTILINE).matcher(stdout);
      return m.find() ? Long.parseLong(m.group(1)) : 0;
    }

    /** YCSB's {@code [OP], Operations, n}; 0 when absent. */
    public long operations(String operation) {
      Matcher m = Pattern.compile("^\\[" + Pattern.quote(operation) + "\\], Operations, (\\d+)$",
          Pattern.MULTILINE).matcher(stdout);
      return m.find() ? Long.parseLong(m.group(1)) : 0;
    }

    public String all() {
      return stdout + "\n" + stderr;
    }
  }

  /**
   * Runs one phase.
   *
   * @param phase {@code -load} or {@code -t}
   * @param properties passed as {@code -p key=value}
   */
  public static Result run(String phase, Map<String, String> properties, Duration timeout)
      throws IOException, InterruptedException {
    return run(phase, "dev.refarch.ycsb.mongo.MongoDbClient", properties, timeout);
  }

  /** Runs one phase with the binding {@code db}. */
  public static Result run(String phase, String db, Map<String, String> properties, Duration timeout)
      throws IOException, InterruptedException {
    List<String> args = new ArrayList<>(List.of(phase, "-db", db, "-s"));
    properties.forEach((k, v) -> args.addAll(List.of("-p", k + "=" + v)));
    return run("site.ycsb.Client", args, timeout);
  }

  /**
   * Runs {@code mainClass} (YCSB's {@code site.ycsb.Client} or a launcher) with {@code args} and
   * the test class path.
   */
  public static Result run(String mainClass, List<String> args, Duration timeout)
      throws IOException, InterruptedException {
    return run(List.of("-cp", System.getProperty("java.class.path"), mainClass), args, timeout);
  }

  /** Runs {@code java} with {@code jvmArgs} (class path and main class) and {@code args}. */
  public static Result run(List<String> jvmArgs, List<String> args, Duration timeout)
      throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of(
        Paths.get(System.getProperty("java.home"), "bin", "java").toString()));
    command.addAll(jvmArgs);
    command.addAll(args);
    String phase = String.join(" ", args);
    Path out = Files.createTempFile("ycsb", ".out");
    Path err = Files.createTempFile("ycsb", ".err");
    Process process = new ProcessBuilder(command).redirectOutput(out.toFile())
        .redirectError(err.toFile()).start();
    try {
      if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
        throw new AssertionError("YCSB " + phase + " did not finish within " + timeout
            + "; output so far:\n" + Files.readString(out) + Files.readString(err));
      }
      return new Result(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
          Files.readString(err, StandardCharsets.UTF_8));
    } finally {
      process.destroyForcibly().waitFor();
      Files.deleteIfExists(out);
      Files.deleteIfExists(err);
    }
  }
}
