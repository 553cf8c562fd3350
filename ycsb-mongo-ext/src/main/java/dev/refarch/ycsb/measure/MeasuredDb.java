package dev.refarch.ycsb.measure;

import dev.refarch.platform.spi.config.ConfigurationException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * Adds this library's measurements — HDR interval logs, the timeline, warm-up exclusion, the JSON
 * and CSV summary — to any YCSB binding, for authors of custom bindings:
 *
 * <pre>
 * bin/ycsb run -db dev.refarch.ycsb.measure.MeasuredDb -p measurement.delegate=site.ycsb.BasicDB \
 *     -p measurement.dir=out/client-1 -P workloads/workloada
 * </pre>
 *
 * <p>Not thread-safe: YCSB gives each thread its own instance, which wraps its own delegate.
 */
public class MeasuredDb extends DB {

  /** Where outputs go when {@code measurement.dir} is unset. */
  public static final Path DEFAULT_DIR = Path.of("ycsb-measurements");

  private DB delegate;
  private ThreadMeter meter;

  @Override
  public void init() throws DBException {
    Properties p = getProperties();
    MeasurementSettings settings;
    try {
      settings = MeasurementSettings.fromProperties(p, DEFAULT_DIR);
      delegate = instantiate(MeasurementProperties.DELEGATE.from(p));
    } catch (IllegalArgumentException e) {
      throw new DBException(e.getMessage(), e);
    }
    delegate.setProperties(p);
    delegate.init();
    try {
      meter = MeasurementSession.join(settings);
    } catch (RuntimeException e) {
      delegate.cleanup();
      throw new DBException(e.getMessage(), e);
    }
  }

  private static DB instantiate(String className) {
    String key = MeasurementProperties.DELEGATE.key();
    if (className == null) {
      throw new ConfigurationException(key, null, "the class name of a YCSB binding (a site.ycsb.DB)");
    }
    try {
      Class<?> type = Class.forName(className, true, MeasuredDb.class.getClassLoader());
      if (!DB.class.isAssignableFrom(type)) {
        throw new ConfigurationException(key, className, "a subclass of site.ycsb.DB");
      }
      if (type == MeasuredDb.class) {
        throw new ConfigurationException(key, className, "a binding other than MeasuredDb itself");
      }
      return (DB) type.getDeclaredConstructor().newInstance();
    } catch (ClassNotFoundException e) {
      throw new ConfigurationException(key, className, "a class on the class path",
          "no such class");
    } catch (ReflectiveOperationException e) {
      throw new ConfigurationException(key, className, "a class with a public no-argument constructor",
          e.getClass().getSimpleName());
    }
  }

  @Override
  public void cleanup() throws DBException {
    try {
      delegate.cleanup();
    } finally {
      MeasurementSession.leave(meter);
    }
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    long start = meter.start();
    Status status = delegate.read(table, key, fields, result);
    meter.record(Operation.READ, start, status);
    return status;
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
      Vector<HashMap<String, ByteIterator>> result) {
    long start = meter.start();
    Status status = delegate.scan(table, startkey, recordcount, fields, result);
    meter.record(Operation.SCAN, start, status);
    return status;
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    long start = meter.start();
    Status status = delegate.update(table, key, values);
    meter.record(Operation.UPDATE, start, status);
    return status;
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    long start = meter.start();
    Status status = delegate.insert(table, key, values);
    meter.record(Operation.INSERT, start, status);
    return status;
  }

  @Override
  public Status delete(String table, String key) {
    long start = meter.start();
    Status status = delegate.delete(table, key);
    meter.record(Operation.DELETE, start, status);
    return status;
  }
}
