package dev.refarch.ycsb.mongo;

import dev.refarch.ycsb.measure.YcsbGlobals;
import java.util.Properties;
import site.ycsb.Status;
import site.ycsb.measurements.Measurements;

/**
 * What the binding adds to YCSB's own measurements, so that it appears in YCSB's output beside the
 * operations' latencies: per scan, {@value #DOCUMENTS} (documents) and {@value #BYTES} (BSON
 * bytes); per bulk-load round trip, {@value #INSERT_BATCH} (latency in µs and status). YCSB prints
 * every measurement with latency labels, so its {@code AverageLatency(us)} line of the scan
 * figures is the mean documents or bytes per scan.
 *
 * <p>With {@code measurement.interval=intended} YCSB keeps only "intended" measurements, so the
 * values go there ({@code [Intended-SCAN-DOCUMENTS]}). Outside YCSB's {@code Client}, where
 * nobody set YCSB's measurements up ({@link YcsbGlobals}), {@link #NONE} records nothing.
 *
 * <p>Thread-safe, as YCSB's measurements are.
 */
abstract class YcsbMeasurements {

  static final String DOCUMENTS = "SCAN-DOCUMENTS";
  static final String BYTES = "SCAN-BYTES";
  /** Each bulk-load flush's latency. */
  static final String INSERT_BATCH = "INSERT-BATCH";

  /** Records nothing: the binding runs without YCSB's {@code Client}. */
  static final YcsbMeasurements NONE = new YcsbMeasurements() {
    @Override
    void scan(int documents, long bytes) {
    }

    @Override
    void batch(long latencyNanos, Status status) {
    }
  };

  /** YCSB's measurements when its {@code Client} set them up, else {@link #NONE}. */
  static YcsbMeasurements of(Properties properties) {
    boolean intendedOnly = "intended".equals(properties.getProperty("measurement.interval", "op"));
    return YcsbGlobals.measurements().<YcsbMeasurements>map(m -> new Global(m, intendedOnly))
        .orElse(NONE);
  }

  /** Records what one scan returned. */
  abstract void scan(int documents, long bytes);

  /** Records one bulk-load round trip. */
  abstract void batch(long latencyNanos, Status status);

  /** Records into YCSB's global measurements, looked up once rather than per operation. */
  private static final class Global extends YcsbMeasurements {
    private final Measurements ycsb;
    private final boolean intendedOnly;

    Global(Measurements ycsb, boolean intendedOnly) {
      this.ycsb = ycsb;
      this.intendedOnly = intendedOnly;
    }

    @Override
    void scan(int documents, long bytes) {
      measure(DOCUMENTS, documents);
      measure(BYTES, (int) Math.min(bytes, Integer.MAX_VALUE));
    }

    @Override
    void batch(long latencyNanos, Status status) {
      measure(INSERT_BATCH, (int) Math.min(latencyNanos / 1000, Integer.MAX_VALUE));
      ycsb.reportStatus(INSERT_BATCH, status);
    }

    private void measure(String name, int value) {
      if (intendedOnly) {
        ycsb.measureIntended(name, value);
      } else {
        ycsb.measure(name, value);
      }
    }
  }
}
