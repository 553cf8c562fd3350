package dev.refarch.platform.santricity.hook;

import static dev.refarch.platform.santricity.config.SantricityKeys.*;

import dev.refarch.platform.santricity.api.SantricityClient;
import dev.refarch.platform.santricity.api.model.Bytes;
import dev.refarch.platform.santricity.api.model.Drive;
import dev.refarch.platform.santricity.api.model.DriveType;
import dev.refarch.platform.santricity.api.model.Pool;
import dev.refarch.platform.santricity.api.model.RaidLevel;
import dev.refarch.platform.santricity.api.model.SsdCache;
import dev.refarch.platform.santricity.api.model.StorageSystem;
import dev.refarch.platform.santricity.api.model.Volume;
import dev.refarch.platform.santricity.config.CacheMode;
import dev.refarch.platform.santricity.config.SantricitySettings;
import dev.refarch.platform.spi.PlatformException;
import dev.refarch.platform.spi.config.ConfigurationException;
import dev.refarch.platform.spi.config.Suggestions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Reads the array and decides what the trial needs changed, failing on anything that does not fit
 * — unknown pool, a pool of another RAID level or media, too few free drives, a volume of another
 * size or pool — before a single change is made.
 *
 * <p>Not thread-safe; one plan per {@code before}.
 */
final class Planner {

  private final SantricityClient client;
  private final SantricitySettings settings;

  Planner(SantricityClient client, SantricitySettings settings) {
    this.client = client;
    this.settings = settings;
  }

  ProvisioningPlan plan() {
    StorageSystem system = client.system();
    if (system.isOffline()) {
      throw new PlatformException("plan the trial's storage on storage system '"
          + client.systemId() + "'", "its status is '" + system.status()
          + "'; the Web Services cannot manage it until it is reachable again");
    }
    var generation = client.generation();
    List<Pool> pools = client.pools().list();
    List<Drive> drives = client.drives().list();
    Optional<Pool> pool = pools.stream().filter(p -> settings.pool().name().equals(p.name()))
        .findFirst();
    List<Drive> newPoolDrives = List.of();
    if (pool.isPresent()) {
      checkExisting(pool.get(), drives);
    } else if (!settings.pool().create()) {
      throw unknownPool(pools);
    } else {
      newPoolDrives = pick(drives, settings.pool().driveType(),
          settings.pool().driveCount().getAsInt(), Set.of(), POOL_DRIVE_COUNT.key(), "pool");
    }
    Map<String, Volume> existing = new LinkedHashMap<>();
    List<String> toCreate = new ArrayList<>();
    planVolumes(pool, existing, toCreate);
    Optional<SsdCache> cache = client.ssdCache().find();
    CacheMode mode = settings.cache().mode();
    List<Drive> newCacheDrives = List.of();
    List<Drive> addCacheDrives = List.of();
    Set<String> taken = newPoolDrives.stream().map(Drive::id).collect(Collectors.toSet());
    if (mode == CacheMode.ENABLED) {
      int wanted = settings.cache().driveCount();
      if (cache.isEmpty()) {
        newCacheDrives = pick(drives, DriveType.SSD, wanted, taken, CACHE_DRIVE_COUNT.key(),
            "SSD cache");
      } else if (cache.get().driveIds().size() < wanted) {
        addCacheDrives = pick(drives, DriveType.SSD, wanted - cache.get().driveIds().size(),
            taken, CACHE_DRIVE_COUNT.key(), "SSD cache growth");
      }
    }
    if (mode == CacheMode.SUSPENDED && cache.isEmpty()) {
      throw new ConfigurationException(CACHE_MODE.key(), "suspended",
          "unchanged, enabled or disabled: storage system '" + client.systemId()
              + "' has no SSD cache to suspend", "use enabled to create one");
    }
    boolean resume = mode == CacheMode.ENABLED && cache.map(SsdCache::isSuspended).orElse(false);
    boolean suspend = mode == CacheMode.SUSPENDED && !cache.get().isSuspended();
    return new ProvisioningPlan(system, generation, pool, newPoolDrives, drives, existing,
        toCreate, cache, mode, newCacheDrives, addCacheDrives, resume, suspend);
  }

