package dev.refarch.platform.local.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.refarch.platform.spi.config.ConfigurationException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LocalSettingsTest {

  @Test
  void defaultsAreSmallAndSafe() {
    LocalSettings s = LocalSettings.defaults();

    assertThat(s.wiredTigerCacheSizeGB()).isEqualTo(0.25);
    assertThat(s.cacheSizeArgument()).isEqualTo("0.25");
    assertThat(s.startTimeout()).isEqualTo(Duration.ofSeconds(60));
    assertThat(s.keepData()).isFalse();
    assertThat(s.extraArgs()).isEmpty();
    assertThat(s.electionTimeoutMillis()).isEmpty();
    assertThat(s.shutdownTimeoutMillis()).isEqualTo(1000);
    assertThat(s.workDir()).isEqualTo(Path.of(System.getProperty("java.io.tmpdir"))
        .toAbsolutePath());
  }

  @Test
  void readsEveryDeclaredKey() {
    LocalSettings s = LocalSettings.from(Map.of(
        "local.wiredTigerCacheSizeGB", "1.5",
        "local.startTimeoutSeconds", "5",
        "local.keepData", "TRUE",
        "local.extraArgs", "  --setParameter  ttlMonitorEnabled=false ",
        "local.electionTimeoutMillis", "2000",
        "local.workDir", "/var/tmp/x",
        "local.shutdownTimeoutMillis", "0"));

    assertThat(s.cacheSizeArgument()).isEqualTo("1.5");
    assertThat(s.startTimeout()).isEqualTo(Duration.ofSeconds(5));
    assertThat(s.keepData()).isTrue();
    assertThat(s.extraArgs()).containsExactly("--setParameter", "ttlMonitorEnabled=false");
    assertThat(s.electionTimeoutMillis()).hasValue(2000);
    assertThat(s.workDir()).isEqualTo(Path.of("/var/tmp/x"));
    assertThat(s.shutdownTimeoutMillis()).isZero();
  }

  @Test
  void rejectsUnknownLocalKeyNamingTheClosestOne() {
    assertThatThrownBy(() -> LocalSettings.from(Map.of("local.wiredTigerCacheSizeGb", "1")))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("local.wiredTigerCacheSizeGb='1' is not allowed")
        .hasMessageContaining("did you mean 'local.wiredTigerCacheSizeGB'?");
  }

  @Test
  void ignoresKeysOfOtherModules() {
    LocalSettings s = LocalSettings.from(Map.of("mongodb.durability", "balanced",
        "localx.foo", "1"));

    assertThat(s).isEqualTo(LocalSettings.defaults());
  }

  @Test
  void rejectsCacheBelowMongodsMinimum() {
    assertThatThrownBy(() -> LocalSettings.from(Map.of("local.wiredTigerCacheSizeGB", "0.1")))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("a number from 0.25 to 1024.0");
  }

  @Test
  void rejectsNonBooleanKeepData() {
    assertThatThrownBy(() -> LocalSettings.from(Map.of("local.keepData", "yes")))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("local.keepData='yes'");
  }

  @Test
  void everySettingIsInTheReadmeTable() {
    String table = LocalSettings.GROUP.markdownTable();

    assertThat(LocalSettings.GROUP.settings()).hasSize(9);
    LocalSettings.GROUP.settings().forEach(s -> assertThat(table).contains("`" + s.key() + "`"));
  }

  @Test
  void extraArgumentsAreCopied() {
    java.util.ArrayList<String> args = new java.util.ArrayList<>(List.of("--a"));
    LocalSettings s = new LocalSettings(0.25, Duration.ofSeconds(1), false, args,
        java.util.OptionalInt.empty(), Path.of("/tmp"), 1000, java.util.Optional.empty());
    args.add("--b");

    assertThat(s.extraArgs()).containsExactly("--a");
  }
}
