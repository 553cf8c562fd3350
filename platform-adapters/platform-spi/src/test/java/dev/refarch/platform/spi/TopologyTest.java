package dev.refarch.platform.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.refarch.platform.spi.config.ConfigurationException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class TopologyTest {

  @Test
  void parsesTheSeedsVocabulary() {
    assertThat(Topology.parse("standalone")).isEqualTo(Topology.standalone());
    assertThat(Topology.parse("rs=1")).isEqualTo(Topology.replicaSet(1));
    assertThat(Topology.parse("rs=3")).isEqualTo(Topology.replicaSetWithArbiter(2));
    assertThat(Topology.parse("PSS")).isEqualTo(Topology.replicaSet(3));
    assertThat(Topology.parse("rs=5x")).isEqualTo(Topology.replicaSet(5));
    assertThat(Topology.parse("sharded:4x1")).isEqualTo(new Topology.Sharded(4, 1, 1, 1));
    assertThat(Topology.parse("sharded:2x3,cfg=3,routers=2"))
        .isEqualTo(new Topology.Sharded(2, 3, 3, 2));
  }

  @ParameterizedTest
  @ValueSource(strings = {"standalone", "rs=1", "rs=3", "pss", "rs=5x", "rs=3+arbiter",
      "sharded:4x1", "sharded:2x3,cfg=3,routers=2"})
  void labelRoundTrips(String text) {
    assertThat(Topology.parse(Topology.parse(text).label()))
        .isEqualTo(Topology.parse(text));
  }

  @Test
  void labelsUseTheSeedsTerms() {
    assertThat(Topology.replicaSet(1).label()).isEqualTo("rs=1");
    assertThat(Topology.replicaSetWithArbiter(2).label()).isEqualTo("rs=3");
    assertThat(Topology.replicaSet(3).label()).isEqualTo("pss");
    assertThat(Topology.replicaSet(5).label()).isEqualTo("rs=5x");
  }

  @Test
  void countsDataMembers() {
    assertThat(Topology.parse("rs=3").dataMembers()).isEqualTo(2);
    assertThat(((Topology.ReplicaSet) Topology.parse("rs=3")).members()).isEqualTo(3);
    assertThat(Topology.parse("sharded:2x3").dataMembers()).isEqualTo(6);
  }

  @Test
  void rejectsUnknownFormListingAllowedOnes() {
    assertThatThrownBy(() -> Topology.parse("rs=2"))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("topology='rs=2'")
        .hasMessageContaining("rs=3 (2 data + arbiter)");
  }

  @Test
  void rejectsArbiterBesideSingleMember() {
    assertThatThrownBy(() -> Topology.replicaSetWithArbiter(1))
        .hasMessageContaining("an arbiter only beside 2 or more data members");
  }
}
