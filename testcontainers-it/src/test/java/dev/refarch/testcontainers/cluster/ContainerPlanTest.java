package dev.refarch.testcontainers.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.refarch.platform.spi.Topology;
import dev.refarch.platform.spi.config.ConfigurationException;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import org.bson.Document;
import org.junit.jupiter.api.Test;

class ContainerPlanTest {

  private static final ContainerSettings DEFAULTS = ContainerSettings.defaults();

  @Test
  void shardedClusterHasConfigServersThenShardsThenRouters() {
    ContainerPlan plan = ContainerPlan.of(Topology.parse("sharded:2x3,cfg=1,routers=2"), DEFAULTS);

    assertThat(plan.members()).extracting(NodeSpec::name).containsExactly("config-0",
        "shard0-0", "shard0-1", "shard0-2", "shard1-0", "shard1-1", "shard1-2", "mongos-0",
        "mongos-1");
    assertThat(plan.shards()).extracting(ContainerPlan.ReplicaSetPlan::name)
        .containsExactly("shard0", "shard1");
    assertThat(plan.replicaSets().get(0).configServer()).isTrue();
  }

  @Test
  void membersStartWithTheirClusterRoleAndTheCacheSize() {
    ContainerPlan plan = ContainerPlan.of(Topology.parse("sharded:1x1"), DEFAULTS);

    assertThat(plan.members().get(0).command()).containsExactly("mongod", "--port", "27017",
        "--bind_ip_all", "--replSet", "config", "--configsvr", "--wiredTigerCacheSizeGB", "0.25",
        "--setParameter", "shutdownTimeoutMillisForSignaledShutdown=1000");
    assertThat(plan.members().get(1).command()).containsExactly("mongod", "--port", "27017",
        "--bind_ip_all", "--replSet", "shard0", "--shardsvr", "--wiredTigerCacheSizeGB", "0.25",
        "--setParameter", "shutdownTimeoutMillisForSignaledShutdown=1000");
    assertThat(plan.routers().get(0).command()).containsExactly("mongos", "--port", "27017",
        "--bind_ip_all", "--configdb", "config/config-0:27017");
  }

  @Test
  void routersKnowEveryConfigServer() {
    ContainerPlan plan = ContainerPlan.of(Topology.parse("sharded:1x1,cfg=3,routers=1"), DEFAULTS);

    assertThat(plan.routers().get(0).command()).endsWith(
        "config/config-0:27017,config-1:27017,config-2:27017");
  }

  @Test
  void configServersAreInitiatedAsConfigServersWithTheElectionTimeout() {
    ContainerPlan plan = ContainerPlan.of(Topology.parse("sharded:1x1"), DEFAULTS);

    Document initiate = plan.replicaSets().get(0).initiateCommand(NodeSpec::internalAddress,
        OptionalInt.of(2000)).get("replSetInitiate", Document.class);

    assertThat(initiate.getString("_id")).isEqualTo("config");
    assertThat(initiate.getBoolean("configsvr")).isTrue();
    assertThat(initiate.getList("members", Document.class)).containsExactly(
        new Document("_id", 0).append("host", "config-0:27017"));
    assertThat(initiate.get("settings", Document.class))
        .isEqualTo(new Document("electionTimeoutMillis", 2000));
  }

  @Test
  void replicaSetArbiterComesLastAndIsInitiatedAsArbiter() {
    ContainerPlan plan = ContainerPlan.of(Topology.parse("rs=3"), DEFAULTS);
    ContainerPlan.ReplicaSetPlan set = plan.replicaSets().get(0);

    assertThat(set.members()).extracting(NodeSpec::role).containsExactly(NodeSpec.Role.DATA,
        NodeSpec.Role.DATA, NodeSpec.Role.ARBITER);
    Document initiate = set.initiateCommand(s -> "10.0.0.1:" + (40000 + s.name().charAt(4) - '0'),
        OptionalInt.empty()).get("replSetInitiate", Document.class);
    List<Document> members = initiate.getList("members", Document.class);
    assertThat(members.get(2)).isEqualTo(new Document("_id", 2).append("host", "10.0.0.1:40002")
        .append("arbiterOnly", true));
    assertThat(initiate).doesNotContainKeys("configsvr", "settings");
    assertThat(plan.routers()).isEmpty();
    assertThat(plan.shards()).isEmpty();
  }

  @Test
  void cacheSizeAndShutdownTimeoutComeFromTheSettings() {
    ContainerSettings big = ContainerSettings.from(Map.of("testcontainers.wiredTigerCacheSizeGB",
        "1.5", "testcontainers.shutdownTimeoutMillis", "15000"));

    assertThat(ContainerPlan.of(Topology.parse("rs=1"), big).members().get(0).command())
        .endsWith("--wiredTigerCacheSizeGB", "1.5", "--setParameter",
            "shutdownTimeoutMillisForSignaledShutdown=15000");
  }

  @Test
  void standaloneIsNotOfferedAndTheErrorSaysWhatIs() {
    assertThatThrownBy(() -> ContainerPlan.of(Topology.standalone(), DEFAULTS))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("topology='standalone' is not allowed")
        .hasMessageContaining("a replica set or a sharded cluster on Testcontainers")
        .hasMessageContaining("use rs=1");
  }
}
