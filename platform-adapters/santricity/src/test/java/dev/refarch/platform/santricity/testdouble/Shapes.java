package dev.refarch.platform.santricity.testdouble;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.refarch.platform.santricity.testdouble.ArrayState.CacheState;
import dev.refarch.platform.santricity.testdouble.ArrayState.DriveState;
import dev.refarch.platform.santricity.testdouble.ArrayState.PoolState;
import dev.refarch.platform.santricity.testdouble.ArrayState.VolumeState;
import dev.refarch.platform.santricity.testdouble.SantricityTestDouble.Flavor;

/**
 * Renders the double's state in the swagger's JSON shapes ({@code StorageSystemResponse},
 * {@code DriveEx}, {@code VolumeGroupEx}, {@code VolumeEx}, {@code SsdCacheResponse},
 * {@code FlashCacheEx}, {@code VolumeIOStats}, {@code DiskIOStats}, ...). Only fields the swagger
 * declares are written; the contract test checks that.
 */
final class Shapes {

  static final ObjectMapper JSON = new ObjectMapper();

  private final ArrayState a;
  private final Flavor flavor;

  Shapes(ArrayState state, Flavor flavor) {
    this.a = state;
    this.flavor = flavor;
  }

  ObjectNode system() {
    ObjectNode n = JSON.createObjectNode();
    n.put("id", a.systemId).put("name", "e5600-mongo").put("wwn", a.wwn).put("status", a.status)
        .put("model", "5600").put("fwVersion", flavor == Flavor.V12_0X ? "08.80.00.00" : "08.73.00.00")
        .put("appVersion", "08.80.00.00").put("bootVersion", "08.80.00.00")
        .put("nvsramVersion", "N5600-880834-001").put("chassisSerialNumber", "721716500123")
        .put("driveCount", a.drives.size()).put("trayCount", 2).put("passwordStatus", "valid")
        .put("passwordSet", true).put("ip1", "10.0.0.21").put("ip2", "10.0.0.22");
    n.putArray("driveTypes").add("ssd").add("sas");
    return n;
  }

  ObjectNode about() {
    return JSON.createObjectNode().put("name", "e5600-mongo").put("wwn", a.wwn)
        .put("serialNumber", "721716500123").put("controllerPosition", 1);
  }

  ObjectNode versions() {
    ObjectNode n = JSON.createObjectNode();
    n.putArray("currentVersions").addObject().put("context", "SANtricity Web Services")
        .put("version", flavor == Flavor.V12_0X ? "08.00.00.9011" : "07.00.00.9016");
    n.putArray("stagedVersions");
    return n;
  }

  ArrayNode controllers() {
    ArrayNode list = JSON.createArrayNode();
    for (int i = 1; i <= 2; i++) {
      ObjectNode c = list.addObject();
      c.put("id", String.format("0700000060%030d", i)).put("controllerRef",
          String.format("0700000060%030d", i)).put("status", "optimal").put("active", true)
          .put("modelName", "5600").put("serialNumber", "SN-CTRL-" + i);
      location(c.putObject("physicalLocation"), 0, i);
    }
    return list;
  }

  ObjectNode drive(DriveState d) {
    ObjectNode n = JSON.createObjectNode();
    n.put("id", d.id).put("driveRef", d.id).put("status", d.status).put("available", d.available)
        .put("hotSpare", false).put("offline", false).put("removed", false).put("pfa", false)
        .put("driveMediaType", d.media).put("currentVolumeGroupRef", d.group)
        .put("rawCapacity", String.valueOf(d.capacity))
        .put("usableCapacity", String.valueOf(d.capacity - 4_294_967_296L))
        .put("serialNumber", "SN" + d.id.substring(30)).put("productID",
            d.media.equals("ssd") ? "X447_S1633800AMD" : "X421_HCOBE1200A10")
        .put("phyDriveType", "sas").put("spindleSpeed", d.media.equals("ssd") ? 0 : 10_000)
        .put("fdeCapable", false);
    location(n.putObject("physicalLocation"), d.tray, d.slot);
    return n;
  }

  private static void location(ObjectNode n, int tray, int slot) {
    n.put("trayRef", ArrayState.trayRef(tray)).put("slot", slot).put("locationPosition", slot)
        .put("label", String.valueOf(slot));
  }

