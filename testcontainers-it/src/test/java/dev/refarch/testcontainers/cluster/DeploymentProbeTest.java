package dev.refarch.testcontainers.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import dev.refarch.platform.spi.Topology;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DeploymentProbeTest {

  private static final DeploymentProbe PSS = new DeploymentProbe(
      DeploymentProbe.Kind.REPLICA_SET, 3, Map.of(), "8.0.4");
  private static final DeploymentProbe TWO_SHARDS = new DeploymentProbe(
      DeploymentProbe.Kind.SHARDED, 1, Map.of("shard0", "shard0/a:27018,b:27018,c:27018",
          "shard1", "shard1/d:27018,e:27018,f:27018"), "8.0.4");

  @Test
  void replicaSetServesReplicaSetTestsUpToItsSize() {
    assertThat(PSS.mismatch(Topology.parse("rs=1"))).isNull();
    assertThat(PSS.mismatch(Topology.parse("pss"))).isNull();
    assertThat(PSS.mismatch(Topology.parse("rs=5x"))).isEqualTo(
        "it has 3 data member(s), fewer than 5");
  }

  @Test
  void replicaSetCannotServeShardedTests() {
    assertThat(PSS.mismatch(Topology.parse("sharded:2x3"))).isEqualTo(
        "it is a replica set, not a sharded cluster");
  }

  @Test
  void shardedClusterServesShardedTestsUpToItsShape() {
    assertThat(TWO_SHARDS.mismatch(Topology.parse("sharded:2x3"))).isNull();
    assertThat(TWO_SHARDS.mismatch(Topology.parse("sharded:3x1")))
        .isEqualTo("it has 2 shard(s), fewer than 3");
    assertThat(TWO_SHARDS.mismatch(Topology.parse("sharded:2x5")))
        .isEqualTo("a shard has 3 member(s), fewer than 5");
    assertThat(TWO_SHARDS.mismatch(Topology.parse("pss")))
        .isEqualTo("it is a sharded cluster, not a replica set");
  }

  @Test
  void anythingServesAStandaloneTest() {
    assertThat(TWO_SHARDS.mismatch(Topology.standalone())).isNull();
    assertThat(PSS.mismatch(Topology.standalone())).isNull();
  }

  @Test
  void countsTheHostsOfAShard() {
    assertThat(DeploymentProbe.hostCount("shard0/a:1,b:2")).isEqualTo(2);
    assertThat(DeploymentProbe.hostCount("a:1")).isEqualTo(1);
  }
}