  private void checkExisting(Pool pool, List<Drive> drives) {
    RaidLevel raid = RaidLevel.fromApi(pool.raidLevel());
    String name = pool.name();
    if (raid != settings.pool().raidLevel()) {
      throw new ConfigurationException(POOL_RAID.key(), lower(settings.pool().raidLevel()),
          (raid == null ? pool.raidLevel() : lower(raid)) + ", the level of the existing pool '"
              + name + "'", "set it, or choose another " + POOL_NAME.key() + " for a new pool");
    }
    if (!settings.pool().driveType().apiName().equals(pool.driveMediaType())) {
      throw new ConfigurationException(POOL_DRIVE_TYPE.key(), settings.pool().driveType().apiName(),
          pool.driveMediaType() + ", the media of the existing pool '" + name + "'",
          "set it, or choose another " + POOL_NAME.key() + " for a new pool");
    }
    long members = drives.stream().filter(d -> d.belongsTo(pool.volumeGroupRef())).count();
    var count = settings.pool().driveCount();
    if (count.isPresent() && count.getAsInt() != members) {
      throw new ConfigurationException(POOL_DRIVE_COUNT.key(), String.valueOf(count.getAsInt()),
          members + ", the drive count of the existing pool '" + name + "'",
          "set it, leave it unset with " + POOL_CREATE.key() + "=false, or choose another "
              + POOL_NAME.key());
    }
    if (pool.offline()) {
      throw new PlatformException("plan the trial's storage", "pool '" + name + "' is offline");
    }
  }

  private ConfigurationException unknownPool(List<Pool> pools) {
    List<String> names = pools.stream().map(Pool::name).sorted().collect(Collectors.toList());
    String given = settings.pool().name();
    String allowed = names.isEmpty() ? "an existing pool, but storage system '" + client.systemId()
        + "' has none" : "an existing pool of storage system '" + client.systemId() + "': "
        + String.join(", ", names);
    String hint = Suggestions.closest(given, names).map(c -> "did you mean '" + c + "'? or ")
        .orElse("") + "set " + POOL_CREATE.key() + "=true to create it";
    return new ConfigurationException(POOL_NAME.key(), given, allowed, hint);
  }

  private void planVolumes(Optional<Pool> pool, Map<String, Volume> existing,
      List<String> toCreate) {
    Map<String, Volume> byName = client.volumes().list().stream()
        .collect(Collectors.toMap(Volume::name, v -> v, (a, b) -> a));
    var size = settings.volumes().sizeGb();
    for (String name : settings.volumes().names()) {
      Volume volume = byName.get(name);
      if (volume == null) {
        toCreate.add(name);
        continue;
      }
      if (pool.isEmpty() || !pool.get().volumeGroupRef().equals(volume.volumeGroupRef())) {
        throw new ConfigurationException(VOLUME_PREFIX.key(), settings.volumes().prefix(),
            "a prefix whose names no volume outside pool '" + settings.pool().name() + "' uses",
            "volume '" + name + "' exists in another pool; delete it or choose another prefix");
      }
      if (size.isPresent() && !sameSize(volume.capacityBytes(), size.getAsLong() * Bytes.GIB)) {
        throw new ConfigurationException(VOLUME_SIZE_GB.key(), String.valueOf(size.getAsLong()),
            volume.capacityBytes() / Bytes.GIB + ", the size of existing volume '" + name + "'",
            "set it, or delete the volume to have it created anew");
      }
      existing.put(name, volume);
    }
    if (!toCreate.isEmpty() && size.isEmpty()) {
      throw new ConfigurationException(VOLUME_SIZE_GB.key(), null, "a size in GiB",
          "required to create volumes " + String.join(", ", toCreate));
    }
    if (!toCreate.isEmpty() && pool.isPresent() && pool.get().freeSpace() != null) {
      long free = pool.get().freeBytes() / Bytes.GIB;
      long wanted = toCreate.size() * size.getAsLong();
      if (wanted > free) {
        throw new ConfigurationException(VOLUME_SIZE_GB.key(), String.valueOf(size.getAsLong()),
            "at most " + free / toCreate.size() + ": pool '" + settings.pool().name() + "' has "
                + free + " GiB free for " + toCreate.size() + " new volumes", "lower the size or "
                + VOLUME_COUNT.key());
      }
    }
  }

  private List<Drive> pick(List<Drive> drives, DriveType type, int count, Set<String> taken,
      String key, String purpose) {
    List<Drive> free = drives.stream().filter(d -> d.isFreeFor(type) && !taken.contains(d.id()))
        .sorted(Drive.BY_LOCATION).collect(Collectors.toList());
    if (free.size() < count) {
      throw new ConfigurationException(key, String.valueOf(count), "at most " + free.size()
          + ": storage system '" + client.systemId() + "' has " + free.size() + " free "
          + type.apiName() + " drives for the " + purpose, "free drives (delete an unused pool or "
          + "cache) or lower the count");
    }
    return free.subList(0, count);
  }

  /** Arrays round capacities to their allocation unit (4 GiB stripes in disk pools). */
  private static boolean sameSize(long actual, long wanted) {
    long tolerance = Math.max(4 * Bytes.GIB, wanted / 100);
    return Math.abs(actual - wanted) <= tolerance;
  }

  private static String lower(Enum<?> e) {
    return e.name().toLowerCase(Locale.ROOT);
  }
}