  ObjectNode pool(PoolState p) {
    boolean ddp = p.raidLevel.equals("raidDiskPool");
    long usable = a.usable(p);
    long used = a.used(p);
    ObjectNode n = JSON.createObjectNode();
    n.put("id", p.id).put("name", p.name).put("label", p.name).put("volumeGroupRef", p.id)
        .put("worldWideName", "600A098000A4B28D" + p.id.substring(24)).put("raidLevel", p.raidLevel)
        .put("raidStatus", p.raidStatus).put("state", "complete").put("offline", false)
        .put("diskPool", ddp).put("driveMediaType", p.media).put("usage", "standard")
        .put("securityType", "none").put("drivePhysicalType", "sas")
        .put("freeSpace", String.valueOf(usable - used)).put("usedSpace", String.valueOf(used))
        .put("totalRaidedSpace", String.valueOf(usable))
        .put("normalizedSpindleSpeed", p.media.equals("ssd") ? "spindleSpeedSSD" : "spindleSpeed10k");
    ObjectNode data = n.putObject("volumeGroupData").put("type", ddp ? "diskPool" : "traditional");
    if (ddp) {
      data.putObject("diskPoolData").put("reconstructionReservedDriveCount",
          p.reserved == null ? 1 : p.reserved).put("minimumDriveCount", 11)
          .put("poolUtilizationState", "utilizationOptimal");
    }
    return n;
  }

  ObjectNode volume(VolumeState v) {
    PoolState p = a.pools.get(v.poolId);
    ObjectNode n = JSON.createObjectNode();
    n.put("id", v.id).put("name", v.name).put("label", v.name).put("volumeRef", v.id)
        .put("volumeGroupRef", v.poolId).put("capacity", String.valueOf(v.capacity))
        .put("totalSizeInBytes", String.valueOf(v.capacity)).put("raidLevel", p.raidLevel)
        .put("status", "optimal").put("flashCached", v.flashCached)
        .put("wwn", "600A098000A4B28D" + v.id.substring(24)).put("segmentSize", v.segmentKb * 1024)
        .put("action", v.action).put("diskPool", p.raidLevel.equals("raidDiskPool"))
        .put("mapped", false).put("thinProvisioned", false).put("offline", false);
    n.putObject("cacheSettings").put("readCacheEnable", true).put("writeCacheEnable", true)
        .put("mirrorEnable", true);
    return n;
  }

  ObjectNode ssdCache(CacheState c) {
    ObjectNode n = JSON.createObjectNode();
    n.put("id", c.id).put("name", c.name).put("status", c.status).put("type", "readOnly")
        .put("configType", "filesystem").put("wwn", "600A098000A4B28D" + c.id.substring(24))
        .put("securityType", "none").put("securityLevel", "none")
        .put("protectionInformationCapable", false).put("analyticsCause", "none")
        .put("statusCause", "none")
        .put("usedCapacity", String.valueOf(c.driveIds.size() * ArrayState.SSD_BYTES));
    ArrayNode drives = n.putArray("driveIds");
    c.driveIds.forEach(drives::add);
    ArrayNode cached = n.putArray("cachedVolumesIds");
    a.volumes.values().stream().filter(v -> v.flashCached).forEach(v -> cached.add(v.id));
    return n;
  }

  ObjectNode flashCache(CacheState c) {
    ObjectNode n = JSON.createObjectNode();
    n.put("id", c.id).put("name", c.name).put("wwn", "600A098000A4B28D" + c.id.substring(24))
        .put("flashCacheRef", c.id);
    n.putObject("flashCacheBase").put("label", c.name).put("status", c.status)
        .put("configType", "filesystem").put("analyticsStatus", "stopped")
        .put("analyticsCause", "none").put("statusCause", "none");
    ArrayNode drives = n.putArray("driveRefs");
    c.driveIds.forEach(drives::add);
    ArrayNode cached = n.putArray("cachedVolumes");
    a.volumes.values().stream().filter(v -> v.flashCached).forEach(v -> cached.add(v.id));
    return n;
  }

  ObjectNode cacheStatistics(CacheState c, int controller) {
    ObjectNode n = JSON.createObjectNode().put("controllerId", String.format("0700000060%030d",
        controller));
    long share = controller == 1 ? 3 : 1;
    n.putObject("statistics").put("timestamp", String.valueOf(a.clockMillis / 1000))
        .put("reads", String.valueOf(c.reads * share / 4))
        .put("fullCacheHits", String.valueOf(c.hits * share / 4)).put("partialCacheHits", "0")
        .put("completeCacheMiss", String.valueOf((c.reads - c.hits) * share / 4))
        .put("allocatedBytes", String.valueOf(c.driveIds.size() * ArrayState.SSD_BYTES))
        .put("populatedCleanBytes", String.valueOf(c.hits * 4096));
    return n;
  }

