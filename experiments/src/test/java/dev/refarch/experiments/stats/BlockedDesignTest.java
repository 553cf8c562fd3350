package dev.refarch.experiments.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * The blocked design against the textbook's worked example: Montgomery, <i>Design and Analysis
 * of Experiments</i>, Example 4.1 (vascular graft yield, four extrusion pressures × six batches
 * of resin as blocks; data of Table 4.3, analysis of variance of Table 4.4: error sum of squares
 * 109.89 on 15 degrees of freedom, mean square 7.33). The contrast's interval was computed outside
 * this project with statsmodels 0.15 ({@code ols('y ~ C(pressure) + C(batch)').t_test(...)}):
 * 9100 psi − 8500 psi = −7.05, standard error 1.563, 95 % [−10.3807, −3.7193].
 */
class BlockedDesignTest {

  /** Table 4.3: rows are pressures 8500, 8700, 8900, 9100 psi; columns batches 1–6. */
  private static final double[][] GRAFT = {
      {90.3, 89.2, 98.2, 93.9, 87.4, 97.9},
      {92.5, 89.5, 90.6, 94.7, 87.0, 95.8},
      {85.5, 90.8, 89.6, 86.2, 88.0, 93.4},
      {82.5, 89.5, 85.6, 87.4, 78.9, 90.7}};

  @Test
  void residualMeanSquareAndDegreesOfFreedomAreTheTextbooks() {
    BlockedDesign d = BlockedDesign.of(GRAFT);
    assertThat(d.points()).isEqualTo(4);
    assertThat(d.rounds()).isEqualTo(6);
    assertThat(d.df()).isEqualTo(15);
    assertThat(d.residualVariance() * d.df()).as("SS_E").isCloseTo(109.89, within(0.005));
    assertThat(d.residualVariance()).as("MS_E").isCloseTo(7.32575, within(1e-5));
  }

  @Test
  void aContrastsIntervalIsStatsmodels() {
    BlockedDesign d = BlockedDesign.of(GRAFT);
    double diff = mean(GRAFT[3]) - mean(GRAFT[0]);
    double half = Effect.quantile(d.df()) * d.seOfDifference();
    assertThat(diff).isCloseTo(-7.05, within(1e-9));
    assertThat(d.seOfDifference()).isCloseTo(1.563, within(5e-4));
    assertThat(diff - half).isCloseTo(-10.38073803, within(1e-6));
    assertThat(diff + half).isCloseTo(-3.71926197, within(1e-6));
  }

  @Test
  void aLevelSharedByEveryPointOfARoundDoesNotWidenTheInterval() {
    // two points whose ratio is 0.75 in every round, the machine's level moving by a quarter
    double[][] y = {{Math.log(100), Math.log(125), Math.log(80)},
        {Math.log(75), Math.log(93.75), Math.log(60)}};
    Effect e = Effect.blocked(LogEstimate.ofRepetitions(75, 93.75, 60),
        LogEstimate.ofRepetitions(100, 125, 80), BlockedDesign.of(y));
    assertThat(e.pct()).isCloseTo(-25, within(1e-9));
    assertThat(e.ci95().orElseThrow().low()).isCloseTo(-25, within(1e-6));
    assertThat(e.ci95().orElseThrow().high()).isCloseTo(-25, within(1e-6));
    assertThat(e.method()).isEqualTo("two-way model (point + round) on the logs of 3 rounds × 2"
        + " points of the study, rounds as blocks (df 2)");
    // Welch's interval on the same figures carries the level's swing
    Effect welch = Effect.between(LogEstimate.ofRepetitions(75, 93.75, 60),
        LogEstimate.ofRepetitions(100, 125, 80));
    assertThat(welch.ci95().orElseThrow().low()).isLessThan(-50);
  }

  @Test
  void refusesWhatIsNotACompleteBlockedDesign() {
    assertThatThrownBy(() -> BlockedDesign.of(new double[][] {{1, 2}}))
        .hasMessageContaining("2 or more points and rounds, got 1 × 2");
    assertThatThrownBy(() -> BlockedDesign.of(new double[][] {{1, 2}, {1}}))
        .hasMessageContaining("point 1 has 1 rounds, not 2");
    assertThatThrownBy(() -> Effect.blocked(LogEstimate.ofRepetitions(1, 2, 3),
        LogEstimate.ofRepetitions(1, 2), BlockedDesign.of(new double[][] {{1, 2}, {1, 3}})))
        .hasMessageContaining("one per round of 2");
  }

  private static double mean(double[] x) {
    return Arrays.stream(x).average().orElseThrow();
  }
}
