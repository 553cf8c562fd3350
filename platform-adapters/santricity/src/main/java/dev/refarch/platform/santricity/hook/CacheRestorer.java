package dev.refarch.platform.santricity.hook;

import dev.refarch.platform.santricity.api.SantricityClient;
import dev.refarch.platform.santricity.api.SsdCacheApi;
import dev.refarch.platform.santricity.api.model.SsdCache;
import dev.refarch.platform.santricity.api.model.Volume;
import dev.refarch.platform.spi.PlatformException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Brings the SSD cache back to a {@link CacheSnapshot}: deletes a cache the hook created, removes
 * SSDs it added, suspends or resumes as found, and sets each trial volume's cache setting back. It
 * compares with the array's current state, so it also undoes a half-applied {@code before}, and
 * does nothing when nothing differs. Every step is tried; failures are reported together.
 *
 * <p>Not thread-safe; one restore at a time.
 */
final class CacheRestorer {

  private final SantricityClient client;

  CacheRestorer(SantricityClient client) {
    this.client = client;
  }

  /**
   * Restores and returns what it changed, one line each.
   *
   * @throws PlatformException naming every step that failed, after trying all of them
   */
  List<String> restore(CacheSnapshot snapshot, RestoreLedger ledger, List<String> volumeNames) {
    List<String> done = new ArrayList<>();
    List<RuntimeException> failures = new ArrayList<>();
    SsdCacheApi api = client.ssdCache();
    Optional<SsdCache> cache = api.find();
    if (cache.isPresent() && cache.get().id().equals(ledger.createdCacheId())) {
      // Deleting the cache the hook created also detaches every volume from it.
      step(failures, () -> {
        api.delete(cache.get());
        done.add("deleted SSD cache '" + cache.get().name() + "' (created by this hook)");
      });
      finish(failures, ledger);
      return done;
    }
    if (cache.isPresent()) {
      SsdCache current = cache.get();
      List<String> added = current.driveIds().stream()
          .filter(ledger.addedCacheDrives()::contains).collect(Collectors.toList());
      if (!added.isEmpty()) {
        step(failures, () -> {
          api.removeDrives(current, added);
          done.add("removed " + added.size() + " SSDs added by this hook from SSD cache '"
              + current.name() + "'");
        });
      }
      if (snapshot.suspended() && !current.isSuspended()) {
        step(failures, () -> {
          api.suspend(current);
          done.add("suspended SSD cache '" + current.name() + "' again");
        });
      } else if (!snapshot.suspended() && current.isSuspended() && snapshot.cacheId().isPresent()) {
        step(failures, () -> {
          api.resume(current);
          done.add("resumed SSD cache '" + current.name() + "' again");
        });
      }
      restoreVolumes(snapshot, volumeNames, done, failures);
    }
    finish(failures, ledger);
    return done;
  }

  private void restoreVolumes(CacheSnapshot snapshot, List<String> volumeNames, List<String> done,
      List<RuntimeException> failures) {
    Map<String, Volume> byName = client.volumes().list().stream()
        .collect(Collectors.toMap(Volume::name, Function.identity(), (a, b) -> a));
    for (String name : volumeNames) {
      Volume volume = byName.get(name);
      boolean wanted = snapshot.wasServed(name);
      if (volume != null && volume.flashCached() != wanted) {
        step(failures, () -> {
          client.volumes().setFlashCache(volume, wanted);
          done.add((wanted ? "enabled" : "disabled") + " SSD cache for volume '" + name
              + "' again");
        });
      }
    }
  }

  private static void step(List<RuntimeException> failures, Runnable action) {
    try {
      action.run();
    } catch (RuntimeException e) {
      failures.add(e);
    }
  }

  private static void finish(List<RuntimeException> failures, RestoreLedger ledger) {
    if (failures.isEmpty()) {
      ledger.cacheRestored();
      return;
    }
    PlatformException error = new PlatformException("restore the SSD cache state",
        failures.size() + " step(s) failed: " + failures.stream().map(Throwable::getMessage)
            .collect(Collectors.joining(" | ")));
    failures.forEach(error::addSuppressed);
    throw error;
  }
}
