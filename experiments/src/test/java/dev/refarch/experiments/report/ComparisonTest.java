package dev.refarch.experiments.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ComparisonTest {

  private static final Map<String, String> A2 = Map.of("workload", "a", "threadcount", "2");

  static List<ComparisonRow> rows() {
    return Comparison.compare(Fixtures.root().resolve(Fixtures.A1), Map.of(),
        Fixtures.root().resolve(Fixtures.A1_DURABLE), Map.of()).rows();
  }

  @Test
  void matchesPointsByParametersAndComputesBothDeltas() {
    ComparisonRow r = rows().stream().filter(x -> x.parameters().equals(A2)
        && x.operation().equals(Quantity.OVERALL) && x.metric() == Quantity.THROUGHPUT)
        .findFirst().orElseThrow();
    double a = r.a().getAsDouble();
    double b = r.b().getAsDouble();
    assertThat(r.delta().getAsDouble()).isCloseTo(b - a, within(1e-9));
    assertThat(r.deltaPct().getAsDouble()).isCloseTo((b - a) / a * 100, within(1e-9));
    // B's single trial measured 3 s: too few seconds to bootstrap, so the change has no interval
    assertThat(r.effect().orElseThrow().ci95()).isEmpty();
    assertThat(r.difference()).isEqualTo(ComparisonRow.Difference.UNKNOWN);
    assertThat(r.describe()).contains("no interval: one trial at the measured point");
    assertThat(r.aCompleted()).isEqualTo(2);
    assertThat(r.bCompleted()).isEqualTo(1);
  }

  @Test
  void parametersOnlyOneSideMeasuredHaveNoDelta() {
    assertThat(rows()).filteredOn(r -> r.parameters().equals(Map.of("workload", "b",
        "threadcount", "2"))).isNotEmpty().allSatisfy(r -> {
          assertThat(r.b()).isEmpty();
          assertThat(r.delta()).isEmpty();
          assertThat(r.deltaPct()).isEmpty();
        });
  }

  @Test
  void namesEachSideByItsFolderAndTheOneAbove() {
    assertThat(Comparison.side(Fixtures.root().resolve(Fixtures.A1_DURABLE)).label())
        .isEqualTo("results-durable/A1-client-threads");
    assertThat(Comparison.onlyIn(Comparison.side(Fixtures.root().resolve(Fixtures.A1)),
        Comparison.side(Fixtures.root().resolve(Fixtures.A1_DURABLE))))
        .containsExactly(Map.of("workload", "b", "threadcount", "2"),
            Map.of("workload", "b", "threadcount", "4"));
    assertThat(Path.of(Comparison.HTML).toString()).isEqualTo("comparison.html");
  }
}
