package dev.refarch.platform.santricity.testdouble;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.refarch.platform.santricity.testdouble.ArrayState.CacheState;
import dev.refarch.platform.santricity.testdouble.ArrayState.DriveState;
import dev.refarch.platform.santricity.testdouble.ArrayState.PoolState;
import dev.refarch.platform.santricity.testdouble.ArrayState.VolumeState;
import dev.refarch.platform.santricity.testdouble.SantricityTestDouble.Flavor;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The double's routes: one per swagger path and method it serves, for the flavor's API. A path
 * the flavor does not have answers 404, as the real Web Services do.
 */
final class Handlers {

  /** A route's action. */
  interface Action {
    Object run(Matcher path, Map<String, String> query, JsonNode body);
  }

  private record Route(String method, Pattern pattern, Action action, Flavor only) {
  }

  private final ArrayState a;
  private final Shapes shapes;
  private final Flavor flavor;
  private final List<Route> routes = new ArrayList<>();
  private final Operations ops;

  Handlers(ArrayState state, Flavor flavor) {
    this.a = state;
    this.flavor = flavor;
    this.shapes = new Shapes(state, flavor);
    this.ops = new Operations(state);
    registerSystem();
    registerPools();
    registerVolumes();
    registerCaches();
  }

  Shapes shapes() {
    return shapes;
  }

  /** Runs the route; returns a JSON node, or {@code null} for 204 No Content. */
  Object handle(String method, String path, Map<String, String> query, JsonNode body) {
    for (Route r : routes) {
      Matcher m = r.pattern.matcher(path);
      if (r.method.equals(method) && m.matches() && (r.only == null || r.only == flavor)) {
        if (path.startsWith("storage-systems/") && m.groupCount() >= 1) {
          if (!a.systemId.equals(m.group(1))) {
            throw new ApiError(404, "notFound", "The storage system was not found.");
          }
          if ("offline".equals(a.status)) {
            throw new ApiError(424, "storageDeviceOffline", "The storage system is offline.");
          }
        }
        return r.action.run(m, query, body);
      }
    }
    throw new ApiError(404, "notFound", "No resource at /devmgr/v2/" + path);
  }

  private void on(String method, String template, Action action) {
    on(method, template, action, null);
  }

  private void on(String method, String template, Action action, Flavor only) {
    String regex = template.replace(".", "\\.").replaceAll("\\{[^}]+}", "([^/]+)");
    routes.add(new Route(method, Pattern.compile(regex), action, only));
  }

  private void registerSystem() {
    on("GET", "storage-systems", (m, q, b) -> Shapes.JSON.createArrayNode().add(shapes.system()));
    on("GET", "storage-systems/{id}", (m, q, b) -> shapes.system());
    on("GET", "storage-systems/{id}/about", (m, q, b) -> shapes.about());
    on("GET", "upgrade", (m, q, b) -> shapes.versions());
    on("GET", "storage-systems/{id}/controllers", (m, q, b) -> shapes.controllers());
    on("GET", "storage-systems/{id}/drives", (m, q, b) -> {
      ArrayNode list = Shapes.JSON.createArrayNode();
      a.drives.forEach(d -> list.add(shapes.drive(d)));
      return list;
    });
    on("GET", "storage-systems/{id}/drives/{drive}",
        (m, q, b) -> shapes.drive(ops.drive(m.group(2))));
    on("GET", "storage-systems/{id}/drives/{drive}/replace", (m, q, b) -> {
      DriveState failed = ops.drive(m.group(2));
      com.fasterxml.jackson.databind.node.ObjectNode answer = Shapes.JSON.createObjectNode();
      ArrayNode list = answer.putArray("drives");
      a.drives.stream().filter(d -> d.available && d.status.equals("optimal")
          && d.media.equals(failed.media) && d.capacity >= failed.capacity)
          .forEach(d -> list.add(d.id));
      return answer;
    }, Flavor.V12_0X);
    on("POST", "storage-systems/{id}/drives/{drive}/replace", (m, q, b) -> {
      ops.replace(ops.drive(m.group(2)), ops.drive(Operations.required(b, "replacementDriveId").asText()));
      return null;
    }, Flavor.V12_0X);
    on("POST", "storage-systems/{id}/symbol/setDriveToFailed", (m, q, b) -> {
      ops.failDrive(b);
      return TextNode.valueOf("ok");
    });
    on("GET", "storage-systems/{id}/volume-statistics", (m, q, b) -> shapes.volumeStatistics());
    on("GET", "storage-systems/{id}/drive-statistics", (m, q, b) -> shapes.driveStatistics());
  }

  private void registerPools() {
    on("GET", "storage-systems/{id}/storage-pools", (m, q, b) -> {
      ArrayNode list = Shapes.JSON.createArrayNode();
      a.pools.values().forEach(p -> list.add(shapes.pool(p)));
      return list;
    });
    on("POST", "storage-systems/{id}/storage-pools", (m, q, b) -> shapes.pool(ops.createPool(b)));
    on("GET", "storage-systems/{id}/storage-pools/{pool}",
        (m, q, b) -> shapes.pool(ops.pool(m.group(2))));
    on("DELETE", "storage-systems/{id}/storage-pools/{pool}", (m, q, b) -> {
      ops.deletePool(ops.pool(m.group(2)), "true".equals(q.get("delete-volumes")));
      return null;
    });
    on("GET", "storage-systems/{id}/storage-pools/{pool}/action-progress", (m, q, b) -> {
      PoolState p = ops.pool(m.group(2));
      a.advance(p);
      return shapes.progress(p);
    });
  }

