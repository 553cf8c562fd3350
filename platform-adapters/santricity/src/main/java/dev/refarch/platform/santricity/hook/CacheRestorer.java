package dev.refarch.platform.santricity.hook;

import dev.refarch.platform.santricity.api.SantricityClient;
import dev.refarch.platform.santricity.api.SsdCacheApi;
import dev.refarch.platform.santricity.api.model.SsdCache;
import dev.refarch.platform.santricity.api.model.Volume;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Brings the SSD cache back to a {@link CacheSnapshot}: deletes a cache the hook created, removes
 * SSDs it added, suspends or resumes as found, and sets each trial volume's cache setting back. It
 * compares with the array's current state, so it also undoes a half-applied {@code before}, and
 * does nothing when nothing differs. Every step is tried; failures go to the caller's
 * {@link Failures}.
 *
 * <p>Not thread-safe; one restore at a time.
 */
final class CacheRestorer {

  private final SantricityClient client;

  CacheRestorer(SantricityClient client) {
    this.client = client;
  }

  /**
   * Restores, adding what it changed to {@code done} (one line each).
   *
   * @param volumeNames the trial's volumes whose cache setting to put back (not those about to be
   *     deleted)
   */
  void restore(CacheSnapshot snapshot, RestoreLedger ledger, Collection<String> volumeNames,
      List<String> done, Failures failures) {
    SsdCacheApi api = client.ssdCache();
    Optional<SsdCache> cache = api.find();
    if (ledger.createdCacheId() != null
        && cache.map(c -> !c.id().equals(ledger.createdCacheId())).orElse(true)) {
      ledger.cacheRemoved(); // the cache the hook created is gone already
    }
    if (cache.isPresent() && cache.get().id().equals(ledger.createdCacheId())) {
      // Deleting the cache the hook created also detaches every volume from it.
      failures.attempt("SSD cache '" + cache.get().name() + "' (created by this hook)", () -> {
        api.delete(cache.get());
        ledger.cacheRemoved();
        done.add("deleted SSD cache '" + cache.get().name() + "' (created by this hook)");
      });
      return;
    }
    if (cache.isPresent()) {
      restoreExisting(cache.get(), snapshot, ledger, done, failures);
      restoreVolumes(snapshot, volumeNames, done, failures);
    }
  }

  private void restoreExisting(SsdCache current, CacheSnapshot snapshot, RestoreLedger ledger,
      List<String> done, Failures failures) {
    SsdCacheApi api = client.ssdCache();
    List<String> added = current.driveIds().stream()
        .filter(ledger.addedCacheDrives()::contains).collect(Collectors.toList());
    if (!added.isEmpty()) {
      failures.attempt(added.size() + " SSDs added to SSD cache '" + current.name() + "'", () -> {
        api.removeDrives(current, added);
        ledger.cacheDrivesRemoved(added);
        done.add("removed " + added.size() + " SSDs added by this hook from SSD cache '"
            + current.name() + "'");
      });
    }
    if (snapshot.suspended() && !current.isSuspended()) {
      failures.attempt("SSD cache '" + current.name() + "' resumed (was suspended)", () -> {
        api.suspend(current);
        done.add("suspended SSD cache '" + current.name() + "' again");
      });
    } else if (!snapshot.suspended() && current.isSuspended() && snapshot.cacheId().isPresent()) {
      failures.attempt("SSD cache '" + current.name() + "' suspended (was running)", () -> {
        api.resume(current);
        done.add("resumed SSD cache '" + current.name() + "' again");
      });
    }
  }

  private void restoreVolumes(CacheSnapshot snapshot, Collection<String> volumeNames,
      List<String> done, Failures failures) {
    Map<String, Volume> byName = client.volumes().list().stream()
        .collect(Collectors.toMap(Volume::name, Function.identity(), (a, b) -> a));
    for (String name : volumeNames) {
      Volume volume = byName.get(name);
      boolean wanted = snapshot.wasServed(name);
      if (volume != null && volume.flashCached() != wanted) {
        failures.attempt("SSD cache setting of volume '" + name + "' (was "
            + (wanted ? "enabled" : "disabled") + ")", () -> {
              client.volumes().setFlashCache(volume, wanted);
              done.add((wanted ? "enabled" : "disabled") + " SSD cache for volume '" + name
                  + "' again");
            });
      }
    }
  }
}
