package dev.refarch.ycsb.mongo;

import java.util.Properties;
import site.ycsb.measurements.Measurements;

/**
 * Reports what each scan returned to YCSB's own measurements, so that it appears in YCSB's output
 * beside the {@code [SCAN]} latency: {@value #DOCUMENTS} (documents per scan) and {@value #BYTES}
 * (BSON bytes per scan). YCSB prints every measurement with latency labels, so its
 * {@code AverageLatency(us)} line of these two is the mean documents or bytes per scan.
 *
 * <p>With {@code measurement.interval=intended} YCSB keeps only "intended" measurements, so the
 * values go there ({@code [Intended-SCAN-DOCUMENTS]}). Thread-safe, as YCSB's measurements are.
 */
final class ScanMeasurements {

  static final String DOCUMENTS = "SCAN-DOCUMENTS";
  static final String BYTES = "SCAN-BYTES";

  private final Measurements ycsb;
  private final boolean intendedOnly;

  ScanMeasurements(Properties properties) {
    // Measurements.getMeasurements() synchronises on the class: look it up once, not per scan
    this.ycsb = Measurements.getMeasurements();
    this.intendedOnly = "intended".equals(properties.getProperty("measurement.interval", "op"));
  }

  void record(int documents, long bytes) {
    int b = (int) Math.min(bytes, Integer.MAX_VALUE);
    if (intendedOnly) {
      ycsb.measureIntended(DOCUMENTS, documents);
      ycsb.measureIntended(BYTES, b);
    } else {
      ycsb.measure(DOCUMENTS, documents);
      ycsb.measure(BYTES, b);
    }
  }
}
