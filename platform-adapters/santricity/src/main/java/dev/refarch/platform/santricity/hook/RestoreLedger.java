package dev.refarch.platform.santricity.hook;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What this hook instance created in the SSD cache, written as each change succeeds so that a
 * {@code before} that fails half-way can still be undone. Volume cache settings need no entry: they
 * are restored by comparing with the {@link CacheSnapshot}.
 *
 * <p>Not thread-safe; the hook's calls never overlap.
 */
final class RestoreLedger {

  private String createdCacheId;
  private final Set<String> addedCacheDrives = new LinkedHashSet<>();
  private final List<String> createdVolumes = new ArrayList<>();
  private String createdPool;

  void cacheCreated(String id) {
    createdCacheId = id;
  }

  void cacheDrivesAdded(List<String> ids) {
    addedCacheDrives.addAll(ids);
  }

  void volumeCreated(String name) {
    createdVolumes.add(name);
  }

  void poolCreated(String name) {
    createdPool = name;
  }

  String createdCacheId() {
    return createdCacheId;
  }

  Set<String> addedCacheDrives() {
    return Set.copyOf(addedCacheDrives);
  }

  List<String> createdVolumes() {
    return List.copyOf(createdVolumes);
  }

  String createdPool() {
    return createdPool;
  }

  /** Forgets the cache entries once they are restored; pools and volumes stay created. */
  void cacheRestored() {
    createdCacheId = null;
    addedCacheDrives.clear();
  }
}
