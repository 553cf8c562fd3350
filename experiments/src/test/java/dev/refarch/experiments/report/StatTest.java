package dev.refarch.experiments.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class StatTest {

  @Test
  void medianOfAnOddCountIsTheMiddleValue() {
    assertThat(Stat.of(List.of(5.0, 1.0, 3.0))).contains(new Stat(3, 1, 5, 3));
  }

  @Test
  void medianOfAnEvenCountIsTheMeanOfTheMiddleTwo() {
    assertThat(Stat.of(List.of(4.0, 1.0, 2.0, 10.0))).contains(new Stat(3, 1, 10, 4));
  }

  @Test
  void noValuesNoStatistic() {
    assertThat(Stat.of(List.of())).isEmpty();
  }
}
