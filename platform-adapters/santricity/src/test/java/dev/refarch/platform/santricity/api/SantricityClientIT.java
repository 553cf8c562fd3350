package dev.refarch.platform.santricity.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.refarch.platform.santricity.Fixtures;
import dev.refarch.platform.santricity.api.model.Drive;
import dev.refarch.platform.santricity.api.model.DriveType;
import dev.refarch.platform.santricity.api.model.Pool;
import dev.refarch.platform.santricity.api.model.RaidLevel;
import dev.refarch.platform.santricity.api.model.SsdCache;
import dev.refarch.platform.santricity.api.model.Volume;
import dev.refarch.platform.santricity.testdouble.SantricityTestDouble;
import dev.refarch.platform.santricity.testdouble.SantricityTestDouble.Flavor;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class SantricityClientIT {

  @ParameterizedTest
  @EnumSource(Flavor.class)
  void detectsTheApiGenerationFromTheWebServicesVersion(Flavor flavor) {
    try (var array = SantricityTestDouble.start(flavor); var client = Fixtures.client(array)) {
      assertThat(client.generation()).isEqualTo(flavor == Flavor.V12_0X
          ? ApiGeneration.V12_0X : ApiGeneration.V11_9X);
      assertThat(client.ssdCache().resource())
          .isEqualTo(flavor == Flavor.V12_0X ? "ssd-caches" : "flash-cache");
    }
  }

  @ParameterizedTest
  @EnumSource(Flavor.class)
  void probesTheSsdCacheResourceWhenTheVersionIsUnavailable(Flavor flavor) {
    try (var array = SantricityTestDouble.start(flavor); var client = Fixtures.client(array)) {
      array.failNext("GET", "upgrade", 403, "forbidden", "not allowed", false);
      assertThat(client.generation()).isEqualTo(flavor == Flavor.V12_0X
          ? ApiGeneration.V12_0X : ApiGeneration.V11_9X);
      assertThat(array.exchanges()).extracting(e -> e.path())
          .contains("/devmgr/v2/storage-systems/1/ssd-caches");
    }
  }

  @Test
  void readsSystemIdentityVersionsAndControllers() {
    try (var array = SantricityTestDouble.start(Flavor.V12_0X);
        var client = Fixtures.client(array)) {
      assertThat(client.system().fwVersion()).isEqualTo("08.80.00.00");
      assertThat(client.identity()).hasValueSatisfying(id ->
          assertThat(id.serialNumber()).isEqualTo("721716500123"));
      assertThat(client.webServicesVersion()).hasValue("08.00.00.9011");
      assertThat(client.controllers()).hasSize(2);
      assertThat(client.systems()).singleElement().extracting(s -> s.id()).isEqualTo("1");
    }
  }

  @ParameterizedTest
  @EnumSource(Flavor.class)
  void createsListsAndDeletesAPoolWithItsVolumes(Flavor flavor) {
    try (var array = SantricityTestDouble.start(flavor); var client = Fixtures.client(array)) {
      List<String> hdds = client.drives().list().stream().filter(d -> d.isFreeFor(DriveType.HDD))
          .map(Drive::id).collect(Collectors.toList());
      Pool pool = client.pools().create("hdd_ddp", RaidLevel.DDP, hdds, 2);
      Volume volume = client.volumes().create(pool, "mongo_1", 100, 128);
      assertThat(client.pools().byName("hdd_ddp")).isPresent();
      assertThat(client.volumes().byName("mongo_1")).hasValueSatisfying(v ->
          assertThat(v.capacityBytes()).isEqualTo(100L << 30));
      assertThat(volume.volumeGroupRef()).isEqualTo(pool.volumeGroupRef());

      client.pools().delete(pool, true);

      assertThat(client.pools().list()).isEmpty();
      assertThat(client.volumes().list()).isEmpty();
      assertThat(client.drives().list()).filteredOn(d -> d.isFreeFor(DriveType.HDD)).hasSize(20);
    }
  }

  @ParameterizedTest
  @EnumSource(Flavor.class)
  void managesTheSsdCacheThroughEitherResource(Flavor flavor) {
    try (var array = SantricityTestDouble.start(flavor); var client = Fixtures.client(array)) {
      List<String> ssds = client.drives().list().stream().filter(d -> d.isFreeFor(DriveType.SSD))
          .map(Drive::id).limit(3).collect(Collectors.toList());
      SsdCacheApi api = client.ssdCache();
      SsdCache cache = api.create("cache", ssds.subList(0, 2));
      cache = api.addDrives(cache, ssds.subList(2, 3));
      assertThat(cache.driveIds()).hasSize(3);
      assertThat(api.suspend(cache).isSuspended()).isTrue();
      assertThat(api.resume(cache).isSuspended()).isFalse();
      cache = api.removeDrives(cache, ssds.subList(2, 3));
      assertThat(api.find()).hasValueSatisfying(c -> assertThat(c.driveIds()).hasSize(2));
      assertThat(api.compatibleVolumeIds(cache)).isEmpty();
      assertThat(api.statistics(cache)).hasSize(flavor == Flavor.V12_0X ? 2 : 0);
      api.delete(cache);
      assertThat(api.find()).isEmpty();
    }
  }

  @Test
  void rereadsAVolumeWhoseCreateAnswered422ButSucceeded() {
    try (var array = SantricityTestDouble.start(Flavor.V12_0X);
        var client = Fixtures.client(array)) {
      Pool pool = hddPool(client);
      array.failNext("POST", "storage-systems/1/volumes", 422, "internalError",
          "Created volume not found", true);
      Volume volume = client.volumes().create(pool, "mongo_1", 100, 128);
      assertThat(volume.name()).isEqualTo("mongo_1");
      assertThat(client.volumes().list()).hasSize(1);
    }
  }

  @Test
  void reportsARefusedCreateWithOperationAndNetAppError() {
    try (var array = SantricityTestDouble.start(Flavor.V12_0X);
        var client = Fixtures.client(array)) {
      Pool pool = hddPool(client);
      assertThatThrownBy(() -> client.volumes().create(pool, "huge", 1L << 30, 128))
          .isInstanceOf(SantricityApiException.class)
          .hasMessageContaining("create volume 'huge'")
          .hasMessageContaining("in pool 'hdd_ddp' on storage system '1'")
          .hasMessageContaining("HTTP 422 (refused by the array): Not enough free capacity")
          .hasMessageContaining("retcode insufficientCapacity");
    }
  }

  @Test
  void reportsAnUnknownPoolAsNotFound() {
    try (var array = SantricityTestDouble.start(Flavor.V11_9X);
        var client = Fixtures.client(array)) {
      assertThatThrownBy(() -> client.pools().get("04000000600A098000A4B28D0000000000009999"))
          .isInstanceOf(SantricityApiException.class)
          .hasMessageContaining("read storage pool 04000000600A098000A4B28D0000000000009999")
          .hasMessageContaining("HTTP 404 (not found): The storage pool was not found.")
          .satisfies(e -> assertThat(((SantricityApiException) e).isNotFound()).isTrue());
    }
  }

  @Test
  void explainsAnOfflineArray() {
    try (var array = SantricityTestDouble.start(Flavor.V12_0X);
        var client = Fixtures.client(array)) {
      array.setOffline(true);
      assertThatThrownBy(() -> client.pools().list())
          .isInstanceOf(SantricityApiException.class)
          .hasMessageContaining("list storage pools of storage system '1'")
          .hasMessageContaining("HTTP 424 (storage system offline): The storage system is offline.")
          .hasMessageContaining("check both controllers and the management network");
    }
  }

  @Test
  void explainsBadCredentialsWithoutShowingThePassword() {
    try (var array = SantricityTestDouble.start(Flavor.V12_0X);
        var client = SantricityClient.connect(ClientConfig.of(array.url(), "1",
            new Credentials("admin", "wrong-password")))) {
      assertThatThrownBy(client::system)
          .isInstanceOf(SantricityApiException.class)
          .hasMessageContaining("HTTP 401 (authentication failed)")
          .hasMessageContaining("user 'admin'")
          .hasMessageContaining(array.url() + "/devmgr/v2")
          .hasMessageNotContaining("wrong-password");
    }
  }

  @Test
  void sessionAuthenticationSendsABearerTokenAndLogsInAgainWhenItExpires() {
    try (var array = SantricityTestDouble.start(Flavor.V12_0X);
        var client = SantricityClient.connect(Fixtures.clientConfig(array)
            .withAuth(AuthMode.SESSION))) {
      client.pools().list();
      array.expireTokens();
      client.volumes().list();
      var exchanges = array.exchanges();
      assertThat(exchanges).filteredOn(e -> e.path().endsWith("/access-token")).hasSize(2)
          .allMatch(e -> e.auth().equals("Basic"));
      assertThat(exchanges).filteredOn(e -> e.method().equals("GET") && e.status() == 200)
          .allMatch(e -> e.auth().equals("Bearer"));
    }
  }

  @Test
  void explainsDisabledAccessTokens() {
    try (var array = SantricityTestDouble.start(Flavor.V12_0X);
        var client = SantricityClient.connect(Fixtures.clientConfig(array)
            .withAuth(AuthMode.SESSION))) {
      array.disableTokens();
      assertThatThrownBy(client::system)
          .hasMessageContaining("log in as 'admin'")
          .hasMessageContaining("santricity.auth=basic");
    }
  }

  @ParameterizedTest
  @EnumSource(Flavor.class)
  void reportsNewVolumesInitializing(Flavor flavor) {
    try (var array = SantricityTestDouble.start(flavor); var client = Fixtures.client(array)) {
      array.withArray(a -> a.initReads = 1); // one read says initializing, the next none
      Pool pool = hddPool(client);
      var created = client.volumes().create(pool, "a", 10, 128);
      assertThat(created.action()).isEqualTo("initializing");
      assertThat(client.pools().actionProgress(pool)).singleElement()
          .satisfies(p -> assertThat(p.currentAction()).isEqualTo("initializing"));
      assertThat(client.volumes().get(created.id()).action()).isEqualTo("initializing");
      assertThat(client.volumes().get(created.id()).action()).isEqualTo("none");
      assertThat(client.pools().actionProgress(pool)).noneMatch(p -> p.isActive());
    }
  }

  @ParameterizedTest
  @EnumSource(Flavor.class)
  void readsActionProgressInEitherShape(Flavor flavor) {
    try (var array = SantricityTestDouble.start(flavor); var client = Fixtures.client(array)) {
      array.withArray(a -> a.initReads = 0); // new volumes are ready at once here
      Pool pool = hddPool(client);
      client.volumes().create(pool, "a", 10, 128);
      client.volumes().create(pool, "b", 10, 128);
      assertThat(client.pools().actionProgress(pool)).noneMatch(p -> p.isActive());
      Drive member = client.drives().list().stream()
          .filter(d -> d.belongsTo(pool.volumeGroupRef())).findFirst().orElseThrow();
      client.symbol().setDriveToFailed(member.driveRef());
      var progress = client.pools().actionProgress(pool);
      assertThat(progress).hasSize(flavor == Flavor.V11_9X ? 2 : 1)
          .allSatisfy(p -> {
            assertThat(p.currentAction()).isEqualTo("reconstructing");
            assertThat(p.progressPercentage()).isEqualTo(25);
          });
    }
  }

  @Test
  void reportsASymbolReturnCodeOtherThanOk() {
    try (var array = SantricityTestDouble.start(Flavor.V12_0X);
        var client = Fixtures.client(array)) {
      assertThatThrownBy(() -> client.symbol().setDriveToFailed("01000000DEADBEEF"))
          .isInstanceOf(SantricityApiException.class)
          .hasMessageContaining("fail drive 01000000DEADBEEF (SYMbol setDriveToFailed)")
          .hasMessageContaining("retcode invalidDriveref");
    }
  }

  private static Pool hddPool(SantricityClient client) {
    List<String> hdds = client.drives().list().stream().filter(d -> d.isFreeFor(DriveType.HDD))
        .map(Drive::id).collect(Collectors.toList());
    return client.pools().create("hdd_ddp", RaidLevel.DDP, hdds, 2);
  }
}
