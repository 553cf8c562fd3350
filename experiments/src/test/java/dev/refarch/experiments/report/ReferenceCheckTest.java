package dev.refarch.experiments.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ReferenceCheckTest {

  @Test
  void aFigureComparesWithTheBaselineOfItsOwnSeries() {
    ExperimentResults r = ExperimentResults.load(Fixtures.root().resolve(Fixtures.A1));
    List<ReferenceCheck> checks = ReferenceCheck.all(r);
    ReferenceCheck b2 = checks.get(5);
    assertThat(b2.reference().parameters()).isEqualTo(Map.of("workload", "b", "threadcount", "2"));
    assertThat(b2.baselineParameters()).isEqualTo(Map.of("workload", "b", "threadcount", "1"));
    assertThat(b2.paperChangePct().getAsDouble()).isCloseTo(20.1, within(0.01));
    double measured = r.point(Map.of("workload", "b", "threadcount", "2")).orElseThrow()
        .median(Quantity.OVERALL, Quantity.THROUGHPUT).getAsDouble();
    double base = r.point(Map.of("workload", "b", "threadcount", "1")).orElseThrow()
        .median(Quantity.OVERALL, Quantity.THROUGHPUT).getAsDouble();
    assertThat(b2.measuredChangePct().getAsDouble())
        .isCloseTo((measured - base) / base * 100, within(1e-9));
    assertThat(checks.get(0).isBaseline()).isTrue();
    assertThat(checks.get(0).note()).isEqualTo("baseline");
  }

  @Test
  void withoutAPaperFigureInItsSeriesTheStudyBaselineIsUsed() {
    ExperimentResults r = ExperimentResults.load(Fixtures.root().resolve(Fixtures.A12));
    ReferenceCheck rs1 = ReferenceCheck.all(r).get(1);
    assertThat(rs1.baselineParameters()).isEqualTo(r.plan().baseline());
    assertThat(rs1.paperChangePct().getAsDouble()).isCloseTo(1100.0, within(1e-9));
    assertThat(rs1.measuredChangePct().getAsDouble())
        .isCloseTo((2953.0 - 2185.0) / 2185.0 * 100, within(1e-9));
  }

  @Test
  void aFigureOfAFailedPointSaysItWasNotMeasured(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
      throws Exception {
    java.nio.file.Path copy = Fixtures.copy(Fixtures.A1, dir);
    java.nio.file.Path plan = copy.resolve(StoredPlan.FILE);
    java.nio.file.Files.writeString(plan, java.nio.file.Files.readString(plan).replace(
        "\"threadcount\": \"2\"\n      },\n      \"metric\": \"throughput\"",
        "\"threadcount\": \"4\"\n      },\n      \"metric\": \"throughput\""));
    ReferenceCheck b4 = ReferenceCheck.all(ExperimentResults.load(copy)).get(5);
    assertThat(b4.reference().parameters()).containsEntry("threadcount", "4");
    assertThat(b4.measured()).isEmpty();
    assertThat(b4.measuredChangePct()).isEmpty();
    assertThat(b4.paperChangePct()).isPresent();
    assertThat(b4.note()).isEqualTo("not measured at workload=b threadcount=4");
  }
}
