package dev.refarch.platform.santricity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.refarch.platform.santricity.api.SantricityApiException;
import dev.refarch.platform.santricity.api.SantricityClient;
import dev.refarch.platform.santricity.api.model.Drive;
import dev.refarch.platform.santricity.api.model.DriveType;
import dev.refarch.platform.santricity.config.Tr4501;
import dev.refarch.platform.santricity.fault.SantricityFaultInjector;
import dev.refarch.platform.santricity.hook.SantricityHook;
import dev.refarch.platform.santricity.testdouble.SantricityTestDouble;
import dev.refarch.platform.santricity.testdouble.SantricityTestDouble.Exchange;
import dev.refarch.platform.santricity.testdouble.SantricityTestDouble.Flavor;
import dev.refarch.platform.spi.Fault;
import dev.refarch.platform.spi.Phase;
import dev.refarch.platform.spi.PhaseOutcome;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Every request the adapter sends — hook, statistics, SSD cache in both resources, faults, session
 * login — matches a path and method of NetApp's swagger for that API generation, declares only
 * known query parameters, and carries the required body fields and no unknown one; every answer of
 * the double holds only declared fields. The swagger files are read from
 * {@code ../shared/santricity}; without them this test fails, it never skips.
 */
class SwaggerContractIT {

  @ParameterizedTest
  @EnumSource(Flavor.class)
  void everyRequestMatchesTheSwaggerOfItsGeneration(Flavor flavor) {
    Swagger swagger = Swagger.load(flavor);
    List<Exchange> exchanges;
    try (SantricityTestDouble array = SantricityTestDouble.start(flavor)) {
      exercise(array, flavor);
      exchanges = array.exchanges();
    }

    List<String> violations = new ArrayList<>();
    exchanges.forEach(e -> violations.addAll(swagger.violations(e)));
    assertThat(violations).as("requests outside " + swagger.file()).isEmpty();

    Set<String> used = exchanges.stream().map(e -> e.method() + " " + (e.path().contains("/symbol/")
        ? "symbol" : swagger.template("/" + e.path().substring("/devmgr/v2/".length()))))
        .collect(Collectors.toCollection(TreeSet::new));
    assertThat(used).as("endpoints exercised").containsAll(expectedEndpoints(flavor));
  }

  @Test
  void failsClearlyWhenTheSwaggerFilesAreMissing() {
    assertThatThrownBy(() -> Swagger.load(Path.of("no-such-directory"), Flavor.V11_9X))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("SANtricity swagger file not found")
        .hasMessageContaining("no-such-directory/swagger-11.9x.json")
        .hasMessageContaining("../shared/santricity");
  }

  @Test
  void theSwaggerFilesArePresentAtTheAgreedPlace() {
    assertThat(Swagger.load(Flavor.V11_9X).file()).isEqualTo("swagger-11.9x.json");
    assertThat(Swagger.load(Flavor.V12_0X).file()).isEqualTo("swagger-12.0x.json");
  }

  private static void exercise(SantricityTestDouble array, Flavor flavor) {
    var hybrid = Fixtures.hybrid(array, "santricity.auth", "session");
    SantricityHook hook = new SantricityHook(Fixtures.environment(), Clock.systemUTC());
    RecordingContext context = new RecordingContext(Phase.LOAD, hybrid);
    hook.before(context);
    array.withArray(a -> a.serve("mongo_hdd_1", 1000, 10, 2048, 1_000_000, 5_000, 600, 1000));
    hook.after(context, PhaseOutcome.success());
    hook.before(context.in(Phase.RUN));
    hook.after(context, PhaseOutcome.failed("for the contract"));

    var allSsd = Fixtures.allSsd(array, "santricity.keepCreated", "true");
    SantricityHook ssd = new SantricityHook(Fixtures.environment(), Clock.systemUTC());
    RecordingContext ssdContext = new RecordingContext(Phase.RUN, allSsd);
    ssd.before(ssdContext);
    ssd.after(ssdContext, PhaseOutcome.success());

    try (SantricityClient client = Fixtures.client(array)) {
      clientCalls(client);
    }
    try (var faults = new SantricityFaultInjector(Fixtures.settings(array,
        Tr4501.c4DriveFailureSsd()), Fixtures.environment(), Clock.systemUTC())) {
      faults.members();
      faults.inject(Fault.of("fail-drive", "pool:" + Tr4501.SSD_POOL));
      faults.awaitRecovery(Duration.ofSeconds(30));
      if (flavor == Flavor.V12_0X) {
        faults.inject(Fault.of("replace-drive", "pool:" + Tr4501.SSD_POOL));
        faults.awaitRecovery(Duration.ofSeconds(30));
      }
    }
    // After a replacement (12.0x) only 3 SSDs are free: a smaller cache will do.
    RecordingContext teardown = new RecordingContext(Phase.RUN, Fixtures.hybrid(array,
        "santricity.teardown", "true", "santricity.cache.driveCount", "2"));
    SantricityHook last = new SantricityHook(Fixtures.environment(), Clock.systemUTC());
    last.before(teardown);
    last.after(teardown, PhaseOutcome.success());
  }

