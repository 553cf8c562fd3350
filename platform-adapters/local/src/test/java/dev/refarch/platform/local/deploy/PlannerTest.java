package dev.refarch.platform.local.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.refarch.platform.local.binary.MongoBinary;
import dev.refarch.platform.local.config.LocalSettings;
import dev.refarch.platform.local.process.Member;
import dev.refarch.platform.local.process.MemberSpec;
import dev.refarch.platform.local.process.ProcessStatus;
import dev.refarch.platform.local.process.Role;
import dev.refarch.platform.spi.FaultTargets;
import dev.refarch.platform.spi.Topology;
import dev.refarch.platform.spi.config.ConfigurationException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Layouts, names and command lines of planned (never started) deployments. */
class PlannerTest {

  @TempDir
  Path parent;

  private final MongoBinary mongod = new MongoBinary(Path.of("/opt/mongodb/bin/mongod"), "PATH");
  private final MongoBinary mongos = new MongoBinary(Path.of("/opt/mongodb/bin/mongos"), "PATH");

  private Deployment plan(String topology, Map<String, String> settings) {
    Map<String, String> all = new java.util.HashMap<>(settings);
    all.put("local.workDir", parent.toString());
    return Planner.plan(Topology.parse(topology), LocalSettings.from(all), mongod,
        Optional.of(mongos));
  }

  @Test
  void rs3IsTwoDataMembersAndAnArbiterLast() {
    Deployment d = plan("rs=3", Map.of());

    assertThat(names(d.members())).containsExactly("rs0-0", "rs0-1", "rs0-2");
    assertThat(d.members()).extracting(m -> m.spec().role())
        .containsExactly(Role.DATA, Role.DATA, Role.ARBITER);
    assertThat(d.members()).allMatch(m -> m.status() == ProcessStatus.NOT_STARTED);
    assertThat(d.workDir()).hasParent(parent).isDirectory();
    assertThat(d.connectionString()).isEqualTo("mongodb://" + host(d, 0) + "," + host(d, 1)
        + "/?replicaSet=rs0");
  }

  @Test
  void everyMongodGetsLoopbackPortsPathsCacheAndExtraArgumentsLast() {
    Deployment d = plan("pss", Map.of("local.wiredTigerCacheSizeGB", "0.5",
        "local.extraArgs", "--setParameter ttlMonitorEnabled=false"));

    assertThat(d.members().stream().map(m -> m.spec().port()).distinct()).hasSize(3);
    for (Member m : d.members()) {
      List<String> command = m.spec().command();
      assertThat(command).containsSequence("--bind_ip", "127.0.0.1")
          .containsSequence("--port", String.valueOf(m.spec().port()))
          .containsSequence("--replSet", "rs0")
          .containsSequence("--wiredTigerCacheSizeGB", "0.5")
          .containsSequence("--setParameter", "shutdownTimeoutMillisForSignaledShutdown=1000")
          .endsWith("--setParameter", "ttlMonitorEnabled=false");
      assertThat(Path.of(command.get(command.indexOf("--logpath") + 1))).isAbsolute()
          .startsWithRaw(d.workDir());
      assertThat(Path.of(command.get(command.indexOf("--pidfilepath") + 1))).isAbsolute();
      assertThat(Path.of(command.get(command.indexOf("--dbpath") + 1))).startsWithRaw(d.workDir());
    }
  }

  @Test
  void standaloneHasNoReplicaSet() {
    Deployment d = plan("standalone", Map.of());

    assertThat(names(d.members())).containsExactly("standalone");
    assertThat(d.members().get(0).spec().command()).doesNotContain("--replSet");
    assertThat(d.connectionString()).isEqualTo("mongodb://" + host(d, 0) + "/");
  }

  @Test
  void shardedHasConfigServersShardsAndRoutersWithTheirRoles() {
    Deployment d = plan("sharded:2x2,cfg=1,routers=2", Map.of("local.extraArgs", "--quiet"));

    assertThat(names(d.members())).containsExactly("config-0", "shard0-0", "shard0-1",
        "shard1-0", "shard1-1", "mongos-0", "mongos-1");
    MemberSpec config = d.members().get(0).spec();
    assertThat(config.command()).contains("--configsvr").containsSequence("--replSet", "config");
    assertThat(d.members().get(1).spec().command()).contains("--shardsvr")
        .containsSequence("--replSet", "shard0");
    MemberSpec router = d.routers().get(0).spec();
    assertThat(router.binary()).isEqualTo(mongos.path());
    assertThat(router.command()).containsSequence("--configdb", "config/" + config.hostAndPort())
        .doesNotContain("--wiredTigerCacheSizeGB", "--quiet", "--dbpath");
    assertThat(d.connectionString()).isEqualTo("mongodb://" + router.hostAndPort() + ","
        + d.routers().get(1).spec().hostAndPort() + "/");
    assertThat(d.replicaSets()).extracting(ReplicaSetGroup::name)
        .containsExactly("config", "shard0", "shard1");
  }

  @Test
  void processCountCoversEveryTopology() {
    assertThat(Planner.processCount(Topology.parse("standalone"))).isEqualTo(1);
    assertThat(Planner.processCount(Topology.parse("rs=3"))).isEqualTo(3);
    assertThat(Planner.processCount(Topology.parse("sharded:3x3,cfg=3,routers=2")))
        .isEqualTo(14);
  }

  /**
   * What fault targets are checked against before a cluster exists is what a deployment of the
   * topology has: same names, roles and sets, in the same order.
   */
  @ParameterizedTest
  @ValueSource(strings = {"standalone", "rs=1", "rs=3", "pss", "rs=4+arbiter",
      "sharded:2x2,cfg=1,routers=2", "sharded:3x3,cfg=3,routers=2"})
  void slotsAreTheMembersEveryDeploymentOfTheTopologyHas(String topology) {
    Deployment d = plan(topology, Map.of());

    assertThat(Planner.slots(Topology.parse(topology)))
        .containsExactlyElementsOf(d.members().stream().map(m -> new Planner.Slot(m.name(),
            m.spec().role(), m.spec().group())).toList())
        .hasSize(Planner.processCount(Topology.parse(topology)));
  }

  @Test
  void targetsAreCheckedAgainstTheTopologysMembers() {
    FaultTargets rs3 = Planner.targets(Topology.parse("rs=3"));

    assertThat(rs3.parse("arbiter").replicaSet()).isEqualTo("rs0");
    assertThat(rs3.parse("rs0-2").member()).isEqualTo("rs0-2");
    assertThatThrownBy(() -> rs3.parse("secondary:2")).isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("rs0 has 1 secondary");
    assertThatThrownBy(() -> Planner.targets(Topology.parse("sharded:2x2,cfg=1,routers=1"))
        .parse("shard2/primary")).hasMessageContaining("unknown replica set 'shard2'");
  }

  private static List<String> names(List<Member> members) {
    return members.stream().map(Member::name).toList();
  }

  private static String host(Deployment d, int i) {
    return d.members().get(i).spec().hostAndPort();
  }
}
