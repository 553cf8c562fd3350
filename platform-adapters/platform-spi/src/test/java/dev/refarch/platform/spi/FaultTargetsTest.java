package dev.refarch.platform.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.refarch.platform.spi.FaultTarget.Role;
import dev.refarch.platform.spi.FaultTargets.Kind;
import dev.refarch.platform.spi.FaultTargets.Member;
import dev.refarch.platform.spi.config.ConfigurationException;
import java.util.List;
import org.junit.jupiter.api.Test;

class FaultTargetsTest {

  private static Member m(String name, String set, Kind kind) {
    return new Member(name, set, kind);
  }

  /** Primary, secondary, arbiter. */
  private final FaultTargets psa = new FaultTargets(List.of(m("rs0-0", "rs0", Kind.DATA),
      m("rs0-1", "rs0", Kind.DATA), m("rs0-2", "rs0", Kind.ARBITER)));
  /** Five data members: four secondaries. */
  private final FaultTargets rs5 = new FaultTargets(List.of(m("rs0-0", "rs0", Kind.DATA),
      m("rs0-1", "rs0", Kind.DATA), m("rs0-2", "rs0", Kind.DATA), m("rs0-3", "rs0", Kind.DATA),
      m("rs0-4", "rs0", Kind.DATA)));
  private final FaultTargets sharded = new FaultTargets(List.of(
      m("config-0", "config", Kind.CONFIG), m("shard0-0", "shard0", Kind.DATA),
      m("shard0-1", "shard0", Kind.DATA), m("shard1-0", "shard1", Kind.DATA),
      m("mongos-0", null, Kind.ROUTER)));
  private final FaultTargets standalone = new FaultTargets(List.of(
      m("standalone", "standalone", Kind.DATA)));

  @Test
  void bareRolesNameTheOnlyReplicaSet() {
    assertThat(psa.parse("primary"))
        .isEqualTo(new FaultTarget("primary", "rs0", Role.PRIMARY, 1, null));
    assertThat(psa.parse("Secondary").role()).isEqualTo(Role.SECONDARY);
    assertThat(psa.parse("arbiter").replicaSet()).isEqualTo("rs0");
    assertThat(psa.parse("rs0/arbiter").role()).isEqualTo(Role.ARBITER);
    assertThat(standalone.parse("primary").replicaSet()).isEqualTo("standalone");
  }

  @Test
  void theNthSecondaryIsCountedByName() {
    FaultTarget third = rs5.parse("secondary:3");
    assertThat(third).isEqualTo(new FaultTarget("secondary:3", "rs0", Role.SECONDARY, 3, null));
    assertThat(rs5.parse("rs0/secondary:1")).isEqualTo(
        new FaultTarget("rs0/secondary:1", "rs0", Role.SECONDARY, 1, null));
    // the members holding the role when the fault fires, in any order: the third by name
    assertThat(third.pick(List.of("rs0-4", "rs0-1", "rs0-3", "rs0-0"))).contains("rs0-3");
    assertThat(third.pick(List.of("rs0-4", "rs0-1"))).isEmpty();
    assertThat(rs5.parse("secondary").pick(List.of("rs0-2", "rs0-1"))).contains("rs0-1");
    assertThat(third.describe()).isEqualTo("secondary:3");
  }

  @Test
  void aSecondaryBeyondTheSetsCountIsRejected() {
    assertThatThrownBy(() -> rs5.parse("secondary:5"))
        .isInstanceOf(ConfigurationException.class)
        .hasMessage("fault.target='secondary:5' is not allowed; allowed: primary, secondary,"
            + " secondary:2, secondary:3, secondary:4, rs0/primary, rs0/secondary,"
            + " rs0/secondary:2, rs0/secondary:3, rs0/secondary:4, rs0-0, rs0-1, rs0-2, rs0-3,"
            + " rs0-4 (rs0 has 4 secondaries)");
    assertThatThrownBy(() -> rs5.parse("secondary:0"))
        .hasMessageContaining("(secondary:n counts from 1)");
    assertThatThrownBy(() -> psa.parse("secondary:2"))
        .hasMessageContaining("(rs0 has 1 secondary)");
  }

  @Test
  void membersNameThemselves() {
    assertThat(psa.parse("rs0-2"))
        .isEqualTo(new FaultTarget("rs0-2", "rs0", null, 1, "rs0-2"));
    assertThat(sharded.parse("mongos-0")).isEqualTo(
        new FaultTarget("mongos-0", null, null, 1, "mongos-0"));
    assertThat(sharded.parse("shard0/shard0-1").member()).isEqualTo("shard0-1");
  }

  @Test
  void anArbiterNeedsASetWithOne() {
    assertThatThrownBy(() -> rs5.parse("arbiter"))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageEndingWith("(rs0 has no arbiter)");
    assertThat(psa.rolesOf("rs0")).containsExactly("primary", "secondary", "arbiter");
  }

  @Test
  void shardedRolesNameTheirReplicaSet() {
    assertThat(sharded.parse("shard0/primary"))
        .isEqualTo(new FaultTarget("shard0/primary", "shard0", Role.PRIMARY, 1, null));
    assertThat(sharded.parse("config/primary").replicaSet()).isEqualTo("config");
    assertThatThrownBy(() -> sharded.parse("primary"))
        .isInstanceOf(ConfigurationException.class)
        .hasMessage("fault.target='primary' is not allowed; allowed: config/primary,"
            + " shard0/primary, shard0/secondary, shard1/primary, config-0, shard0-0, shard0-1,"
            + " shard1-0, mongos-0 (several replica sets: prefix the role with one, e.g."
            + " shard0/primary)");
  }

  @Test
  void aSetOfOneHasNoSecondary() {
    assertThatThrownBy(() -> sharded.parse("config/secondary"))
        .hasMessageEndingWith("(config has no secondary)");
    assertThatThrownBy(() -> standalone.parse("secondary"))
        .hasMessageEndingWith("(standalone has no secondary)");
  }

  @Test
  void unknownSetsMembersAndWordsAreRejected() {
    assertThatThrownBy(() -> sharded.parse("shard9/primary"))
        .hasMessageEndingWith("(unknown replica set 'shard9')");
    assertThatThrownBy(() -> sharded.parse("shard0/config-0"))
        .hasMessageEndingWith("(no member 'config-0' in shard0)");
    assertThatThrownBy(() -> psa.parse("primray"))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageEndingWith("(did you mean 'primary'?)");
    assertThatThrownBy(() -> new FaultTargets(List.of(m("mongos-0", null, Kind.ROUTER)))
        .parse("primary")).hasMessageEndingWith("(this cluster has no replica set)");
  }
}
