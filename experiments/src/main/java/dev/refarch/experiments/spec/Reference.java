package dev.refarch.experiments.spec;

import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * A figure the paper reports, for the trial with these parameters, and what of it transfers to a
 * re-run: reports show it beside the measured value and give a verdict per reference — agrees,
 * disagrees, or not comparable here and why.
 *
 * @param parameters the sweep point it belongs to (a subset of a trial's parameters)
 * @param metric {@code throughput}, a latency metric ({@code mean}, {@code p99}, …),
 *     {@code interruption} or {@code lost-writes}
 * @param operation YCSB operation, or {@code OVERALL} for throughput over all operations
 * @param value the paper's number, when it states one (some state only a direction)
 * @param unit e.g. {@code ops/s}, {@code ms}, {@code s}
 * @param source where in the paper, e.g. {@code Table 5}
 * @param transfer what carries over: a shape against the baseline, or the platform only
 * @param against the point the change is measured against, when not the study's baseline
 *     (parameters of this experiment, or of {@code againstExperiment})
 * @param againstExperiment another experiment of the same results folder holding that point
 *     (D2 against D1), if any
 */
public record Reference(Map<String, String> parameters, String metric, String operation,
    OptionalDouble value, String unit, String source, Transfer transfer,
    Map<String, String> against, Optional<String> againstExperiment) {

  public static final String METRICS = "throughput, mean, p50, p90, p95, p99, p99.9, p99.99, max,"
      + " interruption, lost-writes";

  public Reference {
    parameters = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(parameters));
    Objects.requireNonNull(transfer, "transfer");
    against = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(against));
    Objects.requireNonNull(againstExperiment, "againstExperiment");
  }

  /** A figure with a value and nothing declared about what transfers. */
  public Reference(Map<String, String> parameters, String metric, String operation,
      double value, String unit, String source) {
    this(parameters, metric, operation, OptionalDouble.of(value), unit, source,
        new Transfer.Undeclared(), Map.of(), Optional.empty());
  }
}
