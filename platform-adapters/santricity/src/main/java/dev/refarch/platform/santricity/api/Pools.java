package dev.refarch.platform.santricity.api;

import static dev.refarch.platform.santricity.api.internal.Transport.path;

import dev.refarch.platform.santricity.api.internal.Json;
import dev.refarch.platform.santricity.api.internal.Transport;
import dev.refarch.platform.santricity.api.model.OperationProgress;
import dev.refarch.platform.santricity.api.model.Pool;
import dev.refarch.platform.santricity.api.model.RaidLevel;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Storage pools of one storage system: Dynamic Disk Pools and RAID volume groups
 * ({@code /storage-systems/{system-id}/storage-pools}).
 *
 * <p>Thread-safe.
 *
 * <pre>{@code
 * Pool pool = client.pools().byName("hdd_ddp")
 *     .orElseGet(() -> client.pools().create("hdd_ddp", RaidLevel.DDP, driveIds, 2));
 * }</pre>
 */
public final class Pools {

  private final Transport transport;
  private final String systemId;
  private final Supplier<ApiGeneration> generation;
  private final Consumer<String> notices;

  Pools(Transport transport, String systemId, Supplier<ApiGeneration> generation,
      Consumer<String> notices) {
    this.transport = transport;
    this.systemId = systemId;
    this.generation = generation;
    this.notices = notices;
  }

  public List<Pool> list() {
    return Json.readList(transport.get(base(), "list storage pools of " + system()), Pool.class);
  }

  public Optional<Pool> byName(String name) {
    return list().stream().filter(p -> name.equals(p.name())).findFirst();
  }

  public Pool get(String poolId) {
    return Json.read(transport.get(base() + "/" + path(poolId), "read storage pool " + poolId
        + " of " + system()), Pool.class);
  }

  /**
   * Creates a pool from the given drives. A create that answers 422 may still have created the
   * pool (11.9x documents 422 as "created pool not found"), so the pool is looked up by name
   * before the error is raised.
   *
   * @param reservedDrives drives' worth of preservation capacity of a disk pool, or {@code null}
   *     for the array's default; sent only to 12.0x, whose request has that field
   */
  public Pool create(String name, RaidLevel level, List<String> driveIds, Integer reservedDrives) {
    Integer reserved = level == RaidLevel.DDP && generation.get() == ApiGeneration.V12_0X
        ? reservedDrives : null;
    Map<String, Object> body = Json.body("name", name, "raidLevel", level.apiName(),
        "diskDriveIds", List.copyOf(driveIds), "reconstructionDriveCount", reserved);
    String operation = "create " + level.name().toLowerCase(java.util.Locale.ROOT) + " pool '"
        + name + "' from " + driveIds.size() + " drives on " + system();
    try {
      return Json.read(transport.post(base(), body, operation), Pool.class);
    } catch (SantricityApiException e) {
      if (e.status() != 422) {
        throw e;
      }
      Optional<Pool> created = byName(name);
      if (created.isEmpty()) {
        throw e;
      }
      notices.accept(operation + " answered HTTP 422, but the pool exists: continuing");
      return created.get();
    }
  }

  /** Deletes the pool; with {@code withVolumes} its volumes go too, otherwise the array refuses. */
  public void delete(Pool pool, boolean withVolumes) {
    transport.delete(Transport.query(base() + "/" + path(pool.id()),
        Map.of("delete-volumes", String.valueOf(withVolumes))),
        "delete storage pool '" + pool.name() + "'" + (withVolumes ? " with its volumes" : "")
            + " on " + system());
  }

  /**
   * The long-running actions on the pool's volumes (reconstruction, rebalancing, copyback,
   * initialization). 11.9x answers a list, 12.0x one object; both become a list, empty or holding
   * {@code none} entries when nothing runs.
   */
  public List<OperationProgress> actionProgress(Pool pool) {
    return Json.readList(transport.get(base() + "/" + path(pool.id()) + "/action-progress",
        "read action progress of storage pool '" + pool.name() + "' on " + system()),
        OperationProgress.class);
  }

  private String base() {
    return path("storage-systems", systemId, "storage-pools");
  }

  private String system() {
    return "storage system '" + systemId + "'";
  }
}
