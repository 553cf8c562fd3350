package dev.refarch.platform.santricity.hook;

import static dev.refarch.platform.santricity.Fixtures.allSsd;
import static dev.refarch.platform.santricity.Fixtures.hybrid;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.refarch.platform.santricity.Fixtures;
import dev.refarch.platform.santricity.RecordingContext;
import dev.refarch.platform.santricity.config.Tr4501;
import dev.refarch.platform.santricity.testdouble.ArrayState;
import dev.refarch.platform.santricity.testdouble.SantricityTestDouble;
import dev.refarch.platform.santricity.testdouble.SantricityTestDouble.Flavor;
import dev.refarch.platform.spi.Phase;
import dev.refarch.platform.spi.PhaseOutcome;
import dev.refarch.platform.spi.PlatformException;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What {@code after} puts back: the SSD cache state, the volumes' cache settings, and the pool and
 * volumes the hook created — per {@code santricity.restore}, always after a failed phase, unless
 * {@code santricity.keepCreated} keeps them after success — and what it reports when it cannot.
 */
class SantricityRestoreIT {

  private SantricityTestDouble array;
  private List<String> start;

  private void start(Flavor flavor) {
    array = SantricityTestDouble.start(flavor);
    start = described();
  }

  @AfterEach
  void stop() {
    if (array != null) {
      array.close();
    }
  }

  private List<String> described() {
    return array.array(ArrayState::describe);
  }

  private boolean cachePresent() {
    return array.<Boolean>array(a -> a.cache().isPresent());
  }

  private static SantricityHook hook() {
    return new SantricityHook(Fixtures.environment(), Clock.systemUTC());
  }

  @Test
  void deletesWhatItCreatedWhenThePhaseFailed() {
    start(Flavor.V12_0X);
    SantricityHook hook = hook();
    RecordingContext context = new RecordingContext(Phase.RUN, hybrid(array));
    hook.before(context);

    hook.after(context, PhaseOutcome.failed("client 3 crashed"));

    assertThat(described()).isEqualTo(start);
    assertThat(context.fact("restore.run")).contains("deleted SSD cache 'mongo_ssd_cache'",
        "deleted volume 'mongo_hdd_8' (created by this hook)",
        "deleted pool 'mongo_hdd_ddp' (created by this hook)");
    assertThat(context.fact("cache.afterRun.present")).isEqualTo("false");
  }

  @Test
  void restoresAFailedLoadPhaseToo() {
    start(Flavor.V11_9X);
    SantricityHook hook = hook();
    RecordingContext context = new RecordingContext(Phase.LOAD, hybrid(array));
    hook.before(context);
    hook.after(context, PhaseOutcome.failed("load failed"));
    assertThat(described()).isEqualTo(start);
    assertThat(context.fact("restore.load")).contains("deleted SSD cache", "deleted pool");
  }

  @Test
  void keepsTheCacheWarmBetweenLoadAndRun() {
    start(Flavor.V12_0X);
    SantricityHook hook = hook();
    RecordingContext context = new RecordingContext(Phase.LOAD, hybrid(array));
    hook.before(context);
    hook.after(context, PhaseOutcome.success());
    assertThat(context.fact("restore.load")).isEqualTo("deferred (santricity.restore=run)");
    assertThat(cachePresent()).isTrue();
    array.clearExchanges();

    hook.before(context.in(Phase.RUN));
    assertThat(array.mutatingRequests()).isZero();
    hook.after(context, PhaseOutcome.success());

    assertThat(described()).isEqualTo(start);
    assertThat(context.fact("restore.run")).contains("deleted SSD cache");
  }

  @Test
  void restoresAfterEachPhaseWhenAsked() {
    start(Flavor.V12_0X);
    SantricityHook hook = hook();
    RecordingContext context = new RecordingContext(Phase.LOAD, hybrid(array,
        "santricity.restore", "each-phase"));
    hook.before(context);
    hook.after(context, PhaseOutcome.success());
    assertThat(described()).isEqualTo(start);
  }

  @Test
  void restoresAFailedPhaseEvenWithRestoreNever() {
    start(Flavor.V12_0X);
    SantricityHook hook = hook();
    RecordingContext context = new RecordingContext(Phase.RUN, hybrid(array,
        "santricity.restore", "never"));
    hook.before(context);
    hook.after(context, PhaseOutcome.failed("run failed"));
    assertThat(described()).isEqualTo(start);
  }

  @Test
  void keepsCreatedStorageAfterSuccessWhenAskedButNotAfterAFailure() {
    start(Flavor.V12_0X);
    RecordingContext kept = new RecordingContext(Phase.RUN, hybrid(array,
        "santricity.keepCreated", "true"));
    SantricityHook first = hook();
    first.before(kept);
    first.after(kept, PhaseOutcome.success());
    assertThat(kept.fact("restore.run")).contains("deleted SSD cache",
        "kept the pool and volumes created by this hook (santricity.keepCreated=true)");
    assertThat(array.<Integer>array(a -> a.volumes().size())).isEqualTo(8);
    assertThat(cachePresent()).isFalse();

    RecordingContext failed = new RecordingContext(Phase.RUN, hybrid(array,
        "santricity.volume.prefix", "other", "santricity.volume.count", "1",
        "santricity.keepCreated", "true"));
    SantricityHook second = hook();
    second.before(failed);
    second.after(failed, PhaseOutcome.failed("run failed"));
    assertThat(failed.fact("restore.run")).contains("deleted volume 'other_1'")
        .doesNotContain("deleted pool");
    assertThat(array.<List<String>>array(a -> a.volumes().stream()
        .map(v -> v.name()).toList())).allMatch(n -> n.startsWith("mongo_hdd_")).hasSize(8);
  }

