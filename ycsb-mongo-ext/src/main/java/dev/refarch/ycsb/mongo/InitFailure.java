package dev.refarch.ycsb.mongo;

import dev.refarch.platform.spi.Redaction;
import dev.refarch.platform.spi.config.ConfigurationException;
import java.io.PrintStream;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import site.ycsb.DBException;
import site.ycsb.WorkloadException;

/**
 * Makes a failed {@code init()} (of the binding or of {@code RefarchWorkload}) visible to a
 * pipeline. YCSB 0.17's {@code Client} prints such a failure's stack trace twice per thread (on
 * standard error and standard output), carries on with the other threads and exits 0. Inside
 * YCSB's {@code Client} this class prints the failure once per JVM as one line,
 * {@code [ycsb-mongo-ext] init failed: ...}, and, with {@code mongodb.initFailure=exit} (the
 * default), ends the JVM with {@value #BAD_SETTINGS} for bad settings or {@value #FAILED} for
 * anything else (an unreachable server, a platform hook that failed). JVM shutdown hooks still
 * run, so platform hooks restore what they changed. Embedded use (no YCSB {@code Client} on the
 * stack) only gets the exception.
 *
 * <p>Thread-safe.
 */
public final class InitFailure {

  /** Exit code for bad settings, as for every bad input of this project. */
  public static final int BAD_SETTINGS = 2;
  /** Exit code for any other failure of {@code init()}. */
  public static final int FAILED = 1;
  /** The first words of the one line printed. */
  public static final String PREFIX = "[ycsb-mongo-ext] init failed: ";

  private static final Set<String> PRINTED = ConcurrentHashMap.newKeySet();

  /** What happens after the line is printed ({@code mongodb.initFailure}). */
  public enum Mode {
    /** End the JVM with a non-zero exit code. */
    EXIT,
    /** Throw, and let YCSB's {@code Client} carry on as it does (it exits 0). */
    THROW;

    public String label() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  private InitFailure() {
  }

  /**
   * The exception a failed binding {@code init()} throws; inside YCSB's {@code Client} the failure
   * is printed first, and with {@link Mode#EXIT} this does not return.
   */
  static DBException binding(Map<?, ?> properties, RuntimeException cause) {
    String message = Redaction.maskUri(cause.getMessage());
    return report(properties, message, cause) ? new Quiet(message, cause)
        : new DBException(message, cause);
  }

  /** As {@link #binding}, for {@code RefarchWorkload.init}. */
  public static WorkloadException workload(Map<?, ?> properties, RuntimeException cause) {
    String message = Redaction.maskUri(cause.getMessage());
    return report(properties, message, cause) ? new QuietWorkload(message, cause)
        : new WorkloadException(message, cause);
  }

  /**
   * Prints and maybe exits when under YCSB's Client; true when it printed (or had printed).
   * Synchronized: YCSB's threads fail together, and one that found the message already claimed
   * must not exit the JVM before the thread that claimed it has printed it (seen in CI: the run
   * ended with no line at all).
   */
  private static synchronized boolean report(Map<?, ?> properties, String message,
      RuntimeException cause) {
    if (!underYcsbClient()) {
      return false;
    }
    if (PRINTED.add(message)) {
      System.err.println(PREFIX + message);
      System.err.flush();
    }
    if (mode(properties) == Mode.EXIT) {
      System.exit(exitCode(cause));
    }
    return true;
  }

  /** {@value #BAD_SETTINGS} when the cause is a bad setting, else {@value #FAILED}. */
  public static int exitCode(Throwable cause) {
    for (Throwable t = cause; t != null; t = t.getCause()) {
      if (t instanceof ConfigurationException) {
        return BAD_SETTINGS;
      }
    }
    return FAILED;
  }

  private static Mode mode(Map<?, ?> properties) {
    try {
      return MongoProperties.INIT_FAILURE.from(properties);
    } catch (ConfigurationException e) {
      return Mode.EXIT; // the bad value is among the problems reported
    }
  }

  /** Prints a failure again in the next run (a JVM that runs YCSB more than once). */
  static void reset() {
    PRINTED.clear();
  }

  /**
   * Whether YCSB's {@code Client} (its main thread or a client thread), or this library's
   * in-process run of it, is the caller.
   */
  private static boolean underYcsbClient() {
    return StackWalker.getInstance().walk(frames -> frames.anyMatch(f ->
        f.getClassName().equals("site.ycsb.ClientThread")
            || f.getClassName().equals("site.ycsb.Client")
            || f.getClassName().equals("dev.refarch.ycsb.launch.InProcessClient")));
  }

  /** Already printed as one line: YCSB's two stack traces per thread would only repeat it. */
  private static final class Quiet extends DBException {
    private static final long serialVersionUID = 1L;

    Quiet(String message, Throwable cause) {
      super(message, cause);
    }

    @Override
    public void printStackTrace(PrintStream s) {
      // printed once by InitFailure
    }
  }

  private static final class QuietWorkload extends WorkloadException {
    private static final long serialVersionUID = 1L;

    QuietWorkload(String message, Throwable cause) {
      super(message, cause);
    }

    @Override
    public void printStackTrace(PrintStream s) {
      // printed once by InitFailure
    }
  }
}
