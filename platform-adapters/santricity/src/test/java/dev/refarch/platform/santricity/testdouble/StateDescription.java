package dev.refarch.platform.santricity.testdouble;

import dev.refarch.platform.santricity.testdouble.ArrayState.DriveState;
import dev.refarch.platform.santricity.testdouble.ArrayState.PoolState;
import java.util.ArrayList;
import java.util.List;

/**
 * {@link ArrayState#describe()}: one line per drive, pool, volume and the SSD cache, naming
 * objects by name rather than id, sorted, so that two arrays in the same state compare equal.
 *
 * <p>Stateless; called under the double's lock.
 */
final class StateDescription {

  private StateDescription() {
  }

  static List<String> of(ArrayState a) {
    List<String> out = new ArrayList<>();
    for (DriveState d : a.drives) {
      out.add("drive " + d.id + " " + d.status + " available=" + d.available + " in "
          + groupName(a, d.group));
    }
    a.pools.values().forEach(p -> out.add("pool " + p.name + " " + p.raidLevel + " " + p.media
        + " reserved=" + p.reserved + " " + p.raidStatus));
    a.volumes.values().forEach(v -> out.add("volume " + v.name + " in " + groupName(a, v.poolId)
        + " " + v.capacity + " seg=" + v.segmentKb + " flashCached=" + v.flashCached));
    out.add(a.cache == null ? "no SSD cache" : "SSD cache " + a.cache.name + " "
        + a.cache.status + " " + a.cache.driveIds.stream().sorted().toList());
    out.sort(null);
    return out;
  }

  private static String groupName(ArrayState a, String group) {
    if (group.equals(ArrayState.NO_GROUP)) {
      return "nothing";
    }
    if (a.cache != null && a.cache.id.equals(group)) {
      return "SSD cache " + a.cache.name;
    }
    PoolState p = a.pools.get(group);
    return p == null ? "unknown group " + group : "pool " + p.name;
  }
}
