package dev.refarch.experiments.exec;

import static org.assertj.core.api.Assertions.assertThat;

import dev.refarch.experiments.spec.ClusterSpec;
import dev.refarch.experiments.spec.ExperimentSpec;
import dev.refarch.platform.spi.FaultInjector;
import dev.refarch.platform.spi.PlatformState;
import dev.refarch.platform.spi.RunningCluster;
import dev.refarch.platform.spi.Topology;
import java.util.ArrayList;
import java.util.List;
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

    assertThat(ExperimentRunner.clusterSettings(spec)).containsExactlyInAnyOrderEntriesOf(Map.of(
        "k8s.namespace", "bench", "k8s.mongodb.cpu", "8", "local.electionTimeoutMillis", "2000"));
  }

  @Test
  void aClusterTheRunnerCannotReachDropsTheDatabaseItself() {
    List<String> dropped = new ArrayList<>();
    RunningCluster unreachable = new RunningCluster() {
      @Override
      public Topology topology() {
        return Topology.parse("pss");
      }

      @Override
      public String connectionString() {
        return "mongodb://refarch-rs0-0.refarch-rs0.bench.svc.cluster.local:27017/bench?replicaSet=rs0";
      }

      @Override
      public PlatformState state() {
        return PlatformState.empty();
      }

      @Override
      public FaultInjector faults() {
        throw new UnsupportedOperationException();
      }

      @Override
      public boolean reachableFromRunner() {
        return false;
      }

      @Override
      public void dropDatabase(String name) {
        dropped.add(name);
      }

      @Override
      public void close() {
      }
    };
    ExperimentRunner.emptyDatabase(unreachable);
    assertThat(dropped).containsExactly("bench");
  }
}