  private static void clientCalls(SantricityClient client) {
    client.systems();
    client.identity();
    client.webServicesVersion();
    client.controllers();
    var pool = client.pools().byName(Tr4501.SSD_POOL).orElseThrow();
    client.pools().get(pool.id());
    var volume = client.volumes().list().get(0);
    client.volumes().get(volume.id());
    Drive drive = client.drives().list().get(0);
    client.drives().get(drive.id());
    List<String> free = client.drives().list().stream().filter(d -> d.isFreeFor(DriveType.SSD))
        .map(Drive::id).limit(2).collect(Collectors.toList());
    var api = client.ssdCache();
    var cache = api.create("contract", free.subList(0, 1));
    cache = api.addDrives(cache, free.subList(1, 2));
    cache = api.removeDrives(cache, free.subList(1, 2));
    api.suspend(cache);
    api.resume(cache);
    api.statistics(cache);
    api.compatibleVolumeIds(cache);
    client.volumes().setFlashCache(volume, true);
    api.delete(cache);
    var extra = client.volumes().create(pool, "contract_extra", 10, 128);
    client.volumes().delete(extra);
    try {
      client.symbol().setDriveToFailed("010000005000C5000000000000000000DEADBEEF");
    } catch (SantricityApiException expected) {
      // The error path of the pass-through is part of the contract too.
    }
  }

  private static Set<String> expectedEndpoints(Flavor flavor) {
    String p = flavor == Flavor.V12_0X ? "{storage-pool-id}" : "{id}";
    String v = flavor == Flavor.V12_0X ? "{volume-id}" : "{id}";
    Set<String> expected = new TreeSet<>(List.of(
        "POST /access-token", "GET /upgrade", "GET /storage-systems",
        "GET /storage-systems/{system-id}", "GET /storage-systems/{system-id}/about",
        "GET /storage-systems/{system-id}/controllers", "GET /storage-systems/{system-id}/drives",
        "GET /storage-systems/{system-id}/storage-pools",
        "POST /storage-systems/{system-id}/storage-pools",
        "GET /storage-systems/{system-id}/storage-pools/" + p,
        "DELETE /storage-systems/{system-id}/storage-pools/" + p,
        "GET /storage-systems/{system-id}/storage-pools/" + p + "/action-progress",
        "GET /storage-systems/{system-id}/volumes", "POST /storage-systems/{system-id}/volumes",
        "GET /storage-systems/{system-id}/volumes/" + v,
        "POST /storage-systems/{system-id}/volumes/" + v,
        "DELETE /storage-systems/{system-id}/volumes/" + v,
        "GET /storage-systems/{system-id}/volume-statistics",
        "GET /storage-systems/{system-id}/drive-statistics", "POST symbol"));
    if (flavor == Flavor.V12_0X) {
      expected.addAll(List.of("GET /storage-systems/{system-id}/ssd-caches",
          "POST /storage-systems/{system-id}/ssd-caches",
          "DELETE /storage-systems/{system-id}/ssd-caches/{ssd-cache-id}",
          "POST /storage-systems/{system-id}/ssd-caches/{ssd-cache-id}/update-drives",
          "POST /storage-systems/{system-id}/ssd-caches/{ssd-cache-id}/suspend",
          "POST /storage-systems/{system-id}/ssd-caches/{ssd-cache-id}/resume",
          "GET /storage-systems/{system-id}/ssd-caches/{ssd-cache-id}/statistics",
          "GET /storage-systems/{system-id}/ssd-caches/{ssd-cache-id}/compatible-volumes",
          "GET /storage-systems/{system-id}/drives/{drive-id}",
          "GET /storage-systems/{system-id}/drives/{drive-id}/replace",
          "POST /storage-systems/{system-id}/drives/{drive-id}/replace"));
    } else {
      expected.addAll(List.of("GET /storage-systems/{system-id}/flash-cache",
          "POST /storage-systems/{system-id}/flash-cache",
          "DELETE /storage-systems/{system-id}/flash-cache",
          "POST /storage-systems/{system-id}/flash-cache/addDrives",
          "POST /storage-systems/{system-id}/flash-cache/removeDrives",
          "POST /storage-systems/{system-id}/flash-cache/suspend",
          "POST /storage-systems/{system-id}/flash-cache/resume",
          "GET /storage-systems/{system-id}/flash-cache/compatibleVolumes",
          "GET /storage-systems/{system-id}/drives/{id}"));
    }
    return expected;
  }
}
