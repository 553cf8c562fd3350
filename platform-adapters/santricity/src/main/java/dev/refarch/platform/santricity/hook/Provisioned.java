package dev.refarch.platform.santricity.hook;

import dev.refarch.platform.santricity.api.model.Pool;
import dev.refarch.platform.santricity.api.model.SsdCache;
import dev.refarch.platform.santricity.api.model.Volume;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The trial's storage after {@link Provisioner#apply}: what the phase runs on.
 *
 * @param pool the pool
 * @param poolDriveIds the pool's drives
 * @param volumes the trial's volumes, in name order
 * @param cache the SSD cache, if there is one
 * @param changes what was changed, one line each; empty when everything was already in place
 */
public record Provisioned(Pool pool, List<String> poolDriveIds, List<Volume> volumes,
    Optional<SsdCache> cache, List<String> changes) {

  public Provisioned {
    Objects.requireNonNull(pool, "pool");
    poolDriveIds = List.copyOf(poolDriveIds);
    volumes = List.copyOf(volumes);
    Objects.requireNonNull(cache, "cache");
    changes = List.copyOf(changes);
  }
}