  private void registerVolumes() {
    on("GET", "storage-systems/{id}/volumes", (m, q, b) -> {
      ArrayNode list = Shapes.JSON.createArrayNode();
      a.volumes.values().forEach(v -> {
        list.add(shapes.volume(v));
        a.read(v);
      });
      return list;
    });
    on("POST", "storage-systems/{id}/volumes", (m, q, b) -> shapes.volume(ops.createVolume(b)));
    on("GET", "storage-systems/{id}/volumes/{vol}", (m, q, b) -> {
      VolumeState v = ops.volume(m.group(2));
      var answer = shapes.volume(v);
      a.read(v);
      return answer;
    });
    on("POST", "storage-systems/{id}/volumes/{vol}", (m, q, b) -> {
      VolumeState v = ops.volume(m.group(2));
      if (b.has("flashCache")) {
        if (a.cache == null) {
          throw new ApiError(422, "noFlashCache", "symbol", "No SSD cache is defined.", "flashCache");
        }
        v.flashCached = b.get("flashCache").asBoolean();
      }
      return shapes.volume(v);
    });
    on("DELETE", "storage-systems/{id}/volumes/{vol}", (m, q, b) -> {
      a.volumes.remove(ops.volume(m.group(2)).id);
      return null;
    });
  }

  private void registerCaches() {
    on("GET", "storage-systems/{id}/ssd-caches", (m, q, b) -> {
      ArrayNode list = Shapes.JSON.createArrayNode();
      if (a.cache != null) {
        list.add(shapes.ssdCache(a.cache));
      }
      return list;
    }, Flavor.V12_0X);
    on("POST", "storage-systems/{id}/ssd-caches", (m, q, b) -> shapes.ssdCache(ops.createCache(
        Operations.strings(Operations.required(b, "driveIds")), Operations.required(b, "name").asText(), b)), Flavor.V12_0X);
    on("GET", "storage-systems/{id}/ssd-caches/{c}",
        (m, q, b) -> shapes.ssdCache(ops.cache(m.group(2))), Flavor.V12_0X);
    on("DELETE", "storage-systems/{id}/ssd-caches/{c}", (m, q, b) -> {
      ops.deleteCache(ops.cache(m.group(2)));
      return null;
    }, Flavor.V12_0X);
    on("POST", "storage-systems/{id}/ssd-caches/{c}/update-drives", (m, q, b) -> {
      CacheState c = ops.cache(m.group(2));
      List<String> ids = Operations.strings(Operations.required(b, "driveIds"));
      if ("addDrives".equals(Operations.required(b, "action").asText())) {
        ops.addCacheDrives(c, ids);
      } else {
        ops.removeCacheDrives(c, ids);
      }
      return shapes.ssdCache(c);
    }, Flavor.V12_0X);
    on("POST", "storage-systems/{id}/ssd-caches/{c}/suspend", (m, q, b) -> {
      ops.cache(m.group(2)).status = "suspended";
      return shapes.ssdCache(a.cache);
    }, Flavor.V12_0X);
    on("POST", "storage-systems/{id}/ssd-caches/{c}/resume", (m, q, b) -> {
      ops.cache(m.group(2)).status = "optimal";
      return shapes.ssdCache(a.cache);
    }, Flavor.V12_0X);
    on("GET", "storage-systems/{id}/ssd-caches/{c}/statistics", (m, q, b) -> {
      CacheState c = ops.cache(m.group(2));
      return Shapes.JSON.createArrayNode().add(shapes.cacheStatistics(c, 1))
          .add(shapes.cacheStatistics(c, 2));
    }, Flavor.V12_0X);
    on("GET", "storage-systems/{id}/ssd-caches/{c}/compatible-volumes", (m, q, b) -> {
      ops.cache(m.group(2));
      ArrayNode ids = Shapes.JSON.createArrayNode();
      ops.compatibleVolumes().forEach(ids::add);
      return Shapes.JSON.createObjectNode().set("compatibleVolumeIds", ids);
    }, Flavor.V12_0X);
    registerFlashCache();
  }

  private void registerFlashCache() {
    on("GET", "storage-systems/{id}/flash-cache", (m, q, b) -> {
      CacheState c = ops.flashCache();
      return flavor == Flavor.V12_0X ? Shapes.JSON.createArrayNode().add(shapes.flashCache(c))
          : shapes.flashCache(c);
    });
    on("POST", "storage-systems/{id}/flash-cache", (m, q, b) -> shapes.flashCache(ops.createCache(
        Operations.strings(Operations.required(b, "driveRefs")), b.path("name").asText("flash_cache"), b)));
    on("DELETE", "storage-systems/{id}/flash-cache", (m, q, b) -> {
      ops.deleteCache(ops.flashCache());
      return null;
    });
    on("POST", "storage-systems/{id}/flash-cache/addDrives", (m, q, b) -> {
      ops.addCacheDrives(ops.flashCache(), Operations.strings(Operations.required(b, "driveRef")));
      return shapes.flashCache(a.cache);
    });
    on("POST", "storage-systems/{id}/flash-cache/removeDrives", (m, q, b) -> {
      ops.removeCacheDrives(ops.flashCache(), Operations.strings(Operations.required(b, "driveRef")));
      return shapes.flashCache(a.cache);
    });
    on("POST", "storage-systems/{id}/flash-cache/suspend", (m, q, b) -> {
      ops.flashCache().status = "suspended";
      return shapes.flashCache(a.cache);
    });
    on("POST", "storage-systems/{id}/flash-cache/resume", (m, q, b) -> {
      ops.flashCache().status = "optimal";
      return shapes.flashCache(a.cache);
    });
    on("GET", "storage-systems/{id}/flash-cache/compatibleVolumes", (m, q, b) -> {
      ops.flashCache();
      ArrayNode ids = Shapes.JSON.createArrayNode();
      ops.compatibleVolumes().forEach(ids::add);
      return ids;
    });
  }
}
