package dev.refarch.experiments.trial;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * One YCSB client of a phase, with its folder: {@code stdout.txt}, {@code stderr.txt},
 * {@code cpu-seconds.txt} and {@code measurements/}. It runs in a JVM forked for it, or in a
 * client JVM kept warm across phases ({@link WarmClients}); either way it has an exit code when
 * it ended, and {@link #kill} ends its JVM.
 *
 * <p>Thread-safe for the methods a runner and a fault schedule call concurrently
 * ({@link #isAlive}, {@link #kill}, {@link #pid}).
 */
public final class ClientProcess {

  private final String name;
  private final Path dir;
  private final Process process;
  /** This client's exit code, once it ended. */
  private final CompletableFuture<Integer> exit;

  ClientProcess(String name, Path dir, Process process, CompletableFuture<Integer> exit) {
    this.name = name;
    this.dir = dir;
    this.process = process;
    this.exit = exit;
  }

  /** Starts {@code command} with its output going to files in {@code dir}. */
  static ClientProcess start(String name, Path dir, List<String> command) throws IOException {
    Files.createDirectories(dir);
    Process p = new ProcessBuilder(command)
        .redirectOutput(dir.resolve("stdout.txt").toFile())
        .redirectError(dir.resolve("stderr.txt").toFile())
        .start();
    return new ClientProcess(name, dir, p, p.onExit().thenApply(Process::exitValue));
  }

  /** The client's name, e.g. {@code run-1}. */
  public String name() {
    return name;
  }

  public Path dir() {
    return dir;
  }

  public Path measurements() {
    return dir.resolve("measurements");
  }

  /** The process id of the client's JVM. */
  public long pid() {
    return process.pid();
  }

  /** Completes with the exit code when the client has ended. */
  public CompletableFuture<Integer> onExit() {
    return exit;
  }

  public boolean isAlive() {
    return exitCode().isEmpty();
  }

  /** The exit code once ended: the client's, or its JVM's when that ended first. */
  public Optional<Integer> exitCode() {
    if (exit.isDone()) {
      return Optional.of(exit.join());
    }
    // the JVM's end completes the future on another thread, maybe not yet
    return process.isAlive() ? Optional.empty() : Optional.of(process.exitValue());
  }

  /**
   * Kills the client's JVM and anything it started, and waits briefly for it to be gone; nothing
   * once the client ended (a warm JVM may run another client by then).
   */
  public void kill() {
    if (!isAlive()) {
      return;
    }
    process.descendants().forEach(ProcessHandle::destroyForcibly);
    process.destroyForcibly();
    try {
      process.waitFor(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** CPU seconds the client reported at exit, when it exited normally. */
  public OptionalDouble cpuSeconds() {
    Path f = dir.resolve("cpu-seconds.txt");
    try {
      return Files.exists(f) ? OptionalDouble.of(Double.parseDouble(Files.readString(f).trim()))
          : OptionalDouble.empty();
    } catch (IOException | NumberFormatException e) {
      return OptionalDouble.empty();
    }
  }

  /** The last {@code lines} lines of the client's standard error, for failure messages. */
  public String stderrTail(int lines) {
    return tail(dir.resolve("stderr.txt"), lines);
  }

  /**
   * The last {@code lines} lines of a client's output file; when they are all stack frames, the
   * line that says what was thrown comes first ({@code java.lang.ClassNotFoundException: a}), so
   * that a failure's message names its cause.
   */
  public static String tail(Path file, int lines) {
    List<String> all;
    try {
      all = Files.readAllLines(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      return "(no stderr: " + e.getMessage() + ")";
    }
    int from = Math.max(0, all.size() - lines);
    int header = all.size() - 1;
    while (header >= 0 && isFrame(all.get(header))) {
      header--;
    }
    String shown = String.join("\n", all.subList(from, all.size()));
    return header >= 0 && header < from ? all.get(header) + "\n\t…\n" + shown : shown;
  }

  private static boolean isFrame(String line) {
    String t = line.stripLeading();
    return line.startsWith("\t") && (t.startsWith("at ") || t.startsWith("... "));
  }

  /** How the client ended, in words: {@code exit code 0}, {@code killed by signal 9}. */
  public String describeExit() {
    int code = exitCode().orElseThrow();
    return code > 128 && code < 160 ? "killed by signal " + (code - 128) + " (exit code " + code + ")"
        : "exit code " + code;
  }
}
