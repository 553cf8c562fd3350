package dev.refarch.platform.local.process;

import com.mongodb.MongoException;
import dev.refarch.platform.local.internal.Deadline;
import dev.refarch.platform.local.internal.LogTail;
import dev.refarch.platform.local.internal.Poll;
import dev.refarch.platform.local.internal.Poll.Observation;
import dev.refarch.platform.spi.PlatformException;
import java.io.IOException;
import java.lang.ProcessBuilder.Redirect;
import java.nio.file.Files;
import java.time.Duration;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One {@code mongod} or {@code mongos} process of a deployment: starts it (again, for restarts,
 * on the same port and data directory), signals it, and asks it how it is.
 *
 * <p>Thread-safe: state changes hold a lock only while signalling, never while waiting, so that
 * status queries stay quick during a slow stop. Once {@link #retire() retired} (its cluster is
 * closing) a member refuses to start again, so a fault racing a close cannot leave a process
 * behind.
 */
public final class Member {

  private static final AtomicLong DISRUPTIONS = new AtomicLong();

  private final MemberSpec spec;
  private final Object lock = new Object();
  private Process process;       // guarded by lock
  private boolean paused;        // guarded by lock
  private boolean retired;       // guarded by lock
  private Disruption disruption; // guarded by lock
  private MemberClient client;   // guarded by lock

  /**
   * The role a member had when a fault last paused or stopped it, so that "resume the primary"
   * finds the member that was primary when it was paused.
   *
   * @param role the member's state label then, e.g. {@code primary}
   * @param sequence increases with every disruption in this JVM; the latest is the greatest
   */
  public record Disruption(String role, long sequence) {
  }

  public Member(MemberSpec spec) {
    this.spec = spec;
  }

  public MemberSpec spec() {
    return spec;
  }

  public String name() {
    return spec.name();
  }

  /**
   * Starts the process, creating its directories. Returns once the process exists; see
   * {@link #awaitReachable}.
   *
   * @throws MemberException when it cannot be started, is running, or the member is retired
   */
  public void start() {
    synchronized (lock) {
      if (retired) {
        throw failure("start", "the cluster is closed", null);
      }
      if (process != null && process.isAlive()) {
        throw failure("start", "it is already running (pid " + process.pid() + ")", null);
      }
      try {
        if (spec.role() != Role.ROUTER) {
          Files.createDirectories(spec.dbPath());
        }
        Files.createDirectories(spec.dir());
        process = new ProcessBuilder(spec.command())
            .redirectErrorStream(true)
            .redirectOutput(Redirect.appendTo(spec.consolePath().toFile()))
            .start();
        process.getOutputStream().close();
        paused = false;
      } catch (IOException e) {
        throw failure("start", e.toString(), e);
      }
    }
  }

  /**
   * Waits until the member answers {@code hello}.
   *
   * @throws MemberException when the process exits first (with its exit code) or the deadline
   *     passes; both carry the log tail
   */
  public void awaitReachable(Deadline deadline) {
    Poll.until(deadline, Poll.INTERVAL, () -> {
      Process p = currentProcess();
      if (p == null || !p.isAlive()) {
        String code = p == null ? "never started" : "exited with code " + p.exitValue();
        throw failure("start " + spec.process(), code + " before accepting connections", null);
      }
      try {
        client().hello();
        return Observation.done(Boolean.TRUE);
      } catch (MongoException e) {
        return Observation.pending(e.getMessage());
      }
    }).orElseThrow(seen -> failure("start " + spec.process(),
        Poll.timedOut(deadline, spec.hostAndPort() + " to answer hello", seen), null));
  }

  /** Asks the member how it is; never throws for an unhealthy member. */
  public MemberView view() {
    ProcessStatus status = status();
    if (status == ProcessStatus.PAUSED) {
      return MemberView.of(name(), MemberView.State.PAUSED, "paused");
    }
    if (status != ProcessStatus.RUNNING) {
      return MemberView.of(name(), MemberView.State.DOWN, status.label());
    }
    try {
      return MemberView.fromHello(name(), client().hello());
    } catch (MongoException e) {
      return MemberView.of(name(), MemberView.State.UNREACHABLE, e.getMessage());
    }
  }

  public ProcessStatus status() {
    synchronized (lock) {
      if (process == null) {
        return ProcessStatus.NOT_STARTED;
      }
      if (!process.isAlive()) {
        return ProcessStatus.EXITED;
      }
      return paused ? ProcessStatus.PAUSED : ProcessStatus.RUNNING;
    }
  }

  /** The operating-system process id while alive. */
  public OptionalLong pid() {
    Process p = currentProcess();
    return p != null && p.isAlive() ? OptionalLong.of(p.pid()) : OptionalLong.empty();
  }

