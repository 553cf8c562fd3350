package dev.refarch.testcontainers.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.refarch.platform.spi.config.ConfigurationException;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ContainerSettingsTest {

  @Test
  void defaultsToACurrentMongoImageAndSmallCaches() {
    ContainerSettings s = ContainerSettings.from(Map.of(), name -> null);

    assertThat(s.image().asCanonicalNameString()).isEqualTo("mongo:8.0");
    assertThat(s.mongosImage()).isEqualTo(s.image());
    assertThat(s.startTimeout()).isEqualTo(Duration.ofSeconds(180));
    assertThat(s.cacheSizeArgument()).isEqualTo("0.25");
    assertThat(s.electionTimeoutMillis()).isEmpty();
    assertThat(s.advertisedHost()).isEmpty();
  }

  @Test
  void readsItsOwnKeysAndLeavesOthersAlone() {
    ContainerSettings s = ContainerSettings.from(Map.of("testcontainers.image",
        "registry.example.com/mongo:7.0.14", "testcontainers.electionTimeoutMillis", "2000",
        "testcontainers.advertisedHost", " host.docker.internal ",
        "local.electionTimeoutMillis", "anything"));

    assertThat(s.image().asCanonicalNameString()).isEqualTo("registry.example.com/mongo:7.0.14");
    assertThat(s.electionTimeoutMillis()).hasValue(2000);
    assertThat(s.advertisedHost()).hasValue("host.docker.internal");
  }

  @Test
  void takesTheImageFromTheEnvironmentWhenNoSettingNamesOne() {
    Map<String, String> env = Map.of(ContainerSettings.IMAGE_ENV, "docker.io/local/mongod:25cf8d0791c0");

    assertThat(ContainerSettings.from(Map.of(), env::get).image().asCanonicalNameString())
        .isEqualTo("docker.io/local/mongod:25cf8d0791c0");
    assertThat(ContainerSettings.from(Map.of("testcontainers.image", "mongo:7.0"), env::get)
        .image().asCanonicalNameString()).isEqualTo("mongo:7.0");
  }

  @Test
  void rejectsABadImageInTheEnvironmentNamingTheVariable() {
    assertThatThrownBy(() -> ContainerSettings.from(Map.of(),
        name -> name.equals(ContainerSettings.IMAGE_ENV) ? "Mongo:8.0!" : null))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("REFARCH_MONGOD_IMAGE='Mongo:8.0!' is not allowed");
  }

  @Test
  void routersTakeTheirOwnImageWhenOneIsNamed() {
    ContainerSettings s = ContainerSettings.from(Map.of("testcontainers.image", "local/mongod:1",
        "testcontainers.mongosImage", "mongo:8.0"), name -> null);

    assertThat(s.image().asCanonicalNameString()).isEqualTo("local/mongod:1");
    assertThat(s.mongosImage().asCanonicalNameString()).isEqualTo("mongo:8.0");
  }

  @Test
  void rejectsMisspeltKeyNamingTheClosest() {
    assertThatThrownBy(() -> ContainerSettings.from(Map.of("testcontainers.imag", "mongo:8.0")))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("testcontainers.imag='mongo:8.0' is not allowed")
        .hasMessageContaining("did you mean 'testcontainers.image'?");
  }

  @Test
  void rejectsAnImageNameDockerWouldNot() {
    assertThatThrownBy(() -> ContainerSettings.from(Map.of("testcontainers.image", "Mongo:8.0!")))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("testcontainers.image='Mongo:8.0!' is not allowed")
        .hasMessageContaining("a Docker image name, e.g. mongo:8.0");
  }

  @Test
  void rejectsACacheBelowMongodsMinimum() {
    assertThatThrownBy(() -> ContainerSettings.from(Map.of(
        "testcontainers.wiredTigerCacheSizeGB", "0.1")))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("a number from 0.25 to 1024.0");
  }
}
