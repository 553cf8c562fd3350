package dev.refarch.experiments.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SloMarkTest {

  @Test
  void marksTheHighestThroughputWithinTheBoundPerSeries() {
    ExperimentResults r = ExperimentResults.load(Fixtures.root().resolve(Fixtures.B2));
    List<SloMark> marks = SloMark.of(r);
    assertThat(marks).extracting(SloMark::series)
        .containsExactly(Map.of("workload", "a"), Map.of("workload", "b"));
    SloMark a = marks.get(0);
    assertThat(a.best().orElseThrow().parameters()).containsEntry("target", "2000");
    assertThat(a.latencyMs()).isLessThanOrEqualTo(40.0);
    for (Point p : r.series().get(Map.of("workload", "a"))) {
      assertThat(p.median(Quantity.OVERALL, Quantity.THROUGHPUT).getAsDouble())
          .isLessThanOrEqualTo(a.throughput());
    }
  }

  @Test
  void aSeriesWhereNothingMeetsTheBoundHasNoMark() {
    SloMark b = SloMark.of(ExperimentResults.load(Fixtures.root().resolve(Fixtures.B2))).get(1);
    assertThat(b.best()).isEmpty();
  }

  @Test
  void withoutSloThereAreNoMarks() {
    assertThat(SloMark.of(ExperimentResults.load(Fixtures.root().resolve(Fixtures.A1)))).isEmpty();
  }
}
