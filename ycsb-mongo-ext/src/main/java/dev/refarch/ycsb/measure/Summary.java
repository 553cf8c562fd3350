package dev.refarch.ycsb.measure;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What a client (or a merged trial) measured: one {@link OperationSummary} per operation type,
 * over the window after warm-up.
 *
 * @param startEpochMs first operation's start
 * @param measuredFromEpochMs start of the measured window (end of warm-up)
 * @param endEpochMs last operation's end
 * @param warmup the warm-up setting
 * @param warmupOperations operations left out as warm-up
 * @param operations per operation type, in {@link Operation} order
 * @param notes caveats every reader must see, e.g. why response times are missing
 */
public record Summary(long startEpochMs, long measuredFromEpochMs, long endEpochMs, Warmup warmup,
    long warmupOperations, List<OperationSummary> operations, List<String> notes) {

  /** Identifies the JSON layout, bumped on incompatible change. */
  public static final String FORMAT = "ycsb-mongo-refarch/summary/1";

  public Summary {
    Objects.requireNonNull(warmup, "warmup");
    operations = List.copyOf(operations);
    notes = List.copyOf(notes);
  }

  /** Seconds in the measured window. */
  public double measuredSeconds() {
    return Math.max(0, endEpochMs - measuredFromEpochMs) / 1000.0;
  }

  /** The summary of {@code operation}, if it ran. */
  public java.util.Optional<OperationSummary> operation(String operation) {
    return operations.stream().filter(o -> o.operation().equals(operation)).findFirst();
  }

  /** Counts per status over all operation types. */
  public Map<String, Long> totals() {
    Map<String, Long> t = new java.util.TreeMap<>();
    operations.forEach(o -> o.counts().forEach((k, v) -> t.merge(k, v, Long::sum)));
    return t;
  }
}
