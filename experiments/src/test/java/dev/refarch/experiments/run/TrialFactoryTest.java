package dev.refarch.experiments.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.refarch.experiments.catalog.Catalog;
import dev.refarch.experiments.plan.Plan;
import dev.refarch.experiments.spec.ExperimentSpec;
import dev.refarch.experiments.trial.TrialSpec;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TrialFactoryTest {

  @Test
  void theClientJvmOptionsGoToTheClientsCommandLineAndNotToYcsb() {
    ExperimentSpec spec = Catalog.resolve("D3", "laptop").get(0).toBuilder()
        .property("refarch.client.jvmOptions", "-Xmx768m -XX:TieredStopAtLevel=1").build();
    TrialSpec trial = TrialFactory.trial(spec, Plan.of(spec, Map.of()).trials().get(0), "t",
        "mongodb://127.0.0.1:27017/ycsb").build();
    assertThat(trial.jvmOptions()).containsExactly("-Xmx768m", "-XX:TieredStopAtLevel=1");
    assertThat(trial.properties()).doesNotContainKey("refarch.client.jvmOptions");

    ExperimentSpec plain = Catalog.resolve("A1", "laptop").get(0);
    assertThat(TrialFactory.trial(plain, Plan.of(plain, Map.of()).trials().get(0), "t",
        "mongodb://127.0.0.1:27017/ycsb").build().jvmOptions()).containsExactly("-Xmx512m");
  }

  @Test
  void clientReuseIsTheRunnersChoiceOnByDefault() {
    ExperimentSpec plain = Catalog.resolve("A1", "laptop").get(0);
    assertThat(TrialFactory.trial(plain, Plan.of(plain, Map.of()).trials().get(0), "t",
        "mongodb://127.0.0.1:27017/ycsb").build().reuseClients()).isTrue();
    ExperimentSpec cold = plain.toBuilder().property("refarch.client.reuse", "false").build();
    TrialSpec trial = TrialFactory.trial(cold, Plan.of(cold, Map.of()).trials().get(0), "t",
        "mongodb://127.0.0.1:27017/ycsb").build();
    assertThat(trial.reuseClients()).isFalse();
    assertThat(trial.properties()).doesNotContainKey("refarch.client.reuse");
  }
}
