package dev.refarch.experiments.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Locale;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class FormatsTest {

  private static final Locale DEFAULT = Locale.getDefault();

  @AfterEach
  void restoreLocale() {
    Locale.setDefault(DEFAULT);
  }

  @Test
  void figuresKeepThreeSignificantDigitsAndEveryIntegerDigit() {
    assertThat(Formats.significant(2128.0, 3)).isEqualTo("2128");
    assertThat(Formats.significant(2128.5, 3)).isEqualTo("2129");
    assertThat(Formats.significant(21.28, 3)).isEqualTo("21.3");
    assertThat(Formats.significant(2.128, 3)).isEqualTo("2.13");
    assertThat(Formats.significant(0.2128, 3)).isEqualTo("0.213");
    assertThat(Formats.significant(0.0005, 3)).isEqualTo("0.0005");
    assertThat(Formats.significant(99.96, 3)).isEqualTo("100");
    assertThat(Formats.significant(40.0, 3)).isEqualTo("40");
    assertThat(Formats.significant(5.70, 3)).isEqualTo("5.7");
    assertThat(Formats.significant(0, 3)).isEqualTo("0");
    assertThat(Formats.significant(-0.0001, 1)).isEqualTo("-0.0001");
    assertThat(Formats.significant(Double.NaN, 3)).isEqualTo("n/a");
  }

  @Test
  void durationsOfASecondOrMoreReadInSeconds() {
    assertThat(Formats.millis(2128.0)).isEqualTo("2.13 s");
    assertThat(Formats.millis(120_000.0)).isEqualTo("120 s");
    assertThat(Formats.millis(850.0)).isEqualTo("850 ms");
    assertThat(Formats.millis(0.412)).isEqualTo("0.412 ms");
  }

  @Test
  void figuresUseTheirMetricsUnit() {
    assertThat(Formats.figure(308.5, Quantity.THROUGHPUT)).isEqualTo("309");
    assertThat(Formats.figure(3.0, Quantity.LOST_WRITES)).isEqualTo("3");
    assertThat(Formats.withUnit(2953.0, Quantity.INTERRUPTION)).isEqualTo("2.95 s");
    assertThat(Formats.withUnit(1762.4, Quantity.THROUGHPUT)).isEqualTo("1762 ops/s");
  }

  @Test
  void aCommaDecimalLocaleChangesNothing() {
    Locale.setDefault(Locale.GERMANY);
    assertThat(Formats.significant(2.128, 3)).isEqualTo("2.13");
    assertThat(Formats.millis(2128.0)).isEqualTo("2.13 s");
  }
}
