package dev.refarch.testcontainers.slo;

import dev.refarch.experiments.results.TrialResult;
import dev.refarch.platform.spi.Phase;
import dev.refarch.ycsb.measure.LatencyKind;
import dev.refarch.ycsb.measure.Summary;
import java.time.Duration;
import java.util.Locale;
import java.util.Objects;

/**
 * Fluent assertions of service-level objectives on a YCSB trial's result, for JUnit (or any)
 * tests. A violation throws {@link SloViolation}, whose message shows the trial, its target and
 * achieved throughput, and the operation's whole measured spectrum (count, mean, p50 … p99.99,
 * max).
 *
 * <p>Not thread-safe; one chain per assertion.
 *
 * <pre>{@code
 * SloAssert.assertThat(result)
 *     .throughputIsAtLeast(950)
 *     .operation("UPDATE").percentile(99).isBelow(Duration.ofMillis(10))
 *     .operation("READ").responseTime().percentile(99.9).isBelow(Duration.ofMillis(20));
 * }</pre>
 */
public final class SloAssert {

  private final TrialResult result;

  private SloAssert(TrialResult result) {
    this.result = Objects.requireNonNull(result, "result");
  }

  public static SloAssert assertThat(TrialResult result) {
    return new SloAssert(result);
  }

  /** Assertions on one operation type ({@code UPDATE}, {@code READ}, {@code SCAN}, …). */
  public OperationAssert operation(String operation) {
    return new OperationAssert(this, operation, LatencyKind.SERVICE);
  }

  /**
   * Asserts that the run phase achieved at least {@code opsPerSecond}, all operation types
   * together, over its measured window.
   */
  public SloAssert throughputIsAtLeast(double opsPerSecond) {
    Summary s = result.summary(Phase.RUN).orElseThrow(() -> new SloViolation("throughput",
        Double.NaN, "SLO not judged: throughput at least " + opsPerSecond
            + " ops/s: the trial has no measured run phase\n  " + RunFacts.trial(result)
            + (result.succeeded() ? "" : "\n  failures: " + String.join("; ", result.failures()))));
    double achieved = RunFacts.throughput(s);
    if (!(achieved >= opsPerSecond)) {
      String objective = String.format(Locale.ROOT, "throughput at least %.1f ops/s", opsPerSecond);
      throw new SloViolation(objective, Double.NaN, "SLO violated: " + objective + "\n  "
          + RunFacts.trial(result) + "\n  " + RunFacts.run(result) + "\n  counts: "
          + Spectrum.counts(s.totals()));
    }
    return this;
  }

  /** Assertions on one operation's latency. */
  public static final class OperationAssert {
    private final SloAssert parent;
    private final String operation;
    private final LatencyKind kind;

    private OperationAssert(SloAssert parent, String operation, LatencyKind kind) {
      this.parent = parent;
      this.operation = operation;
      this.kind = kind;
    }

    /** Judge service time (issue to completion); the default. */
    public OperationAssert serviceTime() {
      return new OperationAssert(parent, operation, LatencyKind.SERVICE);
    }

    /** Judge response time (due time to completion; needs a target throughput). */
    public OperationAssert responseTime() {
      return new OperationAssert(parent, operation, LatencyKind.RESPONSE);
    }

    /** The percentile to judge, in (0, 100], e.g. {@code 99} or {@code 99.9}. */
    public PercentileAssert percentile(double percentile) {
      return new PercentileAssert(parent, operation, kind, percentile);
    }
  }

  /** The last step: the limit. */
  public static final class PercentileAssert {
    private final SloAssert parent;
    private final String operation;
    private final LatencyKind kind;
    private final double percentile;

    private PercentileAssert(SloAssert parent, String operation, LatencyKind kind,
        double percentile) {
      this.parent = parent;
      this.operation = operation;
      this.kind = kind;
      this.percentile = percentile;
    }

    /**
     * Asserts that the percentile is strictly below {@code limit}.
     *
     * @throws SloViolation when it is not, or when the trial cannot be judged
     */
    public SloAssert isBelow(Duration limit) {
      new Slo(operation, percentile, limit, kind).check(parent.result);
      return parent;
    }
  }
}
