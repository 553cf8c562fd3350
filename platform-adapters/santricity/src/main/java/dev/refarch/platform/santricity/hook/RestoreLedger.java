package dev.refarch.platform.santricity.hook;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What this hook instance created on the array — the pool, volumes, the SSD cache and SSDs added
 * to an existing cache — written as each change succeeds (or is found done after a request that
 * failed), so that a {@code before} that fails half-way can still be undone. Entries are removed
 * one by one as the restore deletes their objects, so a restore that fails part-way keeps exactly
 * what is still left. Settings of existing objects need no entry: they are restored by comparing
 * with the {@link CacheSnapshot}.
 *
 * <p>Not thread-safe; the hook's calls never overlap.
 */
final class RestoreLedger {

  /** An object the hook created: its id (used in paths) and name (used in messages). */
  record Created(String id, String name) {
  }

  private Created pool;
  private final Map<String, Created> volumes = new LinkedHashMap<>();
  private String createdCacheId;
  private final Set<String> addedCacheDrives = new LinkedHashSet<>();

  void poolCreated(String id, String name) {
    pool = new Created(id, name);
  }

  void volumeCreated(String id, String name) {
    volumes.put(id, new Created(id, name));
  }

  void cacheCreated(String id) {
    createdCacheId = id;
  }

  void cacheDrivesAdded(List<String> ids) {
    addedCacheDrives.addAll(ids);
  }

  Optional<Created> pool() {
    return Optional.ofNullable(pool);
  }

  List<Created> volumes() {
    return new ArrayList<>(volumes.values());
  }

  /** Names of the volumes this hook created and has not deleted yet. */
  Set<String> volumeNames() {
    Set<String> names = new LinkedHashSet<>();
    volumes.values().forEach(v -> names.add(v.name()));
    return names;
  }

  String createdCacheId() {
    return createdCacheId;
  }

  Set<String> addedCacheDrives() {
    return Set.copyOf(addedCacheDrives);
  }

  boolean hasCacheEntries() {
    return createdCacheId != null || !addedCacheDrives.isEmpty();
  }

  boolean hasCreatedStorage() {
    return pool != null || !volumes.isEmpty();
  }

  boolean isEmpty() {
    return !hasCacheEntries() && !hasCreatedStorage();
  }

  void poolRemoved() {
    pool = null;
  }

  void volumeRemoved(String id) {
    volumes.remove(id);
  }

  void cacheRemoved() {
    createdCacheId = null;
    addedCacheDrives.clear();
  }

  void cacheDrivesRemoved(List<String> ids) {
    ids.forEach(addedCacheDrives::remove);
  }

  /** Forgets the pool and volumes (kept on purpose): later restores no longer delete them. */
  void forgetCreatedStorage() {
    pool = null;
    volumes.clear();
  }
}
