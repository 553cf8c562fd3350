package dev.refarch.ycsb.measure;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The summary of one operation type over the measured part of a run (after warm-up).
 *
 * @param operation YCSB's name, e.g. {@code READ}
 * @param counts operations per YCSB status name
 * @param throughput operations per second over the measured window, all statuses
 * @param serviceTime latency from issue to completion, successful operations only
 * @param responseTime latency from the due time to completion, when recorded
 * @param metrics quantities per successful operation by unit ({@code documents}, {@code bytes}
 *     for scans), in {@link Metric} order; empty for operations without any
 */
public record OperationSummary(String operation, Map<String, Long> counts, double throughput,
    LatencyStats serviceTime, Optional<LatencyStats> responseTime, Map<String, MetricStats> metrics) {

  public OperationSummary {
    Objects.requireNonNull(operation, "operation");
    counts = Collections.unmodifiableMap(new TreeMap<>(counts));
    Objects.requireNonNull(serviceTime, "serviceTime");
    Objects.requireNonNull(responseTime, "responseTime");
    metrics = Collections.unmodifiableMap(new LinkedHashMap<>(metrics));
  }

  /** An operation without per-operation quantities. */
  public OperationSummary(String operation, Map<String, Long> counts, double throughput,
      LatencyStats serviceTime, Optional<LatencyStats> responseTime) {
    this(operation, counts, throughput, serviceTime, responseTime, Map.of());
  }

  /** All operations, whatever their status. */
  public long total() {
    return counts.values().stream().mapToLong(Long::longValue).sum();
  }
}