  /** One entry per controller: the owner counted three quarters, the other one quarter. */
  ArrayNode volumeStatistics() {
    ArrayNode list = JSON.createArrayNode();
    for (VolumeState v : a.volumes.values()) {
      for (int controller = 1; controller <= 2; controller++) {
        long share = controller == 1 ? 3 : 1;
        ObjectNode n = list.addObject();
        counters(n).put("volumeId", v.id).put("volumeName", v.name)
            .put("volumeGroupId", v.poolId).put("controllerId", String.format("0700000060%030d",
                controller)).put("arrayId", a.systemId).put("arrayWwn", a.wwn)
            .put("readOps", v.io.readOps * share / 4).put("writeOps", v.io.writeOps * share / 4)
            .put("otherOps", 0).put("readBytes", v.io.readBytes * share / 4)
            .put("writeBytes", v.io.writeBytes * share / 4)
            .put("readTimeTotal", v.io.readMicros * share / 4)
            .put("writeTimeTotal", v.io.writeMicros * share / 4)
            .put("readHitOps", 0).put("flashCacheReadHitOps", v.io.cacheHits * share / 4)
            .put("flashCacheReadHitBytes", v.io.cacheHits * share / 4 * 4096);
      }
    }
    return list;
  }

  ArrayNode driveStatistics() {
    ArrayNode list = JSON.createArrayNode();
    for (DriveState d : a.drives) {
      ObjectNode n = list.addObject();
      PoolState p = a.pools.get(d.group);
      counters(n).put("diskId", d.id).put("volGroupId", d.group)
          .put("volGroupName", p == null ? "" : p.name).put("trayId", String.valueOf(d.tray))
          .put("slot", d.slot).put("arrayId", a.systemId).put("readOps", d.io.readOps)
          .put("writeOps", d.io.writeOps).put("readBytes", d.io.readBytes)
          .put("writeBytes", d.io.writeBytes).put("readTimeTotal", d.io.readMicros)
          .put("writeTimeTotal", d.io.writeMicros).put("otherOps", 0);
    }
    return list;
  }

  private ObjectNode counters(ObjectNode n) {
    return n.put("observedTime", String.valueOf(a.clockMillis / 1000))
        .put("observedTimeInMS", String.valueOf(a.clockMillis))
        .put("lastResetTime", String.valueOf(a.resetMillis / 1000))
        .put("lastResetTimeInMS", String.valueOf(a.resetMillis));
  }

  /**
   * 11.9x: a list, one entry per volume; 12.0x: one object. A pool action (reconstruction) comes
   * first; with none, volumes still initializing are reported.
   */
  com.fasterxml.jackson.databind.JsonNode progress(PoolState p) {
    java.util.List<VolumeState> vols = a.volumesOf(p.id);
    java.util.List<VolumeState> initializing = vols.stream()
        .filter(v -> !"none".equals(v.action)).toList();
    if (flavor == Flavor.V11_9X) {
      ArrayNode list = JSON.createArrayNode();
      if (!"none".equals(p.action)) {
        vols.forEach(v -> progressEntry(list.addObject(), p, v.id));
      } else {
        initializing.forEach(v -> initEntry(list.addObject(), v));
      }
      return list;
    }
    if ("none".equals(p.action) && !initializing.isEmpty()) {
      return initEntry(JSON.createObjectNode(), initializing.get(0));
    }
    return progressEntry(JSON.createObjectNode(), p, vols.isEmpty() ? ArrayState.NO_GROUP
        : vols.get(0).id);
  }

  private ObjectNode initEntry(ObjectNode n, VolumeState v) {
    int total = Math.max(1, a.initReads);
    int percent = 100 * (total - v.initReadsLeft) / total;
    return n.put("volumeRef", v.id).put("currentAction", v.action)
        .put("progressPercentage", percent).put("estimatedTimeToCompletion", v.initReadsLeft);
  }

  private ObjectNode progressEntry(ObjectNode n, PoolState p, String volumeRef) {
    boolean idle = "none".equals(p.action);
    return n.put("volumeRef", volumeRef).put("currentAction", p.action)
        .put("progressPercentage", idle ? 0 : p.progress)
        .put("estimatedTimeToCompletion", idle ? 0 : (100 - p.progress) / a.progressStep);
  }

  ObjectNode callResponse(int status, String retcode, String codeType, String message,
      java.util.List<String> fields) {
    ObjectNode n = JSON.createObjectNode().put("errorMessage", message)
        .put("developerMessage", "").put("localizedMessage", message).put("retcode", retcode)
        .put("codeType", codeType);
    ArrayNode invalid = n.putArray("invalidFieldsIfKnown");
    fields.forEach(invalid::add);
    return n;
  }
}
