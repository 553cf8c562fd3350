package dev.refarch.experiments.spec;

import java.util.Map;

/**
 * A figure the paper reports, for the trial with these parameters; reports show it beside the
 * measured value as relative change against the study's baseline.
 *
 * @param parameters the sweep point it belongs to (a subset of a trial's parameters)
 * @param metric {@code throughput}, a latency metric ({@code mean}, {@code p99}, …),
 *     {@code interruption} or {@code lost-writes}
 * @param operation YCSB operation, or {@code OVERALL} for throughput over all operations
 * @param value the paper's number
 * @param unit e.g. {@code ops/s}, {@code ms}, {@code s}
 * @param source where in the paper, e.g. {@code Table 5}
 */
public record Reference(Map<String, String> parameters, String metric, String operation,
    double value, String unit, String source) {

  public static final String METRICS = "throughput, mean, p50, p90, p95, p99, p99.9, p99.99, max,"
      + " interruption, lost-writes";

  public Reference {
    parameters = Map.copyOf(parameters);
  }
}