  @Test
  void putsAnExistingCacheBackAsItWas() {
    start(Flavor.V12_0X);
    // An operator's cache: 2 SSDs, suspended, serving volume 1 but not volume 2.
    hook().before(new RecordingContext(Phase.LOAD, hybrid(array, "santricity.cache.driveCount", "2",
        "santricity.restore", "never")));
    try (var client = Fixtures.client(array)) {
      client.ssdCache().suspend(client.ssdCache().find().orElseThrow());
      client.volumes().setFlashCache(client.volumes().byName("mongo_hdd_2").orElseThrow(), false);
    }
    List<String> operators = described();

    SantricityHook hook = hook();
    RecordingContext context = new RecordingContext(Phase.RUN, hybrid(array));
    hook.before(context);
    assertThat(context.fact("changes")).contains("added 2 SSDs", "resumed SSD cache",
        "enabled SSD cache for volume 'mongo_hdd_2'");
    hook.after(context, PhaseOutcome.success());

    assertThat(described()).isEqualTo(operators);
    assertThat(context.fact("restore.run")).contains("removed 2 SSDs added by this hook",
        "suspended SSD cache 'mongo_ssd_cache' again",
        "disabled SSD cache for volume 'mongo_hdd_2' again");
  }

  @Test
  void undoesAHalfAppliedBefore() {
    start(Flavor.V12_0X);
    SantricityHook hook = hook();
    RecordingContext context = new RecordingContext(Phase.RUN, hybrid(array));
    array.failNext("POST", "storage-systems/1/volumes/[^/]+", 500, "internalError",
        "controller busy", false);
    assertThatThrownBy(() -> hook.before(context)).hasMessageContaining("controller busy");
    assertThat(cachePresent()).isTrue();

    hook.after(context, PhaseOutcome.failed("before failed"));

    assertThat(described()).isEqualTo(start);
  }

  @Test
  void leavesAPoolThatHoldsSomeoneElsesVolumeAndSaysSo() {
    start(Flavor.V12_0X);
    SantricityHook hook = hook();
    RecordingContext context = new RecordingContext(Phase.RUN, hybrid(array));
    hook.before(context);
    try (var client = Fixtures.client(array)) {
      client.volumes().create(client.pools().byName(Tr4501.HDD_POOL).orElseThrow(),
          "operators_volume", 10, 128);
    }

    assertThatThrownBy(() -> hook.after(context, PhaseOutcome.failed("run failed")))
        .isInstanceOf(PlatformException.class)
        .hasMessageContaining("santricity after run: 1 step(s) failed; not restored: pool "
            + "'mongo_hdd_ddp' (created by this hook)")
        .hasMessageContaining("it still holds volume(s) operators_volume");
    assertThat(context.fact("restore.run.left")).contains("pool 'mongo_hdd_ddp'");
    assertThat(context.fact("restore.run")).contains("deleted volume 'mongo_hdd_1'");
    assertThat(array.<Boolean>array(a -> a.volumeNamed("operators_volume").isPresent())).isTrue();
  }

  @Test
  void runsTheThreeStorageConfigurationsOfStudyC2InTurnAndLeavesTheArrayAsFound() {
    start(Flavor.V12_0X);
    for (Map<String, String> config : List.of(allSsd(array), hybrid(array),
        Fixtures.settings(array, Tr4501.c2HddOnly()))) {
      SantricityHook hook = hook();
      RecordingContext context = new RecordingContext(Phase.LOAD, config);
      hook.before(context);
      hook.after(context, PhaseOutcome.success());
      hook.before(context.in(Phase.RUN));
      String pool = context.fact("pool.name");
      boolean cached = config.get("santricity.cache.mode").equals("enabled");
      assertThat(context.fact("volume." + (pool.equals(Tr4501.SSD_POOL) ? "mongo_ssd_1"
          : "mongo_hdd_1") + ".ssdCache")).isEqualTo(String.valueOf(cached));
      hook.after(context, PhaseOutcome.success());
      assertThat(described()).isEqualTo(start);
    }
  }

  @Test
  void tearsDownPoolAndCacheAfterTheRunWhenAsked() {
    start(Flavor.V11_9X);
    SantricityHook hook = hook();
    RecordingContext context = new RecordingContext(Phase.RUN, hybrid(array,
        "santricity.teardown", "true", "santricity.restore", "never"));
    hook.before(context);
    hook.after(context, PhaseOutcome.success());
    assertThat(described()).isEqualTo(start);
    assertThat(context.fact("teardown")).isEqualTo("deleted SSD cache 'mongo_ssd_cache'; "
        + "deleted pool 'mongo_hdd_ddp' with its volumes");
  }
}
