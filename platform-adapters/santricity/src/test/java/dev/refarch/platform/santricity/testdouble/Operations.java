package dev.refarch.platform.santricity.testdouble;

import com.fasterxml.jackson.databind.JsonNode;
import dev.refarch.platform.santricity.testdouble.ArrayState.CacheState;
import dev.refarch.platform.santricity.testdouble.ArrayState.DriveState;
import dev.refarch.platform.santricity.testdouble.ArrayState.PoolState;
import dev.refarch.platform.santricity.testdouble.ArrayState.VolumeState;
import java.util.ArrayList;
import java.util.List;

/**
 * What the double's array does when asked: creates and deletes pools, volumes and the SSD cache,
 * fails and replaces drives — with the checks the real array makes (free drives, one media per
 * pool, at least 11 drives per disk pool, capacity, unique names), answered as {@link ApiError}s.
 */
final class Operations {

  private final ArrayState a;

  Operations(ArrayState state) {
    this.a = state;
  }

  PoolState createPool(JsonNode b) {
    String name = required(b, "name").asText();
    String raid = required(b, "raidLevel").asText();
    List<String> ids = strings(required(b, "diskDriveIds"));
    if (a.poolNamed(name).isPresent()) {
      throw new ApiError(422, "duplicateName", "symbol", "A pool named " + name + " exists.", "name");
    }
    List<DriveState> members = new ArrayList<>();
    for (String id : ids) {
      DriveState d = a.drive(id).orElseThrow(() -> new ApiError(404, "driveNotFound",
          "devicemgrerror", "Drive " + id + " was not found.", "diskDriveIds"));
      if (!d.available || !d.status.equals("optimal")) {
        throw new ApiError(422, "invalidDriveState", "symbol", "Drive " + id + " is not available.",
            "diskDriveIds");
      }
      members.add(d);
    }
    if (members.stream().map(d -> d.media).distinct().count() != 1) {
      throw new ApiError(422, "mixedDriveTypes", "symbol", "Drives of mixed media.", "diskDriveIds");
    }
    if (raid.equals("raidDiskPool") && members.size() < 11) {
      throw new ApiError(422, "invalidDriveCount", "symbol", "A disk pool needs at least 11 drives.",
          "diskDriveIds");
    }
    Integer reserved = b.has("reconstructionDriveCount") ? b.get("reconstructionDriveCount").asInt()
        : null;
    PoolState p = new PoolState(a.nextId("04"), name, raid, members.get(0).media, reserved);
    a.pools.put(p.id, p);
    members.forEach(d -> {
      d.group = p.id;
      d.available = false;
    });
    return p;
  }

  void deletePool(PoolState p, boolean withVolumes) {
    List<VolumeState> vols = a.volumesOf(p.id);
    if (!vols.isEmpty() && !withVolumes) {
      throw new ApiError(422, "volumeGroupHasVolumes", "symbol", "The pool holds volumes.");
    }
    vols.forEach(v -> a.volumes.remove(v.id));
    a.membersOf(p.id).forEach(d -> {
      d.group = ArrayState.NO_GROUP;
      d.available = d.status.equals("optimal");
    });
    a.pools.remove(p.id);
  }

  VolumeState createVolume(JsonNode b) {
    String poolId = required(b, "poolId").asText();
    String name = required(b, "name").asText();
    long size = Long.parseLong(required(b, "size").asText());
    int seg = required(b, "segSize").asInt();
    long unit = switch (b.path("sizeUnit").asText("gb")) {
      case "bytes", "b" -> 1L;
      case "mb" -> 1L << 20;
      case "tb" -> 1L << 40;
      default -> 1L << 30;
    };
    PoolState p = a.pools.get(poolId);
    if (p == null) {
      throw new ApiError(422, "invalidVolumeGroupRef", "symbol", "No pool " + poolId + ".", "poolId");
    }
    if (a.volumeNamed(name).isPresent()) {
      throw new ApiError(422, "duplicateName", "symbol", "A volume named " + name + " exists.",
          "name");
    }
    if (size * unit > a.usable(p) - a.used(p)) {
      throw new ApiError(422, "insufficientCapacity", "symbol",
          "Not enough free capacity in pool " + p.name + ".", "size");
    }
    VolumeState v = new VolumeState(a.nextId("02"), name, poolId, size * unit, seg);
    a.startInitializing(v);
    a.volumes.put(v.id, v);
    return v;
  }

