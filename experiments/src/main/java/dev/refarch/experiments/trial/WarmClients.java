package dev.refarch.experiments.trial;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * Client JVMs kept warm between phases ({@code refarch.client.reuse}, the default): a phase's
 * client runs in an idle JVM started earlier with the same java, class path and JVM options, or
 * in a new one, which then stays for the next phase — of this trial or the next. The reason is
 * the compiler: a fresh client JVM spends 43-47 % of a trial's client CPU compiling, on the cores
 * the server under test needs (src/docs/benchmarks.md).
 *
 * <p>A JVM runs one client at a time ({@link ClientMain} in its {@value ClientMain#WARM} mode).
 * A client that ends normally — any exit code YCSB's client returns — gives its JVM back; one
 * that is killed (a failed or timed-out phase), or whose JVM ends (a binding's
 * {@code mongodb.initFailure=exit}), takes it along. Idle JVMs end after {@link #IDLE} and when
 * this JVM ends (their watchdog sees it gone).
 *
 * <p>Thread-safe: trials on several threads take distinct JVMs.
 */
public final class WarmClients {

  /** How long a JVM may wait for its next client. */
  static final Duration IDLE = Duration.ofMinutes(2);

  private static final Map<List<String>, WarmClients> SHARED = new HashMap<>();

  private final String javaBin;
  private final String classPath;
  /** Idle JVMs by their options, most recently used first; guarded by this. */
  private final Map<List<String>, Deque<Jvm>> idle = new HashMap<>();
  private Thread reaper;

  WarmClients(String javaBin, String classPath) {
    this.javaBin = javaBin;
    this.classPath = classPath;
  }

  /** The JVMs of this runner for {@code javaBin} and {@code classPath}, one set per pair. */
  static WarmClients shared(String javaBin, String classPath) {
    synchronized (SHARED) {
      return SHARED.computeIfAbsent(List.of(javaBin, classPath),
          k -> new WarmClients(javaBin, classPath));
    }
  }

  /**
   * Starts client {@code name} with {@code ycsbArgs} in a warm JVM with {@code jvmOptions}; its
   * folder {@code dir} gets the client's {@code stdout.txt}, {@code stderr.txt}, CPU files and
   * measurements, as a forked client's.
   */
  ClientProcess start(String name, Path dir, List<String> jvmOptions, List<String> ycsbArgs)
      throws IOException {
    Files.createDirectories(dir);
    Path cpuFile = dir.resolve("cpu-seconds.txt");
    List<String> job = new ArrayList<>();
    job.add(cpuFile.toString());
    job.addAll(ycsbArgs);
    for (String field : job) {
      if (field.contains("\t") || field.contains("\n")) {
        throw new IllegalArgumentException("a warm client's argument holds a tab or line break: "
            + field);
      }
    }
    // an idle JVM may end (its watchdog, a kill) between being taken and being given the job
    for (int attempt = 0; ; attempt++) {
      Jvm jvm = take(jvmOptions);
      CompletableFuture<Integer> exit = jvm.run(String.join("\t", job),
          dir.resolve("stderr.txt"));
      if (exit != null) {
        exit.thenRun(() -> giveBack(jvmOptions, jvm));
        return new ClientProcess(name, dir, jvm.process, exit);
      }
      if (attempt > 0) {
        throw new IOException("a new client JVM did not take its job: " + jvm.describeEnd());
      }
    }
  }

  private synchronized Jvm take(List<String> options) throws IOException {
    Deque<Jvm> free = idle.getOrDefault(options, new ArrayDeque<>());
    while (!free.isEmpty()) {
      Jvm jvm = free.pop();
      if (jvm.process.isAlive()) {
        return jvm;
      }
    }
    List<String> command = new ArrayList<>();
    command.add(javaBin);
    command.addAll(options);
    command.addAll(List.of("-cp", classPath, ClientMain.class.getName(),
        String.valueOf(ProcessHandle.current().pid()), ClientMain.WARM));
    return Jvm.start(command);
  }

  private synchronized void giveBack(List<String> options, Jvm jvm) {
    if (!jvm.process.isAlive()) {
      return;
    }
    jvm.idleSince = System.nanoTime();
    idle.computeIfAbsent(options, k -> new ArrayDeque<>()).push(jvm);
    if (reaper == null) {
      reaper = new Thread(this::reapIdle, "warm-client-reaper");
      reaper.setDaemon(true);
      reaper.start();
    }
  }

  /** Ends the JVMs idle longer than {@link #IDLE}, every few seconds. */
  private void reapIdle() {
    while (true) {
      try {
        Thread.sleep(5_000);
      } catch (InterruptedException e) {
        return;
      }
      List<Jvm> ending = new ArrayList<>();
      synchronized (this) {
        long now = System.nanoTime();
        for (Deque<Jvm> free : idle.values()) {
          free.removeIf(j -> {
            boolean old = now - j.idleSince > IDLE.toNanos() || !j.process.isAlive();
            if (old) {
              ending.add(j);
            }
            return old;
          });
        }
      }
      ending.forEach(Jvm::end);
    }
  }

  /**
   * One warm JVM: its job line in, its answer line out. What it prints outside its phases (e.g.
   * why it could not start) is kept in memory, its last {@value #KEPT_LINES} lines, and goes to
   * the standard error of the client it ends during: a file would outlive a runner that is killed.
   */
  private static final class Jvm {

    static final int KEPT_LINES = 50;

    final Process process;
    private final BufferedWriter jobs;
    /** The last lines the JVM printed outside its phases; guarded by itself. */
    private final Deque<String> printed = new ArrayDeque<>();
    private final Thread errors;
    /** The running job's exit code and standard error; guarded by this. */
    private CompletableFuture<Integer> current;
    private Path currentStderr;
    volatile long idleSince;

    private Jvm(Process process) {
      this.process = process;
      this.jobs = new BufferedWriter(new OutputStreamWriter(process.getOutputStream(),
          StandardCharsets.UTF_8));
      this.errors = new Thread(() -> keep(process.getErrorStream()), "warm-client-err-"
          + process.pid());
    }

    static Jvm start(List<String> command) throws IOException {
      Jvm jvm = new Jvm(new ProcessBuilder(command).start());
      Thread answers = new Thread(jvm::readAnswers, "warm-client-" + jvm.process.pid());
      answers.setDaemon(true);
      answers.start();
      jvm.errors.setDaemon(true);
      jvm.errors.start();
      jvm.process.onExit().thenRun(jvm::ended);
      return jvm;
    }

    /** Gives the JVM a job; null when it has already ended. */
    synchronized CompletableFuture<Integer> run(String job, Path stderr) {
      if (!process.isAlive()) {
        return null;
      }
      current = new CompletableFuture<>();
      currentStderr = stderr;
      try {
        jobs.write(job);
        jobs.newLine();
        jobs.flush();
      } catch (IOException e) {
        current = null;
        return null;
      }
      return current;
    }

    /** Reads {@code done<TAB>code} lines; other lines (a JVM's warnings) are not answers. */
    private void readAnswers() {
      try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(),
          StandardCharsets.UTF_8))) {
        for (String line = in.readLine(); line != null; line = in.readLine()) {
          if (line.startsWith(ClientMain.DONE + "\t")) {
            finish(Integer.parseInt(line.substring(ClientMain.DONE.length() + 1).trim()));
          } else {
            remember(line);
          }
        }
      } catch (IOException | NumberFormatException e) {
        // the JVM ended or garbled its answer: its end fails the running job
      }
    }

    private void keep(java.io.InputStream stream) {
      try (BufferedReader in = new BufferedReader(new InputStreamReader(stream,
          StandardCharsets.UTF_8))) {
        for (String line = in.readLine(); line != null; line = in.readLine()) {
          remember(line);
        }
      } catch (IOException e) {
        // the JVM ended
      }
    }

    private void remember(String line) {
      synchronized (printed) {
        printed.addLast(line);
        if (printed.size() > KEPT_LINES) {
          printed.removeFirst();
        }
      }
    }

    private void finish(int code) {
      CompletableFuture<Integer> job;
      synchronized (this) {
        job = current;
        current = null;
      }
      if (job != null) {
        job.complete(code);
      }
    }

    /**
     * The JVM ended: a running job ends with the JVM's exit code, and what the JVM printed
     * outside the job is added to the job's standard error.
     */
    private void ended() {
      Path stderr;
      synchronized (this) {
        stderr = current == null ? null : currentStderr;
      }
      try {
        // the JVM's last words may still be in the pipe
        errors.join(2_000);
        String lines;
        synchronized (printed) {
          lines = String.join(System.lineSeparator(), printed);
        }
        if (stderr != null && !lines.isEmpty()) {
          Files.writeString(stderr, "[client] its JVM ended; what it printed outside the phase:"
              + System.lineSeparator() + lines + System.lineSeparator(), StandardCharsets.UTF_8,
              java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.APPEND);
        }
      } catch (IOException e) {
        // the job still ends with the JVM's exit code
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      } finally {
        finish(process.exitValue());
      }
    }

    String describeEnd() {
      return process.isAlive() ? "still running" : "ended with exit code " + process.exitValue();
    }

    /** Ends the JVM: the end of its input, then force after a few seconds. */
    void end() {
      try {
        synchronized (this) {
          jobs.close();
        }
      } catch (IOException e) {
        // already gone
      }
      process.onExit().completeOnTimeout(null, 5, java.util.concurrent.TimeUnit.SECONDS)
          .thenRun(process::destroyForcibly);
    }
  }
}
