package dev.refarch.experiments.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class StatTest {

  @Test
  void oddCountTakesTheMiddleValue() {
    Stat s = Stat.of(List.of(5.0, 1.0, 3.0)).orElseThrow();
    assertThat(List.of(s.median(), s.min(), s.max(), (double) s.count())).containsExactly(3.0, 1.0, 5.0, 3.0);
  }

  @Test
  void evenCountAveragesTheTwoMiddleValues() {
    assertThat(Stat.of(List.of(4.0, 1.0, 2.0, 10.0)).orElseThrow().median()).isEqualTo(3.0);
  }

  @Test
  void confidenceIntervalOfTheMeanUsesStudentsT() {
    // mean 3, sample standard deviation 2, n = 3: t(0.975, 2) = 4.303, 4.303 × 2 / √3
    Stat s = Stat.of(List.of(1.0, 3.0, 5.0)).orElseThrow();
    assertThat(s.mean()).isEqualTo(3.0);
    // Student's t at 2 degrees of freedom: 4.303 in the NIST table (three decimals)
    assertThat(s.ci95()).isCloseTo(4.303 * 2 / Math.sqrt(3), within(1e-3));
  }

  @Test
  void oneRepetitionHasNoConfidenceInterval() {
    assertThat(Stat.of(List.of(7.0)).orElseThrow().ci95()).isNaN();
  }

  @Test
  void noValuesNoStat() {
    assertThat(Stat.of(List.of())).isEmpty();
  }
}
