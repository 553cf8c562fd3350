package dev.refarch.experiments.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.refarch.experiments.report.format.ExperimentReport;
import dev.refarch.platform.spi.config.ConfigurationException;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StoredPlanJsonTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  static ObjectNode fixturePlan() throws Exception {
    return (ObjectNode) JSON.readTree(Fixtures.root().resolve(Fixtures.A1).resolve(StoredPlan.FILE)
        .toFile());
  }

  @Test
  void readsEveryFieldOfTheLeadsLayout() {
    StoredPlan plan = StoredPlanJson.read(Fixtures.root().resolve(Fixtures.A1).resolve(StoredPlan.FILE));
    assertThat(plan.experiment()).isEqualTo("A1-client-threads");
    assertThat(plan.sweep().parameters()).containsExactly("workload", "threadcount");
    assertThat(plan.baseline()).containsExactly(Map.entry("workload", "a"),
        Map.entry("threadcount", "1"));
    assertThat(plan.trials()).hasSize(10);
    assertThat(plan.trials().get(1).repetition()).isEqualTo(2);
    assertThat(plan.references().get(2)).satisfies(r -> {
      assertThat(r.metric()).isEqualTo(Quantity.MEAN);
      assertThat(r.operation()).isEqualTo("UPDATE");
      assertThat(r.value()).hasValue(8.3);
    });
    assertThat(plan.slo()).isEmpty();
  }

  @Test
  void readsTheSlo() {
    StoredPlan plan = StoredPlanJson.read(Fixtures.root().resolve(Fixtures.B2).resolve(StoredPlan.FILE));
    assertThat(plan.slo()).contains(new StoredPlan.Slo("UPDATE", Quantity.P99, 40.0));
  }

  @Test
  void rejectsAnUnknownMetricNamingTheFieldAndTheClosestMetric() throws Exception {
    ObjectNode plan = fixturePlan();
    ((ObjectNode) plan.withArray("references").get(1)).put("metric", "troughput");
    assertThatThrownBy(() -> StoredPlanJson.parse(plan)).isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("plan.json references[1].metric='troughput' is not allowed")
        .hasMessageContaining("throughput, mean, p50")
        .hasMessageContaining("did you mean 'throughput'?");
  }

  @Test
  void rejectsAnotherFormat() throws Exception {
    ObjectNode plan = fixturePlan();
    plan.put("format", "ycsb-mongo-refarch/plan/3");
    assertThatThrownBy(() -> StoredPlanJson.parse(plan))
        .hasMessageContaining("plan.json format='ycsb-mongo-refarch/plan/3' is not allowed;"
            + " allowed: ycsb-mongo-refarch/plan/2, ycsb-mongo-refarch/plan/1");
  }

  @Test
  void rejectsAnSloOnThroughput() throws Exception {
    ObjectNode plan = fixturePlan();
    plan.putObject("slo").put("operation", "UPDATE").put("metric", "throughput").put("boundMs", 10);
    assertThatThrownBy(() -> StoredPlanJson.parse(plan)).hasMessageContaining("plan.json slo.metric")
        .hasMessageContaining("a latency statistic");
  }

  @Test
  void aFolderWithoutPlanSaysWhereThePlanComesFrom(@TempDir Path dir) {
    assertThatThrownBy(() -> ExperimentReport.write(dir)).isInstanceOf(ReportException.class)
        .hasMessageContaining("plan.json").hasMessageContaining("writes plan.json before");
  }
}
