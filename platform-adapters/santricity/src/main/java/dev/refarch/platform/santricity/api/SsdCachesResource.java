package dev.refarch.platform.santricity.api;

import static dev.refarch.platform.santricity.api.internal.Transport.path;

import com.fasterxml.jackson.databind.JsonNode;
import dev.refarch.platform.santricity.api.internal.Json;
import dev.refarch.platform.santricity.api.internal.Transport;
import dev.refarch.platform.santricity.api.model.SsdCache;
import dev.refarch.platform.santricity.api.model.SsdCacheResponse;
import dev.refarch.platform.santricity.api.model.SsdCacheStatistics;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@link SsdCacheApi} on the 12.0x {@code /storage-systems/{system-id}/ssd-caches} resource.
 *
 * <p>Thread-safe.
 */
final class SsdCachesResource implements SsdCacheApi {

  private final Transport transport;
  private final String systemId;

  SsdCachesResource(Transport transport, String systemId) {
    this.transport = transport;
    this.systemId = systemId;
  }

  @Override
  public String resource() {
    return "ssd-caches";
  }

  @Override
  public Optional<SsdCache> find() {
    return Json.readList(transport.get(base(), "list SSD caches of " + system()),
        SsdCacheResponse.class).stream().map(SsdCacheResponse::toCache).findFirst();
  }

  @Override
  public SsdCache create(String name, List<String> driveIds) {
    return cache(transport.post(base(), Json.body("name", name, "driveIds", List.copyOf(driveIds),
        "enableExistingVolumes", false),
        "create SSD cache '" + name + "' from " + driveIds.size() + " SSDs on " + system()));
  }

  @Override
  public SsdCache addDrives(SsdCache cache, List<String> driveIds) {
    return updateDrives(cache, "addDrives", driveIds);
  }

  @Override
  public SsdCache removeDrives(SsdCache cache, List<String> driveIds) {
    return updateDrives(cache, "removeDrives", driveIds);
  }

  private SsdCache updateDrives(SsdCache cache, String action, List<String> driveIds) {
    return cache(transport.post(one(cache) + "/update-drives",
        Json.body("action", action, "driveIds", List.copyOf(driveIds)),
        (action.equals("addDrives") ? "add " : "remove ") + driveIds.size() + " drives "
            + (action.equals("addDrives") ? "to" : "from") + " SSD cache '" + cache.name()
            + "' on " + system()));
  }

  @Override
  public SsdCache suspend(SsdCache cache) {
    return cache(transport.post(one(cache) + "/suspend", null,
        "suspend SSD cache '" + cache.name() + "' on " + system()));
  }

  @Override
  public SsdCache resume(SsdCache cache) {
    return cache(transport.post(one(cache) + "/resume", null,
        "resume SSD cache '" + cache.name() + "' on " + system()));
  }

  @Override
  public void delete(SsdCache cache) {
    transport.delete(one(cache), "delete SSD cache '" + cache.name() + "' on " + system());
  }

  @Override
  public List<SsdCacheStatistics> statistics(SsdCache cache) {
    return Json.readList(transport.get(one(cache) + "/statistics",
        "read statistics of SSD cache '" + cache.name() + "' on " + system()),
        SsdCacheStatistics.class);
  }

  @Override
  public List<String> compatibleVolumeIds(SsdCache cache) {
    JsonNode answer = transport.get(one(cache) + "/compatible-volumes",
        "list volumes compatible with SSD cache '" + cache.name() + "' on " + system());
    List<String> out = new ArrayList<>();
    answer.path("compatibleVolumeIds").forEach(n -> out.add(n.asText()));
    return out;
  }

  private static SsdCache cache(JsonNode node) {
    return Json.read(node, SsdCacheResponse.class).toCache();
  }

  private String base() {
    return path("storage-systems", systemId, "ssd-caches");
  }

  private String one(SsdCache cache) {
    return base() + "/" + path(cache.id());
  }

  private String system() {
    return "storage system '" + systemId + "'";
  }
}
