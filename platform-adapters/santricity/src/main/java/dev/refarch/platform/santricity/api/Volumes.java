package dev.refarch.platform.santricity.api;

import static dev.refarch.platform.santricity.api.internal.Transport.path;

import dev.refarch.platform.santricity.api.internal.Json;
import dev.refarch.platform.santricity.api.internal.Transport;
import dev.refarch.platform.santricity.api.model.Pool;
import dev.refarch.platform.santricity.api.model.Volume;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Volumes of one storage system ({@code /storage-systems/{system-id}/volumes}).
 *
 * <p>Thread-safe.
 *
 * <pre>{@code
 * Volume v = client.volumes().byName("mongo_1")
 *     .orElseGet(() -> client.volumes().create(pool, "mongo_1", 1397, 128));
 * client.volumes().setFlashCache(v, true);
 * }</pre>
 */
public final class Volumes {

  private final Transport transport;
  private final String systemId;
  private final Consumer<String> notices;

  Volumes(Transport transport, String systemId, Consumer<String> notices) {
    this.transport = transport;
    this.systemId = systemId;
    this.notices = notices;
  }

  public List<Volume> list() {
    return Json.readList(transport.get(base(), "list volumes of " + system()), Volume.class);
  }

  public Optional<Volume> byName(String name) {
    return list().stream().filter(v -> name.equals(v.name())).findFirst();
  }

  public Volume get(String volumeId) {
    return Json.read(transport.get(base() + "/" + path(volumeId),
        "read volume " + volumeId + " of " + system()), Volume.class);
  }

  /**
   * Creates a volume in the pool. A create that answers 422 may still have created the volume, so
   * it is looked up (by name, in this pool) before the error is raised.
   *
   * @param sizeGb capacity in SANtricity's {@code gb} unit (GiB), at least 1
   * @param segmentSizeKb segment size in KiB (disk pools use 128)
   */
  public Volume create(Pool pool, String name, long sizeGb, int segmentSizeKb) {
    String operation = "create volume '" + name + "' (" + sizeGb + " GiB) in pool '" + pool.name()
        + "' on " + system();
    try {
      return Json.read(transport.post(base(), Json.body("poolId", pool.id(), "name", name,
          "sizeUnit", "gb", "size", String.valueOf(sizeGb), "segSize", segmentSizeKb),
          operation), Volume.class);
    } catch (SantricityApiException e) {
      if (e.status() != 422) {
        throw e;
      }
      Optional<Volume> created = byName(name).filter(v -> pool.volumeGroupRef() == null
          || pool.volumeGroupRef().equals(v.volumeGroupRef()));
      if (created.isEmpty()) {
        throw e;
      }
      notices.accept(operation + " answered HTTP 422, but the volume exists: continuing");
      return created.get();
    }
  }

  /** Adds the volume to the SSD cache ({@code true}) or removes it ({@code false}). */
  public Volume setFlashCache(Volume volume, boolean enabled) {
    return Json.read(transport.post(base() + "/" + path(volume.id()),
        Json.body("flashCache", enabled),
        (enabled ? "enable" : "disable") + " SSD cache for volume '" + volume.name() + "' on "
            + system()), Volume.class);
  }

  public void delete(Volume volume) {
    transport.delete(base() + "/" + path(volume.id()),
        "delete volume '" + volume.name() + "' on " + system());
  }

  private String base() {
    return path("storage-systems", systemId, "volumes");
  }

  private String system() {
    return "storage system '" + systemId + "'";
  }
}
