package dev.refarch.platform.santricity.api.model;

import java.util.List;

/**
 * The 12.0x {@code ssd-caches} resource ({@code SsdCacheResponse}).
 *
 * @param id the cache id
 * @param name the user label
 * @param status {@code optimal}, {@code suspended}, ...
 * @param driveIds the SSDs holding the cache
 * @param cachedVolumesIds the cached volumes (sic: NetApp's spelling)
 */
public record SsdCacheResponse(String id, String name, String status, List<String> driveIds,
    List<String> cachedVolumesIds) {

  public SsdCache toCache() {
    return new SsdCache(id, name, status, driveIds, cachedVolumesIds);
  }
}
