package dev.refarch.ycsb.measure;

import java.lang.reflect.Field;
import java.lang.reflect.InaccessibleObjectException;
import java.util.Optional;
import java.util.Properties;
import site.ycsb.measurements.Measurements;

/**
 * The one piece of YCSB's static state this library uses: YCSB's global {@link Measurements}, and
 * only when YCSB set them up. YCSB's {@code Client} calls {@code Measurements.setProperties} before
 * it creates any {@code DB}; a JUnit test, a JMH benchmark or a custom runner that creates the
 * binding itself does not, and there {@code Measurements.getMeasurements()} throws a
 * {@code NullPointerException}. So callers ask here, and go without YCSB's measurements (keeping
 * this library's own, {@code measurement.dir}) when they are absent.
 *
 * <p>YCSB 0.17.0 has no public way to ask whether its measurements are set up, so this reads the
 * private static field {@code Measurements.measurementproperties}, which {@code setProperties}
 * writes. A YCSB without that field (or a JVM that forbids reading it) is taken to have set them
 * up, as this library assumed before: under YCSB's {@code Client} that is always true.
 * {@link #reset} writes that field and {@code Measurements.singleton} back to null.
 *
 * <p>Thread-safe. YCSB's {@code Client} sets the field before it starts its threads.
 *
 * <pre>{@code
 * Optional<Measurements> ycsb = YcsbGlobals.measurements();   // empty outside YCSB's Client
 * ycsb.ifPresent(m -> m.measure("SCAN-DOCUMENTS", documents));
 * }</pre>
 */
public final class YcsbGlobals {

  private static final Optional<Field> PROPERTIES = field("measurementproperties");
  private static final Optional<Field> SINGLETON = field("singleton");

  private YcsbGlobals() {
  }

  /** YCSB's global measurements when YCSB (or the caller) set them up, else empty. */
  public static Optional<Measurements> measurements() {
    return isSetUp() ? Optional.of(Measurements.getMeasurements()) : Optional.empty();
  }

  /** Whether {@code Measurements.setProperties} has been given properties in this JVM. */
  public static boolean isSetUp() {
    if (PROPERTIES.isEmpty()) {
      return true;
    }
    try {
      return PROPERTIES.get().get(null) instanceof Properties;
    } catch (IllegalAccessException e) {
      throw new IllegalStateException("cannot read " + PROPERTIES.get(), e);
    }
  }

  /**
   * Forgets YCSB's global measurements, as a new JVM would not have them, so that one JVM can run
   * YCSB's client again with fresh ones ({@code dev.refarch.ycsb.launch.InProcessClient}); call it
   * only when no YCSB thread runs.
   *
   * @throws IllegalStateException when this YCSB keeps them elsewhere or the JVM forbids it: then
   *     a second run in this JVM would add to the first one's figures
   */
  public static void reset() {
    if (PROPERTIES.isEmpty() || SINGLETON.isEmpty()) {
      throw new IllegalStateException("this YCSB's Measurements has no fields 'singleton' and"
          + " 'measurementproperties' (YCSB 0.17.0's): cannot run YCSB twice in one JVM");
    }
    try {
      SINGLETON.get().set(null, null);
      PROPERTIES.get().set(null, null);
    } catch (IllegalAccessException e) {
      throw new IllegalStateException("cannot reset YCSB's measurements", e);
    }
  }

  private static Optional<Field> field(String name) {
    try {
      Field f = Measurements.class.getDeclaredField(name);
      f.setAccessible(true);
      return Optional.of(f);
    } catch (NoSuchFieldException | SecurityException | InaccessibleObjectException e) {
      return Optional.empty();
    }
  }
}
