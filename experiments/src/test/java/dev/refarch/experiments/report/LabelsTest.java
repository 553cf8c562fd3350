package dev.refarch.experiments.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Locale;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class LabelsTest {

  private static final Locale DEFAULT = Locale.getDefault();

  @AfterEach
  void restoreLocale() {
    Locale.setDefault(DEFAULT);
  }

  @Test
  void figuresKeepThreeSignificantDigitsAndEveryIntegerDigit() {
    assertThat(Labels.significant(2128.0, 3)).isEqualTo("2128");
    assertThat(Labels.significant(2128.5, 3)).isEqualTo("2129");
    assertThat(Labels.significant(21.28, 3)).isEqualTo("21.3");
    assertThat(Labels.significant(2.128, 3)).isEqualTo("2.13");
    assertThat(Labels.significant(0.2128, 3)).isEqualTo("0.213");
    assertThat(Labels.significant(0.0005, 3)).isEqualTo("0.0005");
    assertThat(Labels.significant(99.96, 3)).isEqualTo("100");
    assertThat(Labels.significant(40.0, 3)).isEqualTo("40");
    assertThat(Labels.significant(5.70, 3)).isEqualTo("5.7");
    assertThat(Labels.significant(0, 3)).isEqualTo("0");
    assertThat(Labels.significant(-0.0001, 1)).isEqualTo("-0.0001");
    assertThat(Labels.significant(Double.NaN, 3)).isEqualTo("n/a");
  }

  @Test
  void durationsOfASecondOrMoreReadInSeconds() {
    assertThat(Labels.millis(2128.0)).isEqualTo("2.13 s");
    assertThat(Labels.millis(120_000.0)).isEqualTo("120 s");
    assertThat(Labels.millis(850.0)).isEqualTo("850 ms");
    assertThat(Labels.millis(0.412)).isEqualTo("0.412 ms");
  }

  @Test
  void figuresUseTheirMetricsUnit() {
    assertThat(Labels.figure(308.5, Metric.THROUGHPUT)).isEqualTo("309");
    assertThat(Labels.figure(3.0, Metric.LOST_WRITES)).isEqualTo("3");
    assertThat(Labels.withUnit(2953.0, Metric.INTERRUPTION)).isEqualTo("2.95 s");
    assertThat(Labels.withUnit(1762.4, Metric.THROUGHPUT)).isEqualTo("1762 ops/s");
  }

  @Test
  void aCommaDecimalLocaleChangesNothing() {
    Locale.setDefault(Locale.GERMANY);
    assertThat(Labels.significant(2.128, 3)).isEqualTo("2.13");
    assertThat(Labels.millis(2128.0)).isEqualTo("2.13 s");
  }
}
