package dev.refarch.platform.local.fault;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.refarch.platform.local.process.MemberSpec;
import dev.refarch.platform.local.process.Role;
import dev.refarch.platform.spi.config.ConfigurationException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class TargetParserTest {

  static MemberSpec spec(String name, Role role, String group) {
    return new MemberSpec(name, role, group, 30000, Path.of("/tmp", name), Path.of("/opt/mongod"),
        List.of());
  }

  private final TargetParser rs3 = new TargetParser(List.of(spec("rs0-0", Role.DATA, "rs0"),
      spec("rs0-1", Role.DATA, "rs0"), spec("rs0-2", Role.ARBITER, "rs0")));
  private final TargetParser pss = new TargetParser(List.of(spec("rs0-0", Role.DATA, "rs0"),
      spec("rs0-1", Role.DATA, "rs0"), spec("rs0-2", Role.DATA, "rs0")));
  private final TargetParser sharded = new TargetParser(List.of(
      spec("config-0", Role.CONFIG, "config"), spec("shard0-0", Role.DATA, "shard0"),
      spec("shard0-1", Role.DATA, "shard0"), spec("mongos-0", Role.ROUTER, null)));
  private final TargetParser standalone = new TargetParser(List.of(
      spec("standalone", Role.STANDALONE, "standalone")));

  @Test
  void bareRolesResolveToTheOnlyReplicaSet() {
    assertThat(rs3.parse("primary")).isEqualTo(new FaultTarget("primary", "rs0", "primary", null));
    assertThat(rs3.parse("Secondary").role()).isEqualTo("secondary");
    assertThat(rs3.parse("arbiter").group()).isEqualTo("rs0");
    assertThat(rs3.parse("rs0/arbiter").role()).isEqualTo("arbiter");
  }

  @Test
  void memberNamesResolveToThemselves() {
    assertThat(rs3.parse("rs0-2")).isEqualTo(new FaultTarget("rs0-2", "rs0", null, "rs0-2"));
    assertThat(sharded.parse("mongos-0").member()).isEqualTo("mongos-0");
    assertThat(sharded.parse("shard0/shard0-1").member()).isEqualTo("shard0-1");
  }

  @Test
  void anArbiterNeedsASetWithOne() {
    assertThatThrownBy(() -> pss.parse("arbiter"))
        .isInstanceOf(ConfigurationException.class)
        .hasMessage("fault.target='arbiter' is not allowed; allowed: primary, secondary,"
            + " rs0/primary, rs0/secondary, rs0-0, rs0-1, rs0-2 (rs0 has no arbiter)");
  }

  @Test
  void shardedRolesNeedAReplicaSetPrefix() {
    assertThat(sharded.parse("shard0/primary"))
        .isEqualTo(new FaultTarget("shard0/primary", "shard0", "primary", null));
    assertThat(sharded.parse("config/primary").group()).isEqualTo("config");
    assertThatThrownBy(() -> sharded.parse("primary"))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("prefix the role with one, e.g. config/primary")
        .hasMessageContaining("config/primary, shard0/primary, shard0/secondary");
  }

  @Test
  void aConfigSetOfOneHasNoSecondary() {
    assertThatThrownBy(() -> sharded.parse("config/secondary"))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("config has no secondary");
  }

  @Test
  void unknownGroupsMembersAndWordsAreRejected() {
    assertThatThrownBy(() -> sharded.parse("shard9/primary"))
        .hasMessageContaining("unknown replica set 'shard9'");
    assertThatThrownBy(() -> sharded.parse("shard0/config-0"))
        .hasMessageContaining("no member 'config-0' in shard0");
    assertThatThrownBy(() -> rs3.parse("tertiary"))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("allowed: primary, secondary, arbiter");
  }

  @Test
  void aStandaloneIsItsOwnPrimary() {
    assertThat(standalone.parse("primary").group()).isEqualTo("standalone");
    assertThatThrownBy(() -> standalone.parse("secondary"))
        .hasMessageContaining("standalone has no secondary");
  }
}
