package dev.refarch.platform.santricity.hook;

import dev.refarch.platform.santricity.api.SantricityClient;
import dev.refarch.platform.santricity.api.model.Bytes;
import dev.refarch.platform.santricity.api.model.Pool;
import dev.refarch.platform.santricity.api.model.RaidLevel;
import dev.refarch.platform.santricity.api.model.SsdCache;
import dev.refarch.platform.santricity.api.model.Volume;
import dev.refarch.platform.santricity.config.SantricitySettings;
import dev.refarch.platform.spi.HookContext;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Records what the trial ran on under the hook's name: system, firmware and API versions, pool,
 * volumes, SSD cache and each volume's cache setting. Keys are listed in the module README.
 *
 * <p>Stateless apart from its arguments; not shared between threads.
 */
final class StateRecorder {

  private final HookContext context;

  StateRecorder(HookContext context) {
    this.context = context;
  }

  void system(SantricityClient client, SantricitySettings settings, ProvisioningPlan plan) {
    var system = plan.system();
    put("endpoint", settings.connection().printableRoot());
    put("system.id", client.systemId());
    put("system.name", system.name());
    put("system.wwn", system.wwn());
    put("system.model", system.model());
    put("system.status", system.status());
    put("system.fwVersion", system.fwVersion());
    put("system.serialNumber", system.chassisSerialNumber());
    put("api.generation", plan.generation().label());
    client.webServicesVersion().ifPresent(v -> put("api.webServicesVersion", v));
    put("api.ssdCacheResource", client.ssdCache().resource());
  }

  void storage(SantricitySettings settings, Provisioned result, boolean poolCreated) {
    Pool pool = result.pool();
    RaidLevel raid = RaidLevel.fromApi(pool.raidLevel());
    put("pool.id", pool.id());
    put("pool.name", pool.name());
    put("pool.raidLevel", raid == null ? pool.raidLevel() : raid.name().toLowerCase(Locale.ROOT));
    put("pool.driveType", pool.driveMediaType());
    put("pool.driveCount", String.valueOf(result.poolDriveIds().size()));
    put("pool.drives", String.join(",", result.poolDriveIds()));
    put("pool.raidStatus", pool.raidStatus());
    put("pool.created", String.valueOf(poolCreated));
    if (pool.reservedDriveCount() != null) {
      put("pool.reservedDrives", String.valueOf(pool.reservedDriveCount()));
    }
    put("volumes", result.volumes().stream().map(Volume::name).collect(Collectors.joining(",")));
    for (Volume v : result.volumes()) {
      String key = "volume." + v.name() + ".";
      put(key + "id", v.id());
      put(key + "wwn", v.wwn());
      put(key + "capacityBytes", String.valueOf(v.capacityBytes()));
      put(key + "capacityGiB", String.valueOf(v.capacityBytes() / Bytes.GIB));
      put(key + "ssdCache", String.valueOf(v.flashCached()));
    }
    cache(settings, result.cache(), "");
    put("changes", result.changes().isEmpty() ? "none" : String.join("; ", result.changes()));
  }

  /** The cache facts under {@code cache.} + {@code suffix} (e.g. {@code cache.afterRun.}). */
  void cache(SantricitySettings settings, Optional<SsdCache> cache, String suffix) {
    String key = "cache." + suffix;
    put(key + "mode", settings.cache().mode().name().toLowerCase(Locale.ROOT));
    put(key + "present", String.valueOf(cache.isPresent()));
    cache.ifPresent(c -> {
      put(key + "id", c.id());
      put(key + "name", c.name());
      put(key + "status", c.status());
      put(key + "driveCount", String.valueOf(c.driveIds().size()));
      put(key + "drives", String.join(",", c.driveIds()));
      put(key + "volumeCount", String.valueOf(c.cachedVolumeIds().size()));
    });
  }

  void put(String key, String value) {
    if (value != null) {
      context.record(key, value);
    }
  }
}
