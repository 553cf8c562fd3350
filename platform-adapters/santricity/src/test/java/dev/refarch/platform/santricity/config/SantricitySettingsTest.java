package dev.refarch.platform.santricity.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.refarch.platform.santricity.api.AuthMode;
import dev.refarch.platform.santricity.api.model.DriveType;
import dev.refarch.platform.santricity.api.model.RaidLevel;
import dev.refarch.platform.spi.config.ConfigurationException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SantricitySettingsTest {

  private static Map<String, String> base(String... keysAndValues) {
    Map<String, String> p = new HashMap<>();
    p.put("santricity.url", "https://10.0.0.20:8443");
    p.put("santricity.pool.driveCount", "24");
    for (int i = 0; i < keysAndValues.length; i += 2) {
      p.put(keysAndValues[i], keysAndValues[i + 1]);
    }
    return p;
  }

  @Test
  void rejectsUnknownKeyNamingTheClosestKnownOne() {
    assertThatThrownBy(() -> SantricitySettings.from(base("santricity.pool.drivecnt", "20")))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("santricity.pool.drivecnt")
        .hasMessageContaining("did you mean 'santricity.pool.driveCount'?");
  }

  @Test
  void rejectsAPasswordPropertyWithoutPrintingIt() {
    assertThatThrownBy(() -> SantricitySettings.from(base("santricity.password", "hunter2")))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("santricity.password='***'")
        .hasMessageContaining("SANTRICITY_PASSWORD")
        .hasMessageNotContaining("hunter2");
  }

  @Test
  void requiresTheUrl() {
    Map<String, String> p = base();
    p.remove("santricity.url");
    assertThatThrownBy(() -> SantricitySettings.from(p))
        .hasMessageContaining("santricity.url=(missing)")
        .hasMessageContaining("https://10.0.0.20:8443");
  }

  @Test
  void rejectsCredentialsInTheUrlAndMasksThem() {
    assertThatThrownBy(() -> SantricitySettings.from(base("santricity.url",
        "https://admin:hunter2@10.0.0.20:8443")))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("SANTRICITY_PASSWORD")
        .hasMessageNotContaining("hunter2");
  }

  @Test
  void appendsTheBasePathToTheUrl() {
    assertThat(SantricitySettings.from(base()).connection().apiRoot())
        .isEqualTo("https://10.0.0.20:8443/devmgr/v2");
    assertThat(SantricitySettings.from(base("santricity.url", "https://a:8443/devmgr/v2/"))
        .connection().apiRoot()).isEqualTo("https://a:8443/devmgr/v2");
  }

  @Test
  void rejectsADiskPoolOfTooFewDrives() {
    assertThatThrownBy(() -> SantricitySettings.from(base("santricity.pool.driveCount", "8")))
        .hasMessageContaining("santricity.pool.driveCount='8'")
        .hasMessageContaining("an integer from 11 to 480 for raid level ddp");
  }

  @Test
  void rejectsAnOddRaid1DriveCount() {
    assertThatThrownBy(() -> SantricitySettings.from(base("santricity.pool.raidLevel", "raid1",
        "santricity.pool.driveCount", "5")))
        .hasMessageContaining("even for raid level raid1");
  }

  @Test
  void rejectsARaid6GroupOfMoreThanThirtyDrives() {
    assertThatThrownBy(() -> SantricitySettings.from(base("santricity.pool.raidLevel", "raid6",
        "santricity.pool.driveCount", "31")))
        .hasMessageContaining("an integer from 5 to 30 for raid level raid6");
  }

  @Test
  void rejectsAnUnknownRaidLevelSuggestingTheClosest() {
    assertThatThrownBy(() -> SantricitySettings.from(base("santricity.pool.raidLevel", "raid-6")))
        .hasMessageContaining("santricity.pool.raidLevel='raid-6'")
        .hasMessageContaining("ddp, raid0, raid1, raid5, raid6")
        .hasMessageContaining("did you mean 'raid6'?");
  }

  @Test
  void requiresADriveCountToCreateAPool() {
    Map<String, String> p = base();
    p.remove("santricity.pool.driveCount");
    assertThatThrownBy(() -> SantricitySettings.from(p))
        .hasMessageContaining("santricity.pool.driveCount=(missing)")
        .hasMessageContaining("santricity.pool.create=false");
    p.put("santricity.pool.create", "false");
    assertThat(SantricitySettings.from(p).pool().driveCount()).isEmpty();
  }

  @Test
  void rejectsReservedDrivesOutsideDiskPools() {
    assertThatThrownBy(() -> SantricitySettings.from(base("santricity.pool.raidLevel", "raid6",
        "santricity.pool.driveCount", "10", "santricity.pool.reservedDrives", "2")))
        .hasMessageContaining("santricity.pool.reservedDrives='2'")
        .hasMessageContaining("santricity.pool.raidLevel=ddp");
  }

  @Test
  void rejectsTrustingAnyAndSomeCertificatesAtOnce(@TempDir Path dir) throws Exception {
    Path pem = Files.writeString(dir.resolve("ca.pem"), "x");
    assertThatThrownBy(() -> SantricitySettings.from(base("santricity.insecure", "true",
        "santricity.trustCertificates", pem.toString())))
        .hasMessageContaining("santricity.insecure='true'")
        .hasMessageContaining("santricity.trustCertificates");
  }

  @Test
  void rejectsAPasswordFileThatDoesNotExist(@TempDir Path dir) {
    assertThatThrownBy(() -> SantricitySettings.from(base("santricity.passwordFile",
        dir.resolve("missing").toString())))
        .hasMessageContaining("santricity.passwordFile=")
        .hasMessageContaining("no readable file");
  }

  @Test
  void rejectsAnUnknownApiGeneration() {
    assertThatThrownBy(() -> SantricitySettings.from(base("santricity.api", "11.5x")))
        .hasMessageContaining("auto, 11.9x, 12.0x");
  }

  @Test
  void builderGivesWhatPropertiesGive() {
    SantricitySettings built = SantricitySettings.builder().url("https://10.0.0.20:8443")
        .pool("mongo_hdd_ddp", RaidLevel.DDP, DriveType.HDD, 20).reservedDrives(2)
        .volumes(8, "mongo_hdd", 1397).cache(CacheMode.ENABLED, 4).build();
    SantricitySettings parsed = SantricitySettings.from(Map.of(
        "santricity.url", "https://10.0.0.20:8443", "santricity.pool.name", "mongo_hdd_ddp",
        "santricity.pool.driveType", "hdd", "santricity.pool.driveCount", "20",
        "santricity.pool.reservedDrives", "2", "santricity.volume.count", "8",
        "santricity.volume.prefix", "mongo_hdd", "santricity.volume.sizeGb", "1397",
        "santricity.cache.mode", "enabled", "santricity.cache.driveCount", "4"));
    assertThat(built).isEqualTo(parsed);
    assertThat(built.volumes().names()).containsExactly("mongo_hdd_1", "mongo_hdd_2",
        "mongo_hdd_3", "mongo_hdd_4", "mongo_hdd_5", "mongo_hdd_6", "mongo_hdd_7", "mongo_hdd_8");
  }

  @Test
  void defaultsAreSafe() {
    SantricitySettings s = SantricitySettings.from(base());
    assertThat(s.connection().insecure()).isFalse();
    assertThat(s.connection().auth()).isEqualTo(AuthMode.BASIC);
    assertThat(s.cache().mode()).isEqualTo(CacheMode.UNCHANGED);
    assertThat(s.fault().allow()).isFalse();
    assertThat(s.teardown()).isFalse();
    assertThat(s.restore()).isEqualTo(RestorePolicy.RUN);
  }

  @Test
  void everyTr4501PresetIsValid() {
    for (Map<String, String> preset : java.util.List.of(Tr4501.c1AllSsd(), Tr4501.c2AllSsd(),
        Tr4501.c2HddWithSsdCache(), Tr4501.c2HddOnly(), Tr4501.c3ActiveDataset(),
        Tr4501.c4DriveFailureSsd(), Tr4501.c4DriveFailureHdd())) {
      Map<String, String> p = new HashMap<>(preset);
      p.put("santricity.url", "https://10.0.0.20:8443");
      assertThat(SantricitySettings.from(p).pool().reservedDrives()).hasValue(2);
    }
  }

  @Test
  void c2ConfigurationsDifferOnlyWhereThePaperDoes() {
    SantricitySettings hybrid = parse(Tr4501.c2HddWithSsdCache());
    SantricitySettings hddOnly = parse(Tr4501.c2HddOnly());
    SantricitySettings allSsd = parse(Tr4501.c2AllSsd());
    assertThat(hybrid.pool()).isEqualTo(hddOnly.pool());
    assertThat(hybrid.cache().mode()).isEqualTo(CacheMode.ENABLED);
    assertThat(hddOnly.cache().mode()).isEqualTo(CacheMode.DISABLED);
    assertThat(allSsd.pool().driveType()).isEqualTo(DriveType.SSD);
    assertThat(allSsd.pool().driveCount()).hasValue(24);
    assertThat(hybrid.pool().driveCount()).hasValue(20);
    assertThat(hybrid.cache().driveCount()).isEqualTo(4);
  }

  private static SantricitySettings parse(Map<String, String> preset) {
    Map<String, String> p = new HashMap<>(preset);
    p.put("santricity.url", "https://10.0.0.20:8443");
    return SantricitySettings.from(p);
  }
}
