package dev.refarch.experiments.report.format;

import static org.assertj.core.api.Assertions.assertThat;

import dev.refarch.experiments.report.Fixtures;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TimeChartsTest {

  @Test
  void percentileAxisLabelsCountNines() {
    assertThat(TimeCharts.percentileLabel(0)).isEqualTo("0%");
    assertThat(TimeCharts.percentileLabel(1)).isEqualTo("90%");
    assertThat(TimeCharts.percentileLabel(2)).isEqualTo("99%");
    assertThat(TimeCharts.percentileLabel(3)).isEqualTo("99.9%");
    assertThat(TimeCharts.percentileLabel(5)).isEqualTo("99.999%");
  }

  @Test
  void percentileAxisLabelsAreDistinctForDistinctTicks() {
    // XChart lays ticks out until their labels are distinct; equal labels would never end
    Set<String> labels = new HashSet<>();
    for (int i = -20; i <= 60; i++) {
      assertThat(labels.add(TimeCharts.percentileLabel(i / 10.0))).as("tick %s", i / 10.0).isTrue();
    }
  }

  @Test
  void theTimelineBucketIsTheSmallestStepBetweenBuckets() {
    Path a12 = Fixtures.root().resolve(Fixtures.A12);
    assertThat(TimeCharts.read(a12.resolve("t001-topology-pss-fault-kill-primary-r1/timeline.csv"))
        .orElseThrow().resolutionMs()).isEqualTo(100);
    Path a1 = Fixtures.root().resolve(Fixtures.A1);
    assertThat(TimeCharts.read(a1.resolve("t001-workload-a-threadcount-1-r1/timeline.csv"))
        .orElseThrow().resolutionMs()).isEqualTo(250);
    assertThat(TimeCharts.read(a1.resolve("no-such/timeline.csv"))).isEmpty();
  }
}
