package dev.refarch.platform.santricity.api.model;

import java.util.List;

/**
 * The older {@code flash-cache} resource ({@code FlashCacheEx}), the only one on 11.9x and
 * deprecated since 12.0x (Web Services 8.00).
 *
 * @param id the cache id
 * @param name the user label
 * @param flashCacheBase status and label
 * @param driveRefs the SSDs holding the cache
 * @param cachedVolumes the cached volumes
 */
public record FlashCacheEx(String id, String name, Base flashCacheBase, List<String> driveRefs,
    List<String> cachedVolumes) {

  /**
   * {@code FlashCacheBase}.
   *
   * @param label the user label
   * @param status {@code optimal}, {@code suspended}, ...
   */
  public record Base(String label, String status) {
  }

  public SsdCache toCache() {
    String label = name != null ? name : flashCacheBase == null ? null : flashCacheBase.label();
    String status = flashCacheBase == null ? null : flashCacheBase.status();
    return new SsdCache(id, label, status, driveRefs, cachedVolumes);
  }
}
