package dev.refarch.ycsb.mongo;

import dev.refarch.platform.spi.Redaction;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Prints the first few operation errors of a JVM (credentials masked) and only counts the rest, so
 * that a failover with thousands of errors neither floods the console nor slows the clients.
 *
 * <p>Thread-safe and lock-free.
 */
final class ErrorLog {

  static final int PRINTED = 10;

  private static final AtomicLong COUNT = new AtomicLong();

  private ErrorLog() {
  }

  /** Prints the first errors of the next run again (a JVM that runs YCSB more than once). */
  static void reset() {
    COUNT.set(0);
  }

  static void error(String operation, String key, Exception e) {
    long n = COUNT.incrementAndGet();
    if (n <= PRINTED) {
      System.err.println("[ycsb-mongo-ext] " + operation + " " + key + " failed: "
          + e.getClass().getSimpleName() + ": " + Redaction.maskUri(e.getMessage())
          + (n == PRINTED ? " (further errors are counted in YCSB's output, not printed)" : ""));
    }
  }
}
