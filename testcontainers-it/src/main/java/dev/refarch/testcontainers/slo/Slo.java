package dev.refarch.testcontainers.slo;

import dev.refarch.experiments.results.TrialResult;
import dev.refarch.platform.spi.Phase;
import dev.refarch.platform.spi.config.ConfigurationException;
import dev.refarch.ycsb.measure.HdrLogs;
import dev.refarch.ycsb.measure.LatencyKind;
import dev.refarch.ycsb.measure.LatencyStats;
import dev.refarch.ycsb.measure.OperationSummary;
import dev.refarch.ycsb.measure.Summary;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import org.HdrHistogram.Histogram;

/**
 * One service-level objective: a percentile of one operation type's latency stays below a limit
 * over a trial's measured run (after warm-up). The percentile is read from the trial's merged HDR
 * log ({@code run.hlog}), so any percentile is exact to the histogram's precision; without the log
 * only the summary's percentiles (50, 90, 95, 99, 99.9, 99.99) can be judged.
 *
 * <p>Immutable and thread-safe.
 *
 * <pre>{@code
 * Slo.of("UPDATE", 99, Duration.ofMillis(10)).check(result);
 * Slo.of("READ", 99.9, Duration.ofMillis(20)).withKind(LatencyKind.RESPONSE).check(result);
 * }</pre>
 *
 * @param operation YCSB's operation name, e.g. {@code UPDATE}, {@code READ}, {@code SCAN}
 * @param percentile in (0, 100]
 * @param limit the measured percentile must be strictly below this
 * @param kind service time (issue to completion, YCSB's usual figure) or response time (due time
 *     to completion, free of coordinated omission; needs a target throughput)
 */
public record Slo(String operation, double percentile, Duration limit, LatencyKind kind) {

  public Slo {
    if (operation == null || operation.isBlank()) {
      throw new ConfigurationException("slo.operation", operation, "a YCSB operation name, e.g."
          + " UPDATE");
    }
    operation = operation.trim().toUpperCase(Locale.ROOT);
    if (!(percentile > 0 && percentile <= 100)) {
      throw new ConfigurationException("slo.percentile", String.valueOf(percentile),
          "a number above 0 and at most 100");
    }
    if (limit == null || limit.isNegative() || limit.isZero()) {
      throw new ConfigurationException("slo.limit", String.valueOf(limit), "a positive duration");
    }
    Objects.requireNonNull(kind, "kind");
  }

  /** The objective on service time. */
  public static Slo of(String operation, double percentile, Duration limit) {
    return new Slo(operation, percentile, limit, LatencyKind.SERVICE);
  }

  public Slo withKind(LatencyKind kind) {
    return new Slo(operation, percentile, limit, kind);
  }

  /** {@code UPDATE service time p99 below 10.0 ms}. */
  public String describe() {
    return operation + " " + kind.label() + " time " + Spectrum.percentile(percentile) + " below "
        + Spectrum.of(limit);
  }

  /**
   * Checks {@code result} against this objective.
   *
   * @return the measured percentile in µs
   * @throws SloViolation when it is not below the limit, or the trial cannot be judged (it
   *     failed, the operation did not run, no latencies of this kind were recorded)
   */
  public double check(TrialResult result) {
    Summary summary = judgeable(result);
    OperationSummary op = summary.operation(operation).orElseThrow(() -> unjudgeable(result,
        operation + " did not run; operations that ran: " + RunFacts.operations(summary)));
    LatencyStats stats = kind == LatencyKind.SERVICE ? op.serviceTime()
        : op.responseTime().orElseThrow(() -> unjudgeable(result, "no response times were"
            + " recorded: they need a target throughput and measurement.interval=intended"
            + (summary.notes().isEmpty() ? "" : "; notes: " + summary.notes())));
    if (stats.count() == 0) {
      throw unjudgeable(result, "no " + operation + " succeeded; counts: "
          + Spectrum.counts(op.counts()));
    }
    double measured = percentileMicros(result, stats);
    if (measured < limit.toNanos() / 1_000.0) {
      return measured;
    }
    throw new SloViolation(describe(), measured, "SLO violated: " + describe() + ", measured "
        + Spectrum.micros(measured) + "\n  " + RunFacts.trial(result) + "\n  " + RunFacts.run(result)
        + "\n  " + operation + ": " + op.total() + " operations (" + Spectrum.counts(op.counts())
        + ")\n  " + operation + " " + kind.label() + " time over " + stats.count()
        + " successful operations: " + Spectrum.of(stats));
  }

  /** The run's summary of a trial that completed. */
  private Summary judgeable(TrialResult result) {
    if (!result.succeeded()) {
      throw unjudgeable(result, "the trial failed: " + String.join("; ", result.failures()));
    }
    return result.summary(Phase.RUN).orElseThrow(() -> unjudgeable(result,
        "it has no measured run phase"));
  }

  private SloViolation unjudgeable(TrialResult result, String why) {
    return new SloViolation(describe(), Double.NaN, "SLO not judged: " + describe() + ": " + why
        + "\n  " + RunFacts.trial(result) + "\n  " + RunFacts.run(result));
  }

  /** From the merged HDR log when there is one, else from the summary's fixed percentiles. */
  private double percentileMicros(TrialResult result, LatencyStats stats) {
    Path log = result.folder() == null ? null : result.folder().resolve("run.hlog");
    if (log != null && Files.isRegularFile(log)) {
      Map<String, Histogram> totals = HdrLogs.totalsByTag(log);
      Histogram h = totals.get(HdrLogs.tag(operation, kind));
      if (h != null && h.getTotalCount() > 0) {
        return h.getValueAtPercentile(percentile) / 1_000.0;
      }
    }
    Double figure = stats.figures().get(Spectrum.percentile(percentile));
    if (figure == null) {
      throw unjudgeable(result, "percentile " + percentile + " needs the trial's run.hlog;"
          + " without it only p50, p90, p95, p99, p99.9 and p99.99 are known");
    }
    return figure;
  }
}
