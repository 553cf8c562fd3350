package dev.refarch.experiments.report.format;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** A series with a silence longer than its gap breaks there, and nowhere else. */
class ChartGapsTest {

  @Test
  void aSilenceLongerThanTheGapIsOneUndrawnPointBetweenItsEnds() {
    TreeMap<Long, Double> points = new TreeMap<>();
    points.put(11_000L, 1.0);
    points.put(12_000L, 1.0);
    points.put(18_000L, 0.0); // six seconds without a sample
    points.put(19_000L, 0.0);
    double[][] xy = Charts.withGaps(points, 10_000, 2_500);
    assertThat(xy[0]).containsExactly(1.0, 2.0, 5.0, 8.0, 9.0);
    assertThat(xy[1][2]).isNaN();
    assertThat(new double[] {xy[1][0], xy[1][1], xy[1][3], xy[1][4]})
        .containsExactly(1.0, 1.0, 0.0, 0.0);
    assertThat(Charts.withGaps(points, 10_000, 6_000)[0]).as("no silence that long")
        .containsExactly(1.0, 2.0, 8.0, 9.0);
  }
}
