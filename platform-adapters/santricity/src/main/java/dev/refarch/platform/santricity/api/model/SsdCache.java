package dev.refarch.platform.santricity.api.model;

import java.util.List;
import java.util.Objects;

/**
 * The array's SSD read cache, the same whichever resource served it: 12.0x {@code ssd-caches}
 * ({@link SsdCacheResponse}) or the older {@code flash-cache} ({@link FlashCacheEx}).
 *
 * @param id the cache id ({@code ssd-cache-id} in 12.0x paths)
 * @param name the user label
 * @param status {@code optimal}, {@code suspended}, {@code degraded}, {@code failed}
 * @param driveIds the SSDs holding the cache
 * @param cachedVolumeIds the volumes the cache serves
 */
public record SsdCache(String id, String name, String status, List<String> driveIds,
    List<String> cachedVolumeIds) {

  public SsdCache {
    Objects.requireNonNull(id, "id");
    driveIds = driveIds == null ? List.of() : List.copyOf(driveIds);
    cachedVolumeIds = cachedVolumeIds == null ? List.of() : List.copyOf(cachedVolumeIds);
  }

  public boolean isSuspended() {
    return "suspended".equals(status);
  }
}