  CacheState createCache(List<String> ids, String name, JsonNode b) {
    if (a.cache != null) {
      throw new ApiError(422, "flashCacheAlreadyExists", "symbol", "An SSD cache exists.");
    }
    CacheState c = new CacheState(a.nextId("23"), name);
    a.cache = c;
    addCacheDrives(c, ids);
    if (b.path("enableExistingVolumes").asBoolean(false)) {
      a.volumes.values().forEach(v -> v.flashCached = true);
    }
    return c;
  }

  void addCacheDrives(CacheState c, List<String> ids) {
    for (String id : ids) {
      DriveState d = drive(id);
      if (!d.available || !d.media.equals("ssd")) {
        throw new ApiError(422, "invalidDriveState", "symbol", "Drive " + id + " is not a free SSD.",
            "driveIds");
      }
      d.available = false;
      d.group = c.id;
      c.driveIds.add(id);
    }
  }

  void removeCacheDrives(CacheState c, List<String> ids) {
    for (String id : ids) {
      DriveState d = drive(id);
      c.driveIds.remove(id);
      d.group = ArrayState.NO_GROUP;
      d.available = true;
    }
  }

  void deleteCache(CacheState c) {
    removeCacheDrives(c, List.copyOf(c.driveIds));
    a.volumes.values().forEach(v -> v.flashCached = false);
    a.cache = null;
  }

  List<String> compatibleVolumes() {
    List<String> ids = new ArrayList<>();
    a.volumes.values().stream().filter(v -> a.pools.get(v.poolId).media.equals("hdd"))
        .forEach(v -> ids.add(v.id));
    return ids;
  }

  void failDrive(JsonNode body) {
    if (body == null || !body.isTextual()) {
      throw new ApiError(422, "illegalParam", "symbol", "Expected a drive reference string.");
    }
    DriveState d = a.drive(body.asText()).orElseThrow(() -> new ApiError(422, "invalidDriveref",
        "symbol", "Invalid drive reference."));
    if (!d.status.equals("optimal")) {
      throw new ApiError(422, "invalidDriveState", "symbol", "The drive is " + d.status + ".");
    }
    d.status = "failed";
    d.available = false;
    PoolState p = a.pools.get(d.group);
    if (p != null) {
      p.raidStatus = "degraded";
      if (p.raidLevel.equals("raidDiskPool")) {
        a.startStages(p, "reconstructing", "rebalancing");
      }
    } else if (a.cache != null && d.group.equals(a.cache.id)) {
      a.cache.status = "degraded";
    }
  }

  void replace(DriveState failed, DriveState replacement) {
    PoolState p = a.pools.get(failed.group);
    if (p == null || !failed.status.equals("failed")) {
      throw new ApiError(422, "invalidDriveState", "symbol", "Drive " + failed.id
          + " is not a failed pool member.");
    }
    if (!replacement.available || !replacement.media.equals(failed.media)) {
      throw new ApiError(422, "invalidDriveState", "symbol", "Drive " + replacement.id
          + " cannot replace it.", "replacementDriveId");
    }
    replacement.group = p.id;
    replacement.available = false;
    failed.group = ArrayState.NO_GROUP;
    a.startStages(p, "copyback");
  }

  DriveState drive(String id) {
    return a.drive(id).orElseThrow(() -> new ApiError(404, "notFound", "The drive was not found."));
  }

  PoolState pool(String id) {
    PoolState p = a.pools.get(id);
    if (p == null) {
      throw new ApiError(404, "notFound", "The storage pool was not found.");
    }
    return p;
  }

  VolumeState volume(String id) {
    VolumeState v = a.volumes.get(id);
    if (v == null) {
      throw new ApiError(404, "notFound", "The volume was not found.");
    }
    return v;
  }

  CacheState cache(String id) {
    if (a.cache == null || !a.cache.id.equals(id)) {
      throw new ApiError(404, "notFound", "The SSD cache was not found.");
    }
    return a.cache;
  }

  CacheState flashCache() {
    if (a.cache == null) {
      throw new ApiError(404, "notFound", "No FlashCache has been defined.");
    }
    return a.cache;
  }

  static JsonNode required(JsonNode body, String field) {
    if (body == null || !body.hasNonNull(field)) {
      throw new ApiError(422, "invalidRequest", "systemerror", "Missing field " + field + ".", field);
    }
    return body.get(field);
  }

  static List<String> strings(JsonNode array) {
    List<String> out = new ArrayList<>();
    array.forEach(n -> out.add(n.asText()));
    return out;
  }
}
