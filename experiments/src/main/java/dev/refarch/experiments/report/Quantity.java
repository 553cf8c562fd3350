package dev.refarch.experiments.report;

import dev.refarch.platform.spi.config.ConfigurationException;
import dev.refarch.platform.spi.config.Suggestions;
import java.util.Arrays;
import java.util.List;

/**
 * A figure a report shows and a plan's reference names: throughput, a latency statistic, the
 * interruption after a fault, or acknowledged writes lost.
 *
 * <p>Latencies are service times in milliseconds from the trial's merged HDR histograms;
 * throughput is operations per second over the merged measured window, summed over operation
 * types for {@code OVERALL}; documents and bytes are means per scan.
 */
public enum Quantity {
  THROUGHPUT("throughput", "ops/s"),
  MEAN("mean", "ms"),
  P50("p50", "ms"),
  P90("p90", "ms"),
  P95("p95", "ms"),
  P99("p99", "ms"),
  P999("p99.9", "ms"),
  P9999("p99.99", "ms"),
  MAX("max", "ms"),
  /** Longest client-observed gap after a fault, from {@code trial.json}'s {@code faults}. */
  INTERRUPTION("interruption", "ms"),
  /**
   * Acknowledged writes the audit found lost, from {@code trial.json}'s {@code audit}: inserts
   * missing and updates the final records do not show; {@code OVERALL} is both together.
   */
  LOST_WRITES("lost-writes", "count"),
  /**
   * Writes the clients logged as acknowledged, from {@code trial.json}'s {@code audit}: per
   * {@code INSERT} and {@code UPDATE}, and both together as {@code OVERALL}.
   */
  ACKNOWLEDGED_WRITES("acknowledged-writes", "count"),
  /**
   * Documents of the audited collection in the members' rollback files, from
   * {@code trial.json}'s {@code audit.rollback}: the server's own record of what it removed.
   */
  ROLLED_BACK("rolled-back", "count"),
  /** Documents per operation (scans), the mean over the measured window. */
  DOCUMENTS("documents", "docs/op"),
  /** BSON bytes per operation (scans), the mean over the measured window. */
  BYTES("bytes", "bytes/op");

  /** The operation name that stands for all operation types together. */
  public static final String OVERALL = "OVERALL";

  private final String label;
  private final String unit;

  Quantity(String label, String unit) {
    this.label = label;
    this.unit = unit;
  }

  /** The name in plan.json and in the report's outputs, e.g. {@code p99.9}. */
  public String label() {
    return label;
  }

  /** {@code ops/s}, {@code ms} or {@code count}. */
  public String unit() {
    return unit;
  }

  /** Whether this is a statistic of the latency histogram. */
  public boolean isLatency() {
    return unit.equals("ms") && this != INTERRUPTION;
  }

  /** Every label, in declaration order. */
  public static List<String> labels() {
    return Arrays.stream(values()).map(Quantity::label).toList();
  }

  /**
   * The metric called {@code label}.
   *
   * @param field where the label was read, e.g. {@code references[2].metric}, for the message
   * @throws ConfigurationException naming the field, the allowed labels and the closest one
   */
  public static Quantity parse(String field, String label) {
    for (Quantity m : values()) {
      if (m.label.equals(label)) {
        return m;
      }
    }
    throw new ConfigurationException(field, label, String.join(", ", labels()),
        label == null ? null
            : Suggestions.closest(label, labels()).map(c -> "did you mean '" + c + "'?").orElse(null));
  }
}
