package dev.refarch.ycsb.hooks;

import static dev.refarch.ycsb.config.YcsbProperties.THREADS;
import static dev.refarch.ycsb.config.YcsbProperties.TRANSACTIONS;

import dev.refarch.platform.spi.Phase;
import dev.refarch.platform.spi.PhaseOutcome;
import dev.refarch.platform.spi.config.ConfigurationProblems;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

/**
 * Runs a {@link HookRunner} inside a plain YCSB client: {@code before} on the first thread's
 * {@code init()}, {@code after} when the last of YCSB's {@code threadcount} threads has left —
 * through {@code cleanup()}, or through a failed {@code init()} that YCSB will never clean up.
 * A JVM that exits before every thread has left still runs {@code after}, with a failed outcome,
 * from a shutdown hook.
 *
 * <p>Thread-safe: all transitions synchronise on the class. One session per JVM at a time; it
 * ends when its {@code after} has run, and the next {@link #join} starts a new one.
 */
public final class ThreadHookSession {

  private static ThreadHookSession current;

  private final HookRunner runner;
  private final Phase phase;
  private final int expected;
  private int joined;
  private int left;
  private boolean beforeDone;
  private RuntimeException beforeFailure;
  private String firstFailure;
  private boolean ended;
  private final Thread shutdownHook;

  private ThreadHookSession(HookRunner runner, Phase phase, int expected) {
    this.runner = runner;
    this.phase = phase;
    this.expected = expected;
    this.shutdownHook = new Thread(this::endOnExit, "ycsb-hooks-shutdown");
  }

  /**
   * Joins this JVM's session, resolving and validating the hooks on the first call. Changes
   * nothing on any platform.
   *
   * @throws dev.refarch.platform.spi.config.ConfigurationException for unknown hooks or bad settings
   */
  public static synchronized ThreadHookSession join(Properties properties) {
    return join(properties, List.of());
  }

  /**
   * As {@link #join(Properties)}, with hooks the binding needs whatever {@code hooks} names (e.g.
   * {@code mongodb-sharding} when {@code mongodb.shardKey} is set); they run after the named ones
   * and are not repeated when {@code hooks} names them too.
   */
  public static synchronized ThreadHookSession join(Properties properties, List<String> implicit) {
    if (current == null) {
      Map<String, String> settings = new LinkedHashMap<>();
      properties.stringPropertyNames().forEach(k -> settings.put(k, properties.getProperty(k)));
      HookRunner runner = HookRunner.resolve(names(HookRunner.HOOKS.from(settings), implicit),
          settings);
      Phase phase = TRANSACTIONS.from(settings) ? Phase.RUN : Phase.LOAD;
      ThreadHookSession session = new ThreadHookSession(runner, phase, THREADS.from(settings));
      if (runner.isEmpty()) {
        // nothing to coordinate: every thread gets its own session that does nothing
        return session;
      }
      current = session;
      Runtime.getRuntime().addShutdownHook(current.shutdownHook);
    }
    current.joined++;
    return current;
  }

  /**
   * Checks {@code hooks} and the named hooks' settings as {@link #join} would, recording each
   * problem in {@code problems}; joins nothing and changes nothing.
   */
  public static void check(Map<String, String> settings, List<String> implicit,
      ConfigurationProblems problems) {
    int before = problems.reports();
    String named = problems.from(HookRunner.HOOKS, settings);
    if (problems.reports() == before) {
      problems.check(() -> HookRunner.resolve(names(named, implicit), settings));
    }
  }

  private static String names(String named, List<String> implicit) {
    List<String> all = new ArrayList<>(Arrays.stream(named.split(",")).map(String::trim)
        .filter(n -> !n.isEmpty()).toList());
    implicit.stream().filter(n -> !all.contains(n)).forEach(all::add);
    return String.join(",", all);
  }

  /**
   * Runs every hook's {@code before} if no thread has yet; later threads wait for it. When it
   * failed, every thread gets the same failure.
   */
  public void before() {
    synchronized (ThreadHookSession.class) {
      if (!beforeDone) {
        beforeDone = true;
        try {
          runner.before(phase);
        } catch (RuntimeException e) {
          // HookRunner has already restored the hooks it started.
          beforeFailure = e;
          firstFailure = e.getMessage();
        }
      }
      if (beforeFailure != null) {
        throw beforeFailure;
      }
    }
  }

  /**
   * A thread is done: after {@code cleanup()}, or after an {@code init()} that failed. The last
   * thread runs every hook's {@code after}.
   *
   * @param failure why this thread failed, empty when it finished cleanly
   */
  public void leave(Optional<String> failure) {
    synchronized (ThreadHookSession.class) {
      if (failure.isPresent() && firstFailure == null) {
        firstFailure = failure.get();
      }
      left++;
      if (left >= expected && left >= joined) {
        end(firstFailure == null ? PhaseOutcome.success() : PhaseOutcome.failed(firstFailure));
      }
    }
  }

  private void endOnExit() {
    synchronized (ThreadHookSession.class) {
      if (!ended) {
        end(PhaseOutcome.failed("the JVM exited after " + left + " of " + expected
            + " client threads had finished"));
      }
    }
  }

  private void end(PhaseOutcome outcome) {
    ended = true;
    if (current == this) {
      current = null;
    }
    try {
      if (beforeFailure == null && beforeDone) {
        runner.after(phase, outcome);
      }
    } finally {
      if (!runner.state().isEmpty()) {
        System.err.println("[ycsb-mongo-ext] platform state: " + runner.state().components());
      }
      if (!runner.isEmpty() && Thread.currentThread() != shutdownHook) {
        try {
          Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException exiting) {
          // the JVM is already shutting down; the hook has nothing left to do
        }
      }
    }
  }

  /** The runner, for its recorded platform state. */
  public HookRunner runner() {
    return runner;
  }
}
