package dev.refarch.ycsb.measure;

/**
 * Which latency a histogram holds; every output labels its figures with one of these.
 */
public enum LatencyKind {
  /** From the moment the operation was issued to its completion: what the database took. */
  SERVICE("service"),
  /**
   * From the moment the operation was due under the target throughput to its completion: what a
   * user of a system that kept the schedule would have waited, queueing included — the figure
   * that is free of coordinated omission. Only recorded when a target throughput is set.
   */
  RESPONSE("response");

  private final String label;

  LatencyKind(String label) {
    this.label = label;
  }

  public String label() {
    return label;
  }
}
