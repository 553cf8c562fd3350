package dev.refarch.platform.kubernetes.topology;

import static org.assertj.core.api.Assertions.assertThat;

import dev.refarch.platform.kubernetes.topology.ClusterLayout.Kind;
import dev.refarch.platform.spi.Topology;
import org.junit.jupiter.api.Test;

class ClusterLayoutTest {

  @Test
  void aStandaloneIsOnePodWithoutReplicaSet() {
    ClusterLayout l = ClusterLayout.of(Topology.parse("standalone"), "m", "ns");
    assertThat(l.groups()).extracting(ClusterLayout.Group::kind).containsExactly(Kind.STANDALONE);
    assertThat(l.connectionString()).isEqualTo(
        "mongodb://m-standalone-0.m-standalone.ns.svc.cluster.local:27017/");
  }

  @Test
  void aReplicaSetWithArbiterInitiatesWithTheArbiterLast() {
    ClusterLayout l = ClusterLayout.of(Topology.parse("rs=3"), "m", "ns");
    assertThat(l.pods()).containsExactly("m-rs0-0", "m-rs0-1", "m-rs0-arbiter-0");
    assertThat(l.initiateConfig(l.groups().get(0))).isEqualTo("{\"_id\":\"rs0\",\"members\":["
        + "{\"_id\":0,\"host\":\"m-rs0-0.m-rs0.ns.svc.cluster.local:27017\"},"
        + "{\"_id\":1,\"host\":\"m-rs0-1.m-rs0.ns.svc.cluster.local:27017\"},"
        + "{\"_id\":2,\"host\":\"m-rs0-arbiter-0.m-rs0-arbiter.ns.svc.cluster.local:27017\","
        + "\"arbiterOnly\":true}]}");
    assertThat(l.membersOf("rs0")).hasSize(2);
    assertThat(l.groupOf("m-rs0-arbiter-0").kind()).isEqualTo(Kind.ARBITER);
  }

  @Test
  void membersAreNamedInTheClustersDomain() {
    ClusterLayout l = ClusterLayout.of(Topology.parse("pss"), "m", "ns", "corp.example");
    assertThat(l.connectionString()).contains("m-rs0-0.m-rs0.ns.svc.corp.example:27017")
        .doesNotContain("cluster.local");
  }

  @Test
  void aShardedClusterHasConfigShardsAndRouters() {
    ClusterLayout l = ClusterLayout.of(Topology.parse("sharded:4x1,cfg=3,routers=4"), "m", "ns");
    assertThat(l.groups()).extracting(ClusterLayout.Group::name).containsExactly("m-cfg",
        "m-shard0", "m-shard1", "m-shard2", "m-shard3", "m-mongos");
    assertThat(l.configDb()).startsWith("cfg/m-cfg-0.m-cfg.ns.svc.cluster.local:27017,")
        .endsWith("m-cfg-2.m-cfg.ns.svc.cluster.local:27017");
    assertThat(l.shards().split(" ")).hasSize(4).allMatch(s -> s.startsWith("shard"));
    assertThat(l.connectionString()).startsWith("mongodb://m-mongos-0.m-mongos.ns")
        .doesNotContain("replicaSet");
  }
}
