package dev.refarch.platform.santricity.api;

import dev.refarch.platform.santricity.api.model.SsdCache;
import dev.refarch.platform.santricity.api.model.SsdCacheStatistics;
import java.util.List;
import java.util.Optional;

/**
 * The array's SSD read cache, through whichever resource the API offers: {@code ssd-caches}
 * (12.0x) or {@code flash-cache} (11.9x, deprecated in 12.0x). An E-Series array has at most one
 * SSD cache. Which volumes it serves is set per volume with
 * {@link Volumes#setFlashCache(dev.refarch.platform.santricity.api.model.Volume, boolean)}.
 *
 * <p>Implementations are thread-safe.
 *
 * <pre>{@code
 * SsdCache cache = client.ssdCache().find()
 *     .orElseGet(() -> client.ssdCache().create("mongo_cache", ssdIds));
 * }</pre>
 */
public interface SsdCacheApi {

  /** {@code ssd-caches} or {@code flash-cache}: the resource this implementation talks to. */
  String resource();

  /** The SSD cache, or empty when none is defined. */
  Optional<SsdCache> find();

  /** Creates the cache on the given SSDs, enabling it for no volume yet. */
  SsdCache create(String name, List<String> driveIds);

  SsdCache addDrives(SsdCache cache, List<String> driveIds);

  SsdCache removeDrives(SsdCache cache, List<String> driveIds);

  /** Stops caching for every volume, keeping the cache's contents' definition. */
  SsdCache suspend(SsdCache cache);

  SsdCache resume(SsdCache cache);

  void delete(SsdCache cache);

  /** Per-controller cache counters; empty where the API has none (11.9x). */
  List<SsdCacheStatistics> statistics(SsdCache cache);

  /** Ids of the volumes the cache could serve. */
  List<String> compatibleVolumeIds(SsdCache cache);
}
