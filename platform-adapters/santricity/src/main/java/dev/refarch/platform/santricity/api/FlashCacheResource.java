package dev.refarch.platform.santricity.api;

import static dev.refarch.platform.santricity.api.internal.Transport.path;

import com.fasterxml.jackson.databind.JsonNode;
import dev.refarch.platform.santricity.api.internal.Json;
import dev.refarch.platform.santricity.api.internal.Transport;
import dev.refarch.platform.santricity.api.model.FlashCacheEx;
import dev.refarch.platform.santricity.api.model.SsdCache;
import dev.refarch.platform.santricity.api.model.SsdCacheStatistics;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@link SsdCacheApi} on the older {@code /storage-systems/{system-id}/flash-cache} resource: the
 * only one on 11.9x. 11.9x answers {@code GET flash-cache} with one object (404 when no cache is
 * defined); 12.0x, where the resource is deprecated, with a list. Both are accepted.
 *
 * <p>Thread-safe.
 */
final class FlashCacheResource implements SsdCacheApi {

  private final Transport transport;
  private final String systemId;

  FlashCacheResource(Transport transport, String systemId) {
    this.transport = transport;
    this.systemId = systemId;
  }

  @Override
  public String resource() {
    return "flash-cache";
  }

  @Override
  public Optional<SsdCache> find() {
    try {
      return Json.readList(transport.get(base(), "read the SSD cache (flash-cache) of " + system()),
          FlashCacheEx.class).stream().map(FlashCacheEx::toCache).findFirst();
    } catch (SantricityApiException e) {
      if (e.isNotFound()) {
        // 11.9x documents 404 as "No FlashCache has been defined".
        return Optional.empty();
      }
      throw e;
    }
  }

  @Override
  public SsdCache create(String name, List<String> driveIds) {
    return cache(transport.post(base(), Json.body("driveRefs", List.copyOf(driveIds), "name", name,
        "enableExistingVolumes", false),
        "create SSD cache (flash-cache) '" + name + "' from " + driveIds.size() + " SSDs on "
            + system()));
  }

  @Override
  public SsdCache addDrives(SsdCache cache, List<String> driveIds) {
    return cache(transport.post(base() + "/addDrives", Json.body("driveRef", List.copyOf(driveIds)),
        "add " + driveIds.size() + " drives to SSD cache (flash-cache) '" + cache.name() + "' on "
            + system()));
  }

  @Override
  public SsdCache removeDrives(SsdCache cache, List<String> driveIds) {
    return cache(transport.post(base() + "/removeDrives",
        Json.body("driveRef", List.copyOf(driveIds)),
        "remove " + driveIds.size() + " drives from SSD cache (flash-cache) '" + cache.name()
            + "' on " + system()));
  }

  @Override
  public SsdCache suspend(SsdCache cache) {
    return cache(transport.post(base() + "/suspend", null,
        "suspend SSD cache (flash-cache) '" + cache.name() + "' on " + system()));
  }

  @Override
  public SsdCache resume(SsdCache cache) {
    return cache(transport.post(base() + "/resume", null,
        "resume SSD cache (flash-cache) '" + cache.name() + "' on " + system()));
  }

  @Override
  public void delete(SsdCache cache) {
    transport.delete(base(), "delete SSD cache (flash-cache) '" + cache.name() + "' on " + system());
  }

  @Override
  public List<SsdCacheStatistics> statistics(SsdCache cache) {
    return List.of();
  }

  @Override
  public List<String> compatibleVolumeIds(SsdCache cache) {
    JsonNode answer = transport.get(base() + "/compatibleVolumes",
        "list volumes compatible with SSD cache (flash-cache) '" + cache.name() + "' on "
            + system());
    List<String> out = new ArrayList<>();
    answer.forEach(n -> out.add(n.asText()));
    return out;
  }

  private static SsdCache cache(JsonNode node) {
    return Json.readList(node, FlashCacheEx.class).get(0).toCache();
  }

  private String base() {
    return path("storage-systems", systemId, "flash-cache");
  }

  private String system() {
    return "storage system '" + systemId + "'";
  }
}
