package dev.refarch.platform.santricity.hook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.refarch.platform.santricity.Fixtures;
import dev.refarch.platform.santricity.api.model.Volume;
import dev.refarch.platform.santricity.config.Tr4501;
import dev.refarch.platform.santricity.testdouble.SantricityTestDouble;
import dev.refarch.platform.santricity.testdouble.SantricityTestDouble.Flavor;
import dev.refarch.platform.spi.PlatformException;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Waiting for {@code VolumeEx.action} to leave initialization, and for deleted volumes to go. */
class VolumeWaitIT {

  @Test
  void namesTheVolumesStillInitializingAndTheSettingToRaise() {
    try (var array = SantricityTestDouble.start(Flavor.V12_0X); var client = Fixtures.client(array)) {
      array.withArray(a -> a.initReads = Integer.MAX_VALUE);
      var pool = client.pools().create(Tr4501.HDD_POOL, dev.refarch.platform.santricity.api.model
          .RaidLevel.DDP, hdds(client), null);
      Volume volume = client.volumes().create(pool, "slow_1", 10, 128);
      VolumeWait wait = new VolumeWait(client, Duration.ofMillis(100), Duration.ofMillis(350),
          line -> { });

      assertThatThrownBy(() -> wait.initialized(List.of(volume)))
          .isInstanceOf(PlatformException.class)
          .hasMessageContaining("wait for the trial's volumes to initialize")
          .hasMessageContaining("1 still not ready")
          .hasMessageContaining("slow_1 (initializing)")
          .hasMessageContaining("santricity.volume.initTimeoutMinutes");
    }
  }

  @Test
  void returnsAtOnceForReadyVolumesAndTellsWhenDeletedOnesAreGone() {
    try (var array = SantricityTestDouble.start(Flavor.V11_9X); var client = Fixtures.client(array)) {
      array.withArray(a -> a.initReads = 0);
      var pool = client.pools().create(Tr4501.HDD_POOL, dev.refarch.platform.santricity.api.model
          .RaidLevel.DDP, hdds(client), null);
      Volume volume = client.volumes().create(pool, "ready_1", 10, 128);
      VolumeWait wait = new VolumeWait(client, Duration.ofMillis(100), Duration.ofMillis(250),
          line -> { });

      assertThat(wait.initialized(List.of(volume))).extracting(Volume::action)
          .containsExactly("none");
      assertThat(wait.gone(Set.of(volume.id()))).isFalse();
      client.volumes().delete(volume);
      assertThat(wait.gone(Set.of(volume.id()))).isTrue();
      assertThat(wait.pauses()).isPositive();
    }
  }

  private static List<String> hdds(dev.refarch.platform.santricity.api.SantricityClient client) {
    return client.drives().list().stream().filter(d -> d.isFreeFor(
        dev.refarch.platform.santricity.api.model.DriveType.HDD)).limit(11)
        .map(d -> d.id()).toList();
  }
}
