package dev.refarch.ycsb.measure;

/**
 * A quantity measured per operation besides its latency — documents and bytes a scan returned —
 * recorded beside the latency in every output: the HDR log (tag {@code SCAN.documents},
 * {@code SCAN.bytes}), {@code summary.json} and {@code summary.csv}.
 */
public enum Metric {
  /** Documents one scan returned. */
  SCAN_DOCUMENTS(Operation.SCAN, "documents"),
  /** BSON bytes of the documents one scan returned, as the server sent them (after projection). */
  SCAN_BYTES(Operation.SCAN, "bytes");

  private static final Metric[] ALL = values();

  private final Operation operation;
  private final String unit;

  Metric(Operation operation, String unit) {
    this.operation = operation;
    this.unit = unit;
  }

  /** The operation the quantity belongs to. */
  public Operation operation() {
    return operation;
  }

  /** What is counted, also the metric's name in the outputs: {@code documents}, {@code bytes}. */
  public String unit() {
    return unit;
  }

  /** The HDR log tag of the measured part, e.g. {@code SCAN.documents}. */
  public String tag() {
    return operation.label() + "." + unit;
  }

  static int count() {
    return ALL.length;
  }

  static Metric at(int ordinal) {
    return ALL[ordinal];
  }
}
