package dev.refarch.platform.santricity.hook;

import static dev.refarch.platform.santricity.Fixtures.allSsd;
import static dev.refarch.platform.santricity.Fixtures.hybrid;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.refarch.platform.santricity.Fixtures;
import dev.refarch.platform.santricity.RecordingContext;
import dev.refarch.platform.santricity.config.Tr4501;
import dev.refarch.platform.santricity.testdouble.SantricityTestDouble;
import dev.refarch.platform.santricity.testdouble.SantricityTestDouble.Flavor;
import dev.refarch.platform.spi.Phase;
import dev.refarch.platform.spi.PhaseOutcome;
import dev.refarch.platform.spi.config.ConfigurationException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class SantricityHookIT {

  private SantricityTestDouble array;

  private SantricityTestDouble start(Flavor flavor) {
    array = SantricityTestDouble.start(flavor);
    return array;
  }

  @AfterEach
  void stop() {
    if (array != null) {
      array.close();
    }
  }

  private static SantricityHook hook() {
    return new SantricityHook(Fixtures.environment(), Clock.systemUTC());
  }

  @ParameterizedTest
  @EnumSource(Flavor.class)
  void buildsTheHybridConfigurationOfStudyC2(Flavor flavor) {
    start(flavor);
    RecordingContext context = new RecordingContext(Phase.LOAD, hybrid(array));

    hook().before(context);

    array.array(a -> {
      var pool = a.poolNamed(Tr4501.HDD_POOL).orElseThrow();
      assertThat(pool.raidStatus()).isEqualTo("optimal");
      assertThat(a.cache()).hasValueSatisfying(c -> assertThat(c.driveIds()).hasSize(4));
      for (int i = 1; i <= 8; i++) {
        var volume = a.volumeNamed("mongo_hdd_" + i).orElseThrow();
        assertThat(volume.capacity()).isEqualTo(1397L << 30);
        assertThat(volume.flashCached()).isTrue();
      }
      return null;
    });
    assertThat(context.facts()).containsEntry("pool.name", Tr4501.HDD_POOL)
        .containsEntry("pool.raidLevel", "ddp").containsEntry("pool.driveType", "hdd")
        .containsEntry("pool.driveCount", "20").containsEntry("pool.created", "true")
        .containsEntry("volume.mongo_hdd_1.capacityGiB", "1397")
        .containsEntry("volume.mongo_hdd_8.ssdCache", "true")
        .containsEntry("cache.present", "true").containsEntry("cache.driveCount", "4")
        .containsEntry("cache.status", "optimal").containsEntry("cache.mode", "enabled")
        .containsEntry("system.id", "1").containsEntry("system.wwn", "600A098000A4B28D000000005B4E3F1C")
        .containsEntry("api.generation", flavor == Flavor.V12_0X ? "12.0x" : "11.9x")
        .containsEntry("api.ssdCacheResource", flavor == Flavor.V12_0X ? "ssd-caches" : "flash-cache")
        .containsKeys("system.fwVersion", "api.webServicesVersion", "pool.id", "volume.mongo_hdd_1.id",
            "cache.id", "cache.drives");
    assertThat(context.fact("pool.reservedDrives")).isEqualTo(flavor == Flavor.V12_0X ? "2" : "1");
    if (flavor == Flavor.V11_9X) {
      assertThat(context.logLines()).anyMatch(l -> l.contains("reservedDrives is not sent"));
    }
  }

  @Test
  void runningBeforeAgainChangesNothing() {
    start(Flavor.V12_0X);
    Map<String, String> settings = hybrid(array);
    hook().before(new RecordingContext(Phase.LOAD, settings));
    assertThat(array.mutatingRequests()).isGreaterThan(0);
    array.clearExchanges();

    SantricityHook again = hook();
    RecordingContext context = new RecordingContext(Phase.LOAD, settings);
    again.before(context);
    again.before(context.in(Phase.RUN));

    assertThat(array.mutatingRequests()).isZero();
    assertThat(context.fact("changes")).isEqualTo("none");
    assertThat(context.fact("pool.created")).isEqualTo("false");
  }

  @Test
  void failsOnAnUnknownPoolBeforeChangingAnything() {
    start(Flavor.V12_0X);
    hook().before(new RecordingContext(Phase.LOAD, allSsd(array)));
    array.clearExchanges();
    RecordingContext context = new RecordingContext(Phase.LOAD, hybrid(array,
        "santricity.pool.name", "mongo_ssd_dpp", "santricity.pool.create", "false"));

    assertThatThrownBy(() -> hook().before(context))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("santricity.pool.name='mongo_ssd_dpp' is not allowed")
        .hasMessageContaining("an existing pool of storage system '1': mongo_ssd_ddp")
        .hasMessageContaining("did you mean 'mongo_ssd_ddp'?");
    assertThat(array.mutatingRequests()).isZero();
  }

  @Test
  void failsOnTooFewFreeDrivesBeforeChangingAnything() {
    start(Flavor.V12_0X);
    RecordingContext context = new RecordingContext(Phase.LOAD, allSsd(array,
        "santricity.pool.driveCount", "30"));
    assertThatThrownBy(() -> hook().before(context))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("santricity.pool.driveCount='30'")
        .hasMessageContaining("has 28 free ssd drives for the pool");
    assertThat(array.mutatingRequests()).isZero();
  }

  @Test
  void rejectsAnExistingPoolOfAnotherRaidLevel() {
    start(Flavor.V12_0X);
    hook().before(new RecordingContext(Phase.LOAD, hybrid(array)));
    array.clearExchanges();
    RecordingContext context = new RecordingContext(Phase.LOAD, hybrid(array,
        "santricity.pool.raidLevel", "raid6", "santricity.pool.driveCount", "20",
        "santricity.pool.reservedDrives", ""));
    assertThatThrownBy(() -> hook().before(context))
        .hasMessageContaining("santricity.pool.raidLevel='raid6'")
        .hasMessageContaining("ddp, the level of the existing pool 'mongo_hdd_ddp'");
    assertThat(array.mutatingRequests()).isZero();
  }

  @Test
  void continuesWhenAVolumeCreateAnswered422ButCreatedIt() {
    start(Flavor.V12_0X);
    array.failNext("POST", "storage-systems/1/volumes", 422, "unknown", "Created volume not found",
        true);
    RecordingContext context = new RecordingContext(Phase.LOAD, hybrid(array));
    hook().before(context);
    assertThat(context.logLines()).anyMatch(l -> l.contains("create volume 'mongo_hdd_1'")
        && l.contains("answered HTTP 422, but the volume exists: continuing"));
    assertThat(array.<Boolean>array(a -> a.volumeNamed("mongo_hdd_8").isPresent())).isTrue();
  }

  @Test
  void namesTheVolumeAndNetAppsErrorWhenACreateIsRefused() {
    start(Flavor.V12_0X);
    array.failNext("POST", "storage-systems/1/volumes", 422, "maxVolumesExceeded",
        "The maximum number of volumes has been reached", false);
    assertThatThrownBy(() -> hook().before(new RecordingContext(Phase.LOAD, hybrid(array))))
        .hasMessageContaining("create volume 'mongo_hdd_1' (1397 GiB) in pool 'mongo_hdd_ddp'")
        .hasMessageContaining("HTTP 422")
        .hasMessageContaining("The maximum number of volumes has been reached")
        .hasMessageContaining("retcode maxVolumesExceeded");
  }

  @Test
  void explainsAnOfflineArrayBeforeChangingAnything() {
    start(Flavor.V12_0X);
    array.setOffline(true);
    assertThatThrownBy(() -> hook().before(new RecordingContext(Phase.LOAD, hybrid(array))))
        .hasMessageContaining("read storage system '1'")
        .hasMessageContaining("HTTP 424 (storage system offline)")
        .hasMessageContaining("storage system '1' is offline");
    assertThat(array.mutatingRequests()).isZero();
  }

  @Test
  void rejectsBadCredentialsBeforeChangingAnything(@TempDir Path dir) throws Exception {
    start(Flavor.V12_0X);
    Path file = Files.writeString(dir.resolve("password"), "not-the-password\n");
    RecordingContext context = new RecordingContext(Phase.LOAD, hybrid(array,
        "santricity.passwordFile", file.toString()));
    SantricityHook hook = hook();
    hook.validate(context.settings());
    assertThatThrownBy(() -> hook.before(context))
        .hasMessageContaining("HTTP 401 (authentication failed)")
        .hasMessageContaining("user 'admin'")
        .hasMessageContaining("santricity.passwordFile")
        .hasMessageNotContaining("not-the-password");
    assertThat(array.mutatingRequests()).isZero();
    hook.after(context, PhaseOutcome.failed("before failed"));
    assertThat(context.fact("restore.load")).isEqualTo("nothing to restore: before changed nothing");
    assertThat(array.exchanges()).allMatch(e -> e.status() == 401);
  }

  @Test
  void validatesWithoutContactingTheArray() {
    start(Flavor.V12_0X);
    assertThatThrownBy(() -> hook().validate(hybrid(array, "santricity.cache.mode", "on")))
        .hasMessageContaining("santricity.cache.mode='on'")
        .hasMessageContaining("unchanged, enabled, disabled, suspended");
    assertThatThrownBy(() -> new SantricityHook(name -> null, Clock.systemUTC())
        .validate(hybrid(array)))
        .hasMessageContaining("SANTRICITY_PASSWORD");
    assertThat(array.exchanges()).isEmpty();
  }

  @Test
  void recordsPerVolumeRatesOfThePhase() {
    start(Flavor.V12_0X);
    SantricityHook hook = hook();
    RecordingContext context = new RecordingContext(Phase.RUN, hybrid(array));
    hook.before(context);
    // 30 s of 2 KB reads: 600 000 reads at 1.5 ms on volume 1, 80 % from the SSD cache.
    array.withArray(a -> a.serve("mongo_hdd_1", 600_000, 30_000, 2048, 600_000L * 1500,
        30_000L * 500, 480_000, 30_000));
    hook.after(context, PhaseOutcome.success());

    assertThat(context.facts())
        .containsEntry("stats.run.volume.mongo_hdd_1.seconds", "30.000")
        .containsEntry("stats.run.volume.mongo_hdd_1.readIops", "20000.0")
        .containsEntry("stats.run.volume.mongo_hdd_1.writeIops", "1000.0")
        .containsEntry("stats.run.volume.mongo_hdd_1.readLatencyMs", "1.500")
        .containsEntry("stats.run.volume.mongo_hdd_1.readMBps", "40.960")
        .containsEntry("stats.run.volume.mongo_hdd_1.ssdCacheHitPct", "80.0")
        .containsEntry("stats.run.volume.mongo_hdd_2.iops", "0.0")
        .containsEntry("stats.run.total.iops", "21000.0")
        .containsEntry("stats.run.drive." + firstHdd() + ".readIops", "1000.0");
  }

  private String firstHdd() {
    return array.<String>array(a -> a.drives().stream().filter(d -> d.media().equals("hdd"))
        .findFirst().orElseThrow().id());
  }

  @Test
  void waitsUntilNewVolumesHaveInitialized() {
    start(Flavor.V11_9X);
    array.withArray(a -> a.initReads = 3);
    RecordingContext context = new RecordingContext(Phase.LOAD, hybrid(array));

    hook().before(context);

    assertThat(array.<java.util.List<String>>array(a -> a.volumes().stream()
        .map(v -> v.action()).distinct().toList())).containsExactly("none");
    assertThat(context.fact("changes")).contains("s for the volumes to finish initializing");
    assertThat(context.logLines()).anyMatch(l -> l.contains("waiting for 8 volume(s) to finish: "
        + "mongo_hdd_1 (initializing)"));
    int lastInitializing = lastIndexOf(array.exchanges(), e -> e.responseBody()
        .contains("\"initializing\""));
    int statistics = lastIndexOf(array.exchanges(), e -> e.path().endsWith(
        "/volume-statistics"));
    assertThat(lastInitializing).as("the phase's statistics start after initialization")
        .isLessThan(statistics);
  }

  @Test
  void doesNotWaitForVolumesThatAreReady() {
    start(Flavor.V12_0X);
    hook().before(new RecordingContext(Phase.LOAD, hybrid(array)));
    RecordingContext context = new RecordingContext(Phase.RUN, hybrid(array));

    hook().before(context);

    assertThat(context.fact("changes")).isEqualTo("none");
    assertThat(context.logLines()).noneMatch(l -> l.contains("waiting for"));
  }

  private static int lastIndexOf(java.util.List<SantricityTestDouble.Exchange> exchanges,
      java.util.function.Predicate<SantricityTestDouble.Exchange> test) {
    for (int i = exchanges.size() - 1; i >= 0; i--) {
      if (test.test(exchanges.get(i))) {
        return i;
      }
    }
    return -1;
  }

  @Test
  void logsInOnceWithSessionAuthentication() {
    start(Flavor.V12_0X);
    SantricityHook hook = hook();
    RecordingContext context = new RecordingContext(Phase.RUN, hybrid(array,
        "santricity.auth", "session"));
    hook.before(context);
    hook.after(context, PhaseOutcome.success());
    assertThat(array.exchanges()).filteredOn(e -> e.path().endsWith("/access-token")).hasSize(1);
    assertThat(array.exchanges()).filteredOn(e -> !e.path().endsWith("/access-token"))
        .allMatch(e -> e.auth().equals("Bearer"));
  }
}
