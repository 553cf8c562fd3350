package dev.refarch.testcontainers.slo;

import dev.refarch.experiments.report.Comparison;
import dev.refarch.experiments.report.FailIf;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;

/**
 * Regression assertions for {@code mvn verify}: today's trials against a stored baseline folder,
 * judged as {@code refarch compare --fail-if} judges them — each figure's change from the
 * baseline with its 95 % confidence interval, failing only when the whole interval lies beyond
 * the threshold, so that noise between runs never fails a build and a real regression does. A
 * failure throws {@link RegressionError} with every matched figure's change, interval, method
 * and why; a bad expression or a figure neither side has throws the configuration error that
 * names it. Repetitions ({@link SloTrial#runRepetitions}) on both sides make the interval cover
 * the scatter between trials; with one trial a side, it covers only the noise within each trial.
 *
 * <p>Not thread-safe; one chain per assertion.
 *
 * <pre>{@code
 * SloTrial.against(cluster).workload("a").target(500).results(Path.of("target/today"))
 *     .runRepetitions(3);
 * BaselineAssert.assertThat(Path.of("target/today/slo"))
 *     .against(Path.of("src/test/resources/baseline/slo"))
 *     .failIf("throughput < -5%")
 *     .failIf("p99(UPDATE) > +10%");
 * }</pre>
 */
public final class BaselineAssert {

  private final Path current;
  private Path baseline;
  private Comparison.Result result;

  private BaselineAssert(Path current) {
    this.current = Objects.requireNonNull(current, "current");
  }

  /**
   * Assertions on the results folder {@code current}: an experiment's, or a folder of trials such
   * as {@link SloTrial} writes ({@code <results>/slo}).
   */
  public static BaselineAssert assertThat(Path current) {
    return new BaselineAssert(current);
  }

  /** The baseline's results folder, of the same experiment or trials of the same names. */
  public BaselineAssert against(Path baseline) {
    this.baseline = Objects.requireNonNull(baseline, "baseline");
    this.result = null;
    return this;
  }

  /**
   * Fails when the change from the baseline lies wholly beyond {@code expression}'s threshold,
   * e.g. {@code "throughput < -5%"} or {@code "p99(UPDATE) > +10%"}.
   *
   * @throws RegressionError when it does, with every matched figure and why
   * @throws dev.refarch.platform.spi.config.ConfigurationException for an expression outside
   *     {@link FailIf#FORM}, or a figure neither side has
   * @throws IllegalStateException without {@link #against}
   */
  public BaselineAssert failIf(String expression) {
    FailIf threshold = FailIf.parse(expression);
    if (baseline == null) {
      throw new IllegalStateException("name the baseline first: .against(Path)");
    }
    if (result == null) {
      result = Comparison.compare(baseline, Map.of(), current, Map.of());
    }
    FailIf.Judgement j = threshold.judge(result.rows());
    if (j.failed()) {
      throw new RegressionError(threshold, "regression: " + threshold.text() + " (baseline "
          + result.a().label() + ", current " + result.b().label() + ")"
          + System.lineSeparator() + "  " + j.message().replace(System.lineSeparator(),
              System.lineSeparator() + "  "));
    }
    return this;
  }
}
