package dev.refarch.experiments.trial;

import java.util.List;
import java.util.logging.ConsoleHandler;
import java.util.logging.Formatter;
import java.util.logging.Level;
import java.util.logging.LogManager;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * Quiet logging for the command line and its client JVMs: libraries (the MongoDB driver,
 * Testcontainers, fabric8) log through SLF4J or {@code java.util.logging}, and the command line's
 * class path routes SLF4J to {@code java.util.logging}; this sets that to warnings only — the
 * driver's to errors only, since the runner reports what it needs of cluster trouble itself —
 * each as one line. Verbose: everything from INFO on. A {@code java.util.logging.config.file}
 * given by the user wins: then nothing is changed.
 *
 * <p>Call once at start-up, before libraries log; thread-safe as {@link LogManager} is.
 */
public final class Logging {

  /** Held so that the levels set here are not lost when the loggers are collected. */
  private static final List<Logger> CONFIGURED = new java.util.concurrent.CopyOnWriteArrayList<>();

  private Logging() {
  }

  /** Sets the levels; {@code verbose} logs from INFO on. */
  public static void configure(boolean verbose) {
    if (System.getProperty("java.util.logging.config.file") != null
        || System.getProperty("java.util.logging.config.class") != null) {
      return;
    }
    LogManager.getLogManager().reset();
    Level level = verbose ? Level.INFO : Level.WARNING;
    Logger root = Logger.getLogger("");
    root.setLevel(level);
    ConsoleHandler handler = new ConsoleHandler();
    handler.setLevel(level);
    handler.setFormatter(new OneLine());
    root.addHandler(handler);
    Logger driver = Logger.getLogger("org.mongodb.driver");
    driver.setLevel(verbose ? Level.INFO : Level.SEVERE);
    CONFIGURED.add(root);
    CONFIGURED.add(driver);
  }

  /** {@code WARNING org.testcontainers.X: message}, then the stack trace if there is one. */
  private static final class OneLine extends Formatter {
    @Override
    public String format(LogRecord r) {
      StringBuilder b = new StringBuilder(r.getLevel().getName()).append(' ')
          .append(r.getLoggerName()).append(": ").append(formatMessage(r))
          .append(System.lineSeparator());
      if (r.getThrown() != null) {
        java.io.StringWriter trace = new java.io.StringWriter();
        r.getThrown().printStackTrace(new java.io.PrintWriter(trace));
        b.append(trace);
      }
      return b.toString();
    }
  }
}
