package dev.refarch.platform.santricity.fault;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.refarch.platform.santricity.Fixtures;
import dev.refarch.platform.santricity.RecordingContext;
import dev.refarch.platform.santricity.config.Tr4501;
import dev.refarch.platform.santricity.hook.SantricityHook;
import dev.refarch.platform.santricity.testdouble.SantricityTestDouble;
import dev.refarch.platform.santricity.testdouble.SantricityTestDouble.Flavor;
import dev.refarch.platform.spi.Fault;
import dev.refarch.platform.spi.FaultEvent;
import dev.refarch.platform.spi.Phase;
import dev.refarch.platform.spi.PlatformException;
import dev.refarch.platform.spi.config.ConfigurationException;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class SantricityFaultInjectorIT {

  private SantricityTestDouble array;
  private SantricityFaultInjector injector;

  @AfterEach
  void stop() {
    if (injector != null) {
      injector.close();
    }
    if (array != null) {
      array.close();
    }
  }

  /** An array with TR-4501's all-SSD pool and its volumes, as C4 starts from. */
  private Map<String, String> ssdPool(Flavor flavor, String... more) {
    array = SantricityTestDouble.start(flavor);
    Map<String, String> settings = Fixtures.settings(array, Tr4501.c4DriveFailureSsd(), more);
    new SantricityHook(Fixtures.environment(), Clock.systemUTC())
        .before(new RecordingContext(Phase.LOAD, settings));
    array.clearExchanges();
    return settings;
  }

  private SantricityFaultInjector injector(Map<String, String> settings) {
    injector = new SantricityFaultInjector(settings, Fixtures.environment(), Clock.systemUTC());
    return injector;
  }

  @ParameterizedTest
  @EnumSource(Flavor.class)
  void failsADriveOfThePoolAndFollowsItsRecovery(Flavor flavor) {
    Map<String, String> settings = ssdPool(flavor);
    List<ProgressSample> timeline = new CopyOnWriteArrayList<>();
    long before = System.currentTimeMillis();

    FaultEvent event = injector(settings).addListener(timeline::add)
        .inject(Fault.of("fail-drive", "pool:" + Tr4501.SSD_POOL));
    MonitorResult result = injector.awaitRecovery(Duration.ofSeconds(30));

    String slot24 = array.<String>array(a -> a.drives().get(23).id());
    assertThat(event.member()).isEqualTo(slot24);
    assertThat(event.epochMillis()).isBetween(before, System.currentTimeMillis());
    assertThat(event.detail()).contains("set to failed (SYMbol setDriveToFailed)",
        "of pool 'mongo_ssd_ddp'");
    assertThat(array.<String>array(a -> a.drive(slot24).orElseThrow().status()))
        .isEqualTo("failed");
    assertThat(result.actionsSeen()).containsExactly("reconstructing", "rebalancing");
    assertThat(timeline).extracting(ProgressSample::action).startsWith("reconstructing")
        .endsWith("none");
    assertThat(timeline).filteredOn(s -> s.action().equals("reconstructing"))
        .extracting(ProgressSample::percentComplete).contains(25, 50, 75, 100);
    assertThat(timeline).allSatisfy(s -> {
      assertThat(s.pool()).isEqualTo(Tr4501.SSD_POOL);
      assertThat(s.cause()).isEqualTo("fail-drive " + slot24);
      assertThat(s.epochMillis()).isGreaterThanOrEqualTo(event.epochMillis());
    });
    assertThat(timeline.get(timeline.size() - 1).isFinal()).isTrue();
    assertThat(array.<String>array(a -> a.poolNamed(Tr4501.SSD_POOL).orElseThrow().raidStatus()))
        .isEqualTo("optimal");
    assertThat(injector.samples()).hasSameSizeAs(timeline);
  }

  @Test
  void refusesWithoutOptInBeforeTouchingTheArray() {
    Map<String, String> settings = ssdPool(Flavor.V12_0X, "santricity.fault.allow", "false");
    assertThatThrownBy(() -> injector(settings).inject(Fault.of("fail-drive", "pool:x")))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("santricity.fault.allow='false'")
        .hasMessageContaining("set santricity.fault.allow=true to opt in");
    assertThat(array.exchanges()).isEmpty();
  }

  @Test
  void rejectsAnUnknownActionAndTarget() {
    Map<String, String> settings = ssdPool(Flavor.V12_0X);
    assertThatThrownBy(() -> injector(settings).inject(Fault.of("pull-drive", "slot:3")))
        .hasMessageContaining("action='pull-drive'")
        .hasMessageContaining("fail-drive, replace-drive");
    assertThatThrownBy(() -> injector.inject(Fault.of("fail-drive", "pool:mongo_ssd_dpp")))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("target='pool:mongo_ssd_dpp'")
        .hasMessageContaining("did you mean 'pool:mongo_ssd_ddp'?");
    assertThatThrownBy(() -> injector.inject(Fault.of("fail-drive", "slot:3")))
        .hasMessageContaining("slot 3 exists in several trays; name the drive by id");
    assertThat(array.mutatingRequests()).isZero();
  }

  @Test
  void refusesToFailADriveInNoPool() {
    Map<String, String> settings = ssdPool(Flavor.V12_0X);
    String hdd = array.<String>array(a -> a.drives().get(30).id());
    assertThatThrownBy(() -> injector(settings).inject(Fault.of("fail-drive", hdd)))
        .hasMessageContaining("is in no pool; failing it tests no recovery");
    assertThat(array.mutatingRequests()).isZero();
  }

  @Test
  void replacesTheFailedDriveAndFollowsTheCopyback() {
    Map<String, String> settings = ssdPool(Flavor.V12_0X);
    injector(settings).inject(Fault.of("fail-drive", "pool:" + Tr4501.SSD_POOL));
    injector.awaitRecovery(Duration.ofSeconds(30));
    String failed = array.<String>array(a -> a.drives().get(23).id());

    FaultEvent event = injector.inject(Fault.of("replace-drive", "pool:" + Tr4501.SSD_POOL));
    MonitorResult result = injector.awaitRecovery(Duration.ofSeconds(30));

    String replacement = array.<String>array(a -> a.drives().get(44).id());
    assertThat(event.member()).isEqualTo(failed);
    assertThat(event.detail()).contains("replaced by drive " + replacement);
    assertThat(result.actionsSeen()).containsExactly("copyback");
    assertThat(array.<String>array(a -> a.drive(replacement).orElseThrow().group()))
        .isEqualTo(array.<String>array(a -> a.drive(a.drives().get(0).id()).orElseThrow().group()));
  }

  @Test
  void explainsThatThe119xApiCannotReplaceDrives() {
    Map<String, String> settings = ssdPool(Flavor.V11_9X);
    injector(settings).inject(Fault.of("fail-drive", "pool:" + Tr4501.SSD_POOL));
    injector.awaitRecovery(Duration.ofSeconds(30));
    assertThatThrownBy(() -> injector.inject(Fault.of("replace-drive", "pool:" + Tr4501.SSD_POOL)))
        .isInstanceOf(PlatformException.class)
        .hasMessageContaining("the 11.9x API has no drives/{id}/replace endpoint")
        .hasMessageContaining("Replacing a failed drive");
  }

  @Test
  void listsThePoolsDrivesAsMembers() {
    Map<String, String> settings = ssdPool(Flavor.V12_0X);
    List<String> members = injector(settings).members();
    assertThat(members).hasSize(24)
        .containsExactlyElementsOf(array.<List<String>>array(a -> a.drives().subList(0, 24)
            .stream().map(d -> d.id()).toList()));
  }

  @Test
  void faultParametersMayOverrideSettings() {
    Map<String, String> settings = ssdPool(Flavor.V12_0X, "santricity.fault.allow", "false");
    String first = array.<String>array(a -> a.drives().get(0).id());
    FaultEvent event = injector(settings).inject(Fault.of("fail-drive", first)
        .with("santricity.fault.allow", "true").with("santricity.fault.pollMillis", "200"));
    assertThat(event.detail()).contains("every 200 ms");
    assertThatThrownBy(() -> injector.inject(Fault.of("fail-drive", "slot:2").with("speed", "x")))
        .hasMessageContaining("speed='x'")
        .hasMessageContaining("unknown fault parameter");
  }
}
