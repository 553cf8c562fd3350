package dev.refarch.platform.santricity.hook;

import dev.refarch.platform.santricity.api.ApiGeneration;
import dev.refarch.platform.santricity.api.model.Drive;
import dev.refarch.platform.santricity.api.model.Pool;
import dev.refarch.platform.santricity.api.model.SsdCache;
import dev.refarch.platform.santricity.api.model.StorageSystem;
import dev.refarch.platform.santricity.api.model.Volume;
import dev.refarch.platform.santricity.config.CacheMode;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What the hook found and what it will change, computed from reads only. Having a plan means
 * every check passed; applying it is the first change.
 *
 * @param system the storage system
 * @param generation the API generation
 * @param pool the existing pool, or empty when it is to be created
 * @param newPoolDrives the drives a new pool is made of; empty when the pool exists
 * @param drives every drive, as read while planning
 * @param existingVolumes the trial's volumes that exist, by name
 * @param volumesToCreate names of the trial's volumes to create, in order
 * @param cache the SSD cache as found
 * @param cacheMode what to ensure about the cache
 * @param newCacheDrives SSDs to create the cache from; empty unless it is to be created
 * @param addCacheDrives SSDs to add to an existing cache
 * @param resumeCache whether to resume a suspended cache
 * @param suspendCache whether to suspend the cache
 */
public record ProvisioningPlan(StorageSystem system, ApiGeneration generation,
    Optional<Pool> pool, List<Drive> newPoolDrives, List<Drive> drives,
    Map<String, Volume> existingVolumes, List<String> volumesToCreate, Optional<SsdCache> cache,
    CacheMode cacheMode, List<Drive> newCacheDrives, List<Drive> addCacheDrives,
    boolean resumeCache, boolean suspendCache) {

  public ProvisioningPlan {
    Objects.requireNonNull(system, "system");
    Objects.requireNonNull(generation, "generation");
    Objects.requireNonNull(pool, "pool");
    newPoolDrives = List.copyOf(newPoolDrives);
    drives = List.copyOf(drives);
    existingVolumes = Map.copyOf(existingVolumes);
    volumesToCreate = List.copyOf(volumesToCreate);
    Objects.requireNonNull(cache, "cache");
    Objects.requireNonNull(cacheMode, "cacheMode");
    newCacheDrives = List.copyOf(newCacheDrives);
    addCacheDrives = List.copyOf(addCacheDrives);
  }

  /** The SSD cache setting every trial volume should have, or empty to leave them as they are. */
  public Optional<Boolean> volumeCacheTarget() {
    switch (cacheMode) {
      case ENABLED:
        return Optional.of(true);
      case DISABLED:
        return Optional.of(false);
      default:
        return Optional.empty();
    }
  }
}
