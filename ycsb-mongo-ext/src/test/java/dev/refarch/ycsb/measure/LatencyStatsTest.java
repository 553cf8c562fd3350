package dev.refarch.ycsb.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class LatencyStatsTest {

  @Test
  void convertsNanosecondHistogramsToMicroseconds() {
    Histogram h = new Histogram(3);
    for (int i = 1; i <= 1000; i++) {
      h.recordValue(i * 1000L);
    }
    LatencyStats s = LatencyStats.of(h);
    assertThat(s.count()).isEqualTo(1000);
    assertThat(s.p50()).isCloseTo(500, within(0.5));
    assertThat(s.p99()).isCloseTo(990, within(1.0));
    assertThat(s.max()).isCloseTo(1000, within(1.0));
    assertThat(s.mean()).isCloseTo(500.5, within(0.5));
  }

  @Test
  void emptyHistogramGivesZeros() {
    assertThat(LatencyStats.of(new Histogram(3)).figures().values()).containsOnly(0.0);
  }
}
