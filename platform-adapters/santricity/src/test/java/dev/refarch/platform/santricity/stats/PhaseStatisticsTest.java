package dev.refarch.platform.santricity.stats;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.refarch.platform.santricity.api.internal.Json;
import dev.refarch.platform.santricity.api.model.DriveIoStats;
import dev.refarch.platform.santricity.api.model.VolumeIoStats;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Seals the recorded statistics format with a golden file (see src/test/resources/stats). */
class PhaseStatisticsTest {

  private static final String VOLUME_1 = "02000000600A098000A4B28D0000000000000001";
  private static final String VOLUME_2 = "02000000600A098000A4B28D0000000000000002";
  private static final Set<String> POOL_DRIVES = Set.of(
      "010000005000C500000000000000000000000001", "010000005000C500000000000000000000000002");

  @ParameterizedTest
  @ValueSource(strings = {"und", "de-DE"})
  void factsMatchTheGoldenFileWhateverTheDefaultLocale(String locale) throws Exception {
    Locale saved = Locale.getDefault();
    Locale.setDefault(Locale.forLanguageTag(locale));
    try {
      String facts = phase().facts("stats.run.").entrySet().stream()
          .map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining("\n", "", "\n"));
      assertThat(facts).isEqualTo(resource("stats/phase-facts.golden"));
    } finally {
      Locale.setDefault(saved);
    }
  }

  @Test
  void sumsTheCountersOfBothControllers() throws Exception {
    Counters c = phase().volumes().get("mongo_hdd_1");
    assertThat(c.readOps()).isEqualTo(60_000);
    assertThat(c.readIops()).isEqualTo(1000.0);
  }

  @Test
  void leavesOutVolumesWhoseCountersWereReset() throws Exception {
    PhaseStatistics phase = phase();
    assertThat(phase.volumes()).containsOnlyKeys("mongo_hdd_1");
    assertThat(phase.reset()).containsExactly("mongo_hdd_2");
  }

  @Test
  void takesTheIntervalFromTheArrayClockRatherThanTheWallClock() throws Exception {
    // The snapshots are 5 s apart on the wall clock, 60 s apart on the array's clock.
    assertThat(phase().volumes().get("mongo_hdd_1").seconds()).isEqualTo(60.0);
  }

  @Test
  void fallsBackToTheWallClockWithoutArrayTimes() {
    VolumeIoStats a = new VolumeIoStats(null, null, "v", "v", "c", 0, 0, 0, 0, 0, 0, 0);
    VolumeIoStats b = new VolumeIoStats(null, null, "v", "v", "c", 100, 0, 0, 0, 1000, 0, 0);
    PhaseStatistics phase = PhaseStatistics.between(
        StatisticsSnapshot.of(0, List.of(a), List.of()),
        StatisticsSnapshot.of(10_000, List.of(b), List.of()), Map.of("v", "v"), Set.of());
    assertThat(phase.volumes().get("v").readIops()).isEqualTo(10.0);
    assertThat(phase.volumes().get("v").readLatencyMs()).isEqualTo(0.01);
  }

  @Test
  void omitsLatencyWhereThereWereNoOperations() {
    Counters idle = new Counters(10, 0, 0, 0, 0, 0, 0);
    assertThat(idle.latencyMs()).isNaN();
    assertThat(idle.iops()).isZero();
  }

  private static PhaseStatistics phase() throws IOException {
    StatisticsSnapshot before = StatisticsSnapshot.of(1_000_000,
        Json.readList(json("stats/volume-statistics-before.json"), VolumeIoStats.class),
        Json.readList(json("stats/drive-statistics-before.json"), DriveIoStats.class));
    StatisticsSnapshot after = StatisticsSnapshot.of(1_005_000,
        Json.readList(json("stats/volume-statistics-after.json"), VolumeIoStats.class),
        Json.readList(json("stats/drive-statistics-after.json"), DriveIoStats.class));
    return PhaseStatistics.between(before, after,
        Map.of(VOLUME_1, "mongo_hdd_1", VOLUME_2, "mongo_hdd_2"), POOL_DRIVES);
  }

  static JsonNode json(String name) throws IOException {
    return Json.MAPPER.readTree(resource(name));
  }

  static String resource(String name) throws IOException {
    try (InputStream in = PhaseStatisticsTest.class.getClassLoader().getResourceAsStream(name)) {
      if (in == null) {
        throw new IOException("missing test resource " + name);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
