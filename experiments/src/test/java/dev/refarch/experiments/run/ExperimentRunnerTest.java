package dev.refarch.experiments.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.refarch.experiments.plan.Plan;
import dev.refarch.experiments.spec.ClusterSpec;
import dev.refarch.experiments.spec.ExperimentSpec;
import dev.refarch.experiments.trial.UnreachableCluster;
import dev.refarch.platform.spi.Topology;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** How the experiment runner hands settings to a cluster and empties it before loads. */
class ExperimentRunnerTest {

  @Test
  void platformPropertiesGivenWithSetOverrideTheStudysClusterSettings() {
    ExperimentSpec spec = ExperimentSpec.builder("b4")
        .cluster(new ClusterSpec("kubernetes", Topology.parse("rs=3"), Optional.empty(),
            Map.of("k8s.namespace", "study", "k8s.mongodb.cpu", "8")))
        .property("k8s.namespace", "bench").property("local.electionTimeoutMillis", "2000")
        .property("recordcount", "1000").build();

    assertThat(Plan.clusterSettings(spec)).containsExactlyInAnyOrderEntriesOf(Map.of(
        "k8s.namespace", "bench", "k8s.mongodb.cpu", "8", "local.electionTimeoutMillis", "2000"));
  }

  @Test
  void aClusterTheRunnerCannotReachDropsTheDatabaseItself() {
    UnreachableCluster unreachable = new UnreachableCluster(
        "mongodb://refarch-rs0-0.refarch-rs0.bench.svc.cluster.local:27017/bench?replicaSet=rs0");
    ExperimentRunner.emptyDatabase(unreachable);
    assertThat(unreachable.dropped).containsExactly("bench");
  }
}
