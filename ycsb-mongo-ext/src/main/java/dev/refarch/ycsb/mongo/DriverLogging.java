package dev.refarch.ycsb.mongo;

import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Keeps the MongoDB driver quiet in a JVM without SLF4J, such as plain {@code bin/ycsb}: there
 * the driver logs nothing at all, but first warns on {@code java.util.logging} that SLF4J is
 * missing — one line of noise before every YCSB run. The binding prints its own effective
 * settings and errors, so the driver's {@code org.mongodb.driver} logger is set to
 * {@code SEVERE}, and only when nobody configured logging: SLF4J absent, no
 * {@code java.util.logging.config.file}, no level set on that logger. With SLF4J present the
 * driver logs through it as its user configured.
 *
 * <p>Thread-safe; the first call decides.
 */
public final class DriverLogging {

  /** Held so that the level is not lost with a logger {@code java.util.logging} drops. */
  private static Logger driver;

  private DriverLogging() {
  }

  /** Applies the rule above once; later calls do nothing. */
  public static synchronized void quietWithoutSlf4j() {
    if (driver != null) {
      return;
    }
    driver = Logger.getLogger("org.mongodb.driver");
    if (!slf4jPresent() && System.getProperty("java.util.logging.config.file") == null
        && driver.getLevel() == null) {
      driver.setLevel(Level.SEVERE);
    }
  }

  private static boolean slf4jPresent() {
    try {
      Class.forName("org.slf4j.Logger", false, DriverLogging.class.getClassLoader());
      return true;
    } catch (ClassNotFoundException e) {
      return false;
    }
  }
}
