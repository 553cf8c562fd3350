package dev.refarch.platform.santricity.hook;

import dev.refarch.platform.santricity.api.SantricityClient;
import dev.refarch.platform.santricity.api.model.Pool;
import dev.refarch.platform.santricity.api.model.Volume;
import dev.refarch.platform.spi.PlatformException;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Deletes what the {@link RestoreLedger} says this hook created: each volume on its own
 * ({@code DELETE /storage-systems/{system-id}/volumes/{id}}, operation {@code deleteVolumeById}),
 * then the pool ({@code DELETE /storage-systems/{system-id}/storage-pools/{id}}, operation
 * {@code remove-StoragePool} in 11.9x, {@code deleteStoragePool} in 12.0x) with
 * {@code delete-volumes=false}, so that a volume someone else put into the pool is never deleted
 * with it: such a pool is left and reported. A volume delete may answer 202 (accepted); the pool
 * is deleted once its volumes are gone ({@link VolumeWait#gone}). Objects already gone are simply
 * forgotten.
 *
 * <p>Not thread-safe; one removal at a time.
 */
final class CreatedRemover {

  private final SantricityClient client;
  private final VolumeWait wait;

  CreatedRemover(SantricityClient client, VolumeWait wait) {
    this.client = client;
    this.wait = wait;
  }

  /** Deletes, adding what it deleted to {@code done} and what it could not to {@code failures}. */
  void remove(RestoreLedger ledger, List<String> done, Failures failures) {
    if (!ledger.hasCreatedStorage()) {
      return;
    }
    Map<String, Volume> byId = client.volumes().list().stream()
        .collect(Collectors.toMap(Volume::id, Function.identity(), (a, b) -> a));
    Set<String> deleted = new HashSet<>();
    for (RestoreLedger.Created created : ledger.volumes()) {
      Volume volume = byId.get(created.id());
      if (volume == null) {
        ledger.volumeRemoved(created.id());
        continue;
      }
      failures.attempt("volume '" + created.name() + "' (created by this hook)", () -> {
        client.volumes().delete(volume);
        deleted.add(created.id());
        ledger.volumeRemoved(created.id());
        done.add("deleted volume '" + created.name() + "' (created by this hook)");
      });
    }
    if (ledger.pool().isPresent()) {
      wait.gone(deleted);
      RestoreLedger.Created pool = ledger.pool().get();
      failures.attempt("pool '" + pool.name() + "' (created by this hook)",
          () -> removePool(pool, ledger, done, failures));
    }
  }

  private void removePool(RestoreLedger.Created created, RestoreLedger ledger, List<String> done,
      Failures failures) {
    String what = "pool '" + created.name() + "' (created by this hook)";
    Optional<Pool> pool = client.pools().list().stream()
        .filter(p -> p.id().equals(created.id())).findFirst();
    if (pool.isEmpty()) {
      ledger.poolRemoved();
      return;
    }
    List<String> holding = client.volumes().list().stream()
        .filter(v -> pool.get().volumeGroupRef().equals(v.volumeGroupRef()))
        .map(Volume::name).sorted().collect(Collectors.toList());
    if (!holding.isEmpty()) {
      failures.add(what, new PlatformException("delete " + what, "it still holds volume(s) "
          + String.join(", ", holding) + "; delete them first, or keep the pool"));
      return;
    }
    failures.attempt(what, () -> {
      client.pools().delete(pool.get(), false);
      ledger.poolRemoved();
      done.add("deleted pool '" + created.name() + "' (created by this hook)");
    });
  }
}
