package dev.refarch.experiments.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** The change between two points, its interval, and how many repetitions would decide it. */
class EffectTest {

  private static final Interval UP = new Interval(0, Double.POSITIVE_INFINITY);

  @Test
  void aRatioOfGeometricMeansWithWelchsIntervalOnTheLogs() {
    Effect e = Effect.between(LogEstimate.ofRepetitions(2410, 2380, 2502),
        LogEstimate.ofRepetitions(1650, 1702, 1611));
    double expected = Math.exp((Math.log(2410) + Math.log(2380) + Math.log(2502)) / 3
        - (Math.log(1650) + Math.log(1702) + Math.log(1611)) / 3) - 1;
    assertThat(e.pct()).isCloseTo(expected * 100, within(1e-9));
    assertThat(e.ci95().orElseThrow().low()).isGreaterThan(30);
    assertThat(e.ci95().orElseThrow().within(UP)).isTrue();
    assertThat(e.method()).startsWith("Welch's t on the logs of 3 and 3 repetitions (df ");
    assertThat(e.toString()).startsWith("+46.");
  }

  @Test
  void oneTrialWithoutIntervalsHasNoIntervalAndNeedsOneMoreRepetition() {
    Effect e = Effect.between(LogEstimate.single(12_000), LogEstimate.ofRepetitions(3_000, 3_500));
    assertThat(e.ci95()).isEmpty();
    assertThat(e.pct()).isCloseTo(12_000 / Math.sqrt(3_000 * 3_500.0) * 100 - 100, within(1e-9));
    assertThat(e.method()).isEqualTo("no interval: one trial at the measured point, and no"
        + " per-interval figures to bootstrap (a figure without them, or fewer than 4 intervals)");
    assertThat(e.morePerPoint(UP, 20)).hasValue(1);
  }

  @Test
  void aWideIntervalAcrossZeroSaysHowManyMoreRepetitionsWouldDecide() {
    Effect e = Effect.between(LogEstimate.ofRepetitions(1120, 1060), LogEstimate.ofRepetitions(
        1000, 1040));
    assertThat(e.ci95().orElseThrow().contains(0)).isTrue();
    int more = e.morePerPoint(UP, 50).orElseThrow();
    assertThat(more).isBetween(1, 50);
    // the repetitions it asks for would indeed put the same scatter's interval above 0
    double[] m = new double[2 + more];
    double[] b = new double[2 + more];
    for (int i = 0; i < m.length; i++) {
      m[i] = i % 2 == 0 ? 1120 : 1060;
      b[i] = i % 2 == 0 ? 1000 : 1040;
    }
    assertThat(Effect.between(LogEstimate.ofRepetitions(m), LogEstimate.ofRepetitions(b)).ci95()
        .orElseThrow().low()).isGreaterThan(0);
  }

  @Test
  void anEstimateOnABandsEdgeCannotBeDecidedByRepeating() {
    Effect e = Effect.between(LogEstimate.ofRepetitions(1000, 1100), LogEstimate.ofRepetitions(
        1100, 1000));
    assertThat(e.pct()).isCloseTo(0, within(1e-9));
    assertThat(e.morePerPoint(UP, 50)).isEmpty();
  }

  @Test
  void zerosAreComparedOnTheLinearScaleAgainstTheBasesMean() {
    Effect e = Effect.between(LogEstimate.ofRepetitions(0, 2, 1), LogEstimate.ofRepetitions(4, 6,
        5));
    assertThat(e.measured().log()).isFalse();
    assertThat(e.pct()).isCloseTo(-80, within(1e-9));
    assertThat(e.ci95().orElseThrow().contains(-80)).isTrue();
    assertThat(Effect.between(LogEstimate.ofRepetitions(1, 2), LogEstimate.ofRepetitions(0, 0))
        .ci95()).isEmpty();
  }

  @Test
  void aChangeFromZeroIsInfiniteAndNoChangeFromZeroIsNone() {
    assertThat(Effect.change(5, 0)).isInfinite().isPositive();
    assertThat(Effect.change(-5, 0)).isInfinite().isNegative();
    assertThat(Effect.change(0, 0)).isZero();
    assertThat(Effect.change(750, 1000)).isEqualTo(-25.0);
    assertThat(Effect.change(-750, -1000)).as("from a negative base, up is up").isEqualTo(25.0);
  }
}
