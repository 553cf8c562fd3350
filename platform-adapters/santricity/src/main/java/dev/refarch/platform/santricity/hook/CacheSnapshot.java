package dev.refarch.platform.santricity.hook;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The SSD cache state the hook found before its first change: whether a cache existed, whether it
 * was suspended, its drives, and which of the trial's volumes it served.
 *
 * @param cacheId the cache's id, or empty when there was none
 * @param suspended whether the cache was suspended
 * @param driveIds the cache's drives
 * @param flashCached per existing trial volume (by name), whether the cache served it
 */
public record CacheSnapshot(Optional<String> cacheId, boolean suspended, List<String> driveIds,
    Map<String, Boolean> flashCached) {

  public CacheSnapshot {
    driveIds = List.copyOf(driveIds);
    flashCached = Map.copyOf(flashCached);
  }

  static CacheSnapshot of(ProvisioningPlan plan) {
    Map<String, Boolean> served = new java.util.TreeMap<>();
    plan.existingVolumes().forEach((name, volume) -> served.put(name, volume.flashCached()));
    return new CacheSnapshot(plan.cache().map(c -> c.id()),
        plan.cache().map(c -> c.isSuspended()).orElse(false),
        plan.cache().map(c -> c.driveIds()).orElse(List.of()), served);
  }

  /** What a volume's cache setting was; {@code false} for a volume that did not exist. */
  boolean wasServed(String volumeName) {
    return flashCached.getOrDefault(volumeName, false);
  }
}
