package dev.refarch.testcontainers.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.refarch.platform.spi.ClusterProvisioner;
import dev.refarch.platform.spi.Topology;
import dev.refarch.platform.spi.config.ConfigurationException;
import dev.refarch.testcontainers.cluster.ExistingClusterProvisioner;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BackendsTest {

  private static final Topology SHARDED = Topology.parse("sharded:2x3");

  @Test
  void choosesTheFirstBackendThatCanAndKeepsTheReasonsOfThoseBefore() {
    Backends.Choice c = Backends.choose(SHARDED, List.of(new FakeProvisioner.Down(),
        new FakeProvisioner(), new FakeProvisioner.Down()));

    assertThat(c.available()).isTrue();
    assertThat(c.chosen().name()).isEqualTo("fake");
    assertThat(c.reasons()).containsExactly("fake-down: switched off for the test");
  }

  @Test
  void withoutABackendSaysWhyForEachInOrder() {
    List<ClusterProvisioner> candidates = Backends.resolve(List.of("uri", "fake-down"),
        "refarch.mongodb.uri", name -> null);

    Backends.Choice c = Backends.choose(SHARDED, candidates);

    assertThat(c.available()).isFalse();
    assertThat(c.skipReason()).isEqualTo("no MongoDB sharded:2x3 here: no URI given"
        + " (-Drefarch.mongodb.uri); fake-down: switched off for the test");
  }

  @Test
  void resolvesUriToTheSystemPropertyAndOtherNamesToProvisioners() {
    List<ClusterProvisioner> candidates = Backends.resolve(
        List.of("uri", "testcontainers", "local"), "my.uri", Map.of("my.uri", "")::get);

    assertThat(candidates).extracting(ClusterProvisioner::name)
        .containsExactly("uri", "testcontainers", "local");
    assertThat(candidates.get(0)).isInstanceOf(ExistingClusterProvisioner.class);
    assertThat(candidates.get(0).unavailableReason(SHARDED)).isEqualTo("no URI given (-Dmy.uri)");
  }

  @Test
  void unknownBackendNameListsTheKnownOnes() {
    assertThatThrownBy(() -> Backends.resolve(List.of("docker"), "p", n -> null))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("cluster='docker' is not allowed")
        .hasMessageContaining("local").hasMessageContaining("testcontainers");
  }

  @Test
  void defaultOrderIsUriThenTestcontainersThenLocal() throws Exception {
    MongoCluster defaults = Annotated.class.getAnnotation(MongoCluster.class);

    assertThat(defaults.backends()).containsExactly("uri", "testcontainers", "local");
    assertThat(defaults.uriProperty()).isEqualTo("refarch.mongodb.uri");
    assertThat(defaults.topology().topology(defaults)).isEqualTo(Topology.parse("rs=1"));
  }

  @MongoCluster
  private static final class Annotated {
  }
}
