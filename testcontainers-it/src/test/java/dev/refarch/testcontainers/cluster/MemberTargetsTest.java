package dev.refarch.testcontainers.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.refarch.platform.spi.Topology;
import dev.refarch.platform.spi.config.ConfigurationException;
import org.junit.jupiter.api.Test;

class MemberTargetsTest {

  private static MemberTargets of(String topology) {
    return new MemberTargets(ContainerPlan.of(Topology.parse(topology),
        ContainerSettings.defaults()).members());
  }

  @Test
  void bareRoleNamesTheOnlyReplicaSet() {
    MemberTargets.Target t = of("pss").parse("primary");

    assertThat(t.group()).isEqualTo("rs0");
    assertThat(t.role()).isEqualTo("primary");
    assertThat(t.isRole()).isTrue();
  }

  @Test
  void shardRolesAndMembersArePrefixedOrNamed() {
    MemberTargets targets = of("sharded:2x3");

    assertThat(targets.parse("shard1/secondary")).isEqualTo(
        new MemberTargets.Target("shard1/secondary", "shard1", "secondary", null));
    assertThat(targets.parse("shard0-2")).isEqualTo(
        new MemberTargets.Target("shard0-2", "shard0", null, "shard0-2"));
    assertThat(targets.parse("mongos-0").member()).isEqualTo("mongos-0");
    assertThat(targets.parse("config/config-0").member()).isEqualTo("config-0");
  }

  @Test
  void bareRoleInAShardedClusterAsksForTheReplicaSet() {
    assertThatThrownBy(() -> of("sharded:2x3").parse("primary"))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("fault.target='primary' is not allowed")
        .hasMessageContaining("e.g. shard0/primary");
  }

  @Test
  void secondaryNeedsTwoDataMembers() {
    assertThatThrownBy(() -> of("sharded:2x1").parse("shard0/secondary"))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("shard0 has no secondary");
    assertThat(of("rs=3").rolesOf("rs0")).containsExactly("primary", "secondary");
  }

  @Test
  void unknownTargetListsEveryAllowedForm() {
    assertThatThrownBy(() -> of("rs=1").parse("rs0-7"))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("allowed: primary, rs0/primary, rs0-0");
  }
}