  /** The process id of the latest start, alive or not. */
  public OptionalLong lastPid() {
    Process p = currentProcess();
    return p == null ? OptionalLong.empty() : OptionalLong.of(p.pid());
  }

  /** {@code SIGKILL}s the process and waits for it to be gone; returns its pid. */
  public long kill() {
    Process p = running("kill");
    p.destroyForcibly();
    awaitExit(p, Duration.ofSeconds(30));
    return p.pid();
  }

  /**
   * {@code SIGTERM}s the process and waits up to {@code grace} for a clean exit, then
   * {@code SIGKILL}s it.
   *
   * @return whether it exited cleanly within {@code grace}
   */
  public boolean stop(Duration grace) {
    Process p = running("stop");
    return terminate(p, grace);
  }

  /** {@code SIGSTOP}s the process; returns once the kernel reports it stopped. */
  public long pause() {
    Process p = running("pause");
    synchronized (lock) {
      Signals.send("STOP", p.pid());
      paused = true;
    }
    Deadline deadline = Deadline.after(Duration.ofSeconds(5));
    Poll.until(deadline, Duration.ofMillis(10), () -> {
      char state = Signals.runState(p.pid());
      // '?' means no /proc to check (not Linux): trust the signal
      return state == 'T' || state == '?' ? Observation.done(state)
          : Observation.pending("run state " + state);
    }).orElseThrow(seen -> failure("pause", Poll.timedOut(deadline, "SIGSTOP to take effect",
        seen), null));
    return p.pid();
  }

  /** {@code SIGCONT}s a paused process. */
  public long resume() {
    synchronized (lock) {
      if (process == null || !process.isAlive() || !paused) {
        throw failure("resume", "it is not paused (" + status().label() + ")", null);
      }
      Signals.send("CONT", process.pid());
      paused = false;
      return process.pid();
    }
  }

  /** Remembers the role the member had as a fault disrupted it. */
  public void markDisrupted(String role) {
    synchronized (lock) {
      disruption = new Disruption(role, DISRUPTIONS.incrementAndGet());
    }
  }

  /** The last disruption, or {@code null} when none. */
  public Disruption disruption() {
    synchronized (lock) {
      return disruption;
    }
  }

  /**
   * Refuses later starts, resumes the process if paused (a stopped process cannot act on
   * {@code SIGTERM}), and sends {@code SIGTERM}; see {@link #awaitRetired}.
   */
  public void retire() {
    synchronized (lock) {
      retired = true;
      if (process != null && process.isAlive()) {
        if (paused) {
          Signals.send("CONT", process.pid());
          paused = false;
        }
        process.destroy();
      }
    }
  }

  /** Waits up to {@code grace} for a retired member's exit, then kills it; closes the client. */
  public void awaitRetired(Duration grace) {
    Process p = currentProcess();
    if (p != null) {
      terminate(p, grace);
    }
    synchronized (lock) {
      if (client != null) {
        client.close();
        client = null;
      }
    }
  }

  /** The member's admin client, created on first use. */
  public MemberClient client() {
    synchronized (lock) {
      if (client == null) {
        client = new MemberClient(spec.port());
      }
      return client;
    }
  }

  /** The last lines of the member's log and of its console output. */
  public String logTail() {
    String tail = LogTail.format(spec.logPath(), LogTail.DEFAULT_LINES)
        + LogTail.format(spec.consolePath(), LogTail.DEFAULT_LINES);
    return tail.isEmpty() ? "\n(" + spec.logPath() + " and " + spec.consolePath()
        + " are empty or missing)" : tail;
  }

  /** A {@link MemberException} for this member, carrying its log tail. */
  public MemberException failure(String operation, String detail, Throwable cause) {
    return new MemberException(name(), operation + " " + name(), detail, logTail(), cause);
  }

  private Process currentProcess() {
    synchronized (lock) {
      return process;
    }
  }

  private Process running(String operation) {
    synchronized (lock) {
      if (process == null || !process.isAlive() || paused) {
        throw failure(operation, "it is not running (" + status().label() + ")", null);
      }
      return process;
    }
  }

  private boolean terminate(Process p, Duration grace) {
    p.destroy();
    if (waitFor(p, grace)) {
      return true;
    }
    p.destroyForcibly();
    awaitExit(p, Duration.ofSeconds(30));
    return false;
  }

  private void awaitExit(Process p, Duration timeout) {
    if (!waitFor(p, timeout)) {
      throw failure("stop", "pid " + p.pid() + " still alive " + timeout.toSeconds()
          + " s after SIGKILL", null);
    }
  }

  private static boolean waitFor(Process p, Duration timeout) {
    try {
      return p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new PlatformException("wait for pid " + p.pid(), "interrupted", e);
    }
  }
}
