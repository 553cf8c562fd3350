package dev.refarch.platform.santricity.stats;

import dev.refarch.platform.santricity.api.model.DriveIoStats;
import dev.refarch.platform.santricity.api.model.VolumeIoStats;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * What the array served during one phase: per-volume and per-drive {@link Counters}, plus the
 * objects whose counters were reset in between (their figures are left out rather than made up).
 *
 * <p>Immutable and thread-safe. {@link #facts(String)} is the recorded form, a sorted map of
 * strings formatted with {@link Locale#ROOT} whatever the default locale.
 *
 * @param volumes counters by volume name, in name order
 * @param ssdCacheReadHits SSD cache read hits by volume name (counted by the volume statistics)
 * @param drives counters by drive id
 * @param reset names or ids of objects whose counters were reset during the phase
 */
public record PhaseStatistics(SortedMap<String, Counters> volumes,
    SortedMap<String, Long> ssdCacheReadHits, SortedMap<String, Counters> drives,
    List<String> reset) {

  public PhaseStatistics {
    volumes = java.util.Collections.unmodifiableSortedMap(new TreeMap<>(volumes));
    ssdCacheReadHits = java.util.Collections.unmodifiableSortedMap(new TreeMap<>(ssdCacheReadHits));
    drives = java.util.Collections.unmodifiableSortedMap(new TreeMap<>(drives));
    reset = List.copyOf(reset);
  }

  /**
   * The counters between two snapshots for the given volumes and drives.
   *
   * @param volumeNames volume id to name, for the volumes of interest
   * @param driveIds the drives of interest (e.g. the pool's)
   */
  public static PhaseStatistics between(StatisticsSnapshot before, StatisticsSnapshot after,
      Map<String, String> volumeNames, Set<String> driveIds) {
    double wallSeconds = Math.max(0, after.takenAtMillis() - before.takenAtMillis()) / 1000.0;
    SortedMap<String, Counters> volumes = new TreeMap<>();
    SortedMap<String, Long> hits = new TreeMap<>();
    SortedMap<String, Counters> drives = new TreeMap<>();
    List<String> reset = new ArrayList<>();
    volumeNames.forEach((id, name) -> {
      VolumeIoStats a = before.volumes().get(id);
      VolumeIoStats b = after.volumes().get(id);
      if (a == null || b == null) {
        return;
      }
      Counters c = new Counters(seconds(a.observedTimeInMS(), b.observedTimeInMS(), wallSeconds),
          delta(a.readOps(), b.readOps()), delta(a.writeOps(), b.writeOps()),
          delta(a.readBytes(), b.readBytes()), delta(a.writeBytes(), b.writeBytes()),
          delta(a.readTimeTotal(), b.readTimeTotal()), delta(a.writeTimeTotal(), b.writeTimeTotal()));
      if (c.isNegative() || !Objects.equals(a.lastResetTimeInMS(), b.lastResetTimeInMS())) {
        reset.add(name);
        return;
      }
      volumes.put(name, c);
      hits.put(name, delta(a.flashCacheReadHitOps(), b.flashCacheReadHitOps()));
    });
    for (String id : new TreeMap<>(before.drives()).keySet()) {
      DriveIoStats a = before.drives().get(id);
      DriveIoStats b = after.drives().get(id);
      if (!driveIds.contains(id) || b == null) {
        continue;
      }
      Counters c = new Counters(seconds(a.observedTimeInMS(), b.observedTimeInMS(), wallSeconds),
          delta(a.readOps(), b.readOps()), delta(a.writeOps(), b.writeOps()),
          delta(a.readBytes(), b.readBytes()), delta(a.writeBytes(), b.writeBytes()),
          delta(a.readTimeTotal(), b.readTimeTotal()), delta(a.writeTimeTotal(), b.writeTimeTotal()));
      if (c.isNegative() || !Objects.equals(a.lastResetTimeInMS(), b.lastResetTimeInMS())) {
        reset.add("drive " + id);
        continue;
      }
      drives.put(id, c);
    }
    return new PhaseStatistics(volumes, hits, drives, reset);
  }

  /** All volumes together. */
  public Counters total() {
    return volumes.values().stream().reduce(Counters::plus)
        .orElse(new Counters(0, 0, 0, 0, 0, 0, 0));
  }

  /**
   * The figures as facts under {@code prefix} (e.g. {@code stats.run.}): per volume
   * {@code volume.<name>.iops|readIops|writeIops|mbps|readMBps|writeMBps|latencyMs|readLatencyMs|
   * writeLatencyMs|ssdCacheHitPct} plus the raw deltas they come from, the same for
   * {@code total.} and per drive {@code drive.<id>.}; latencies are left out where there were no
   * operations.
   */
  public SortedMap<String, String> facts(String prefix) {
    SortedMap<String, String> out = new TreeMap<>();
    volumes.forEach((name, c) -> {
      put(out, prefix + "volume." + name + ".", c);
      long reads = c.readOps();
      if (reads > 0) {
        out.put(prefix + "volume." + name + ".ssdCacheHitPct",
            format("%.1f", 100.0 * ssdCacheReadHits.getOrDefault(name, 0L) / reads));
      }
    });
    if (!volumes.isEmpty()) {
      put(out, prefix + "total.", total());
    }
    drives.forEach((id, c) -> put(out, prefix + "drive." + id + ".", c));
    if (!reset.isEmpty()) {
      out.put(prefix + "countersReset", String.join(",", reset));
    }
    return out;
  }

  private static void put(SortedMap<String, String> out, String key, Counters c) {
    out.put(key + "seconds", format("%.3f", c.seconds()));
    out.put(key + "readOps", Long.toString(c.readOps()));
    out.put(key + "writeOps", Long.toString(c.writeOps()));
    out.put(key + "readBytes", Long.toString(c.readBytes()));
    out.put(key + "writeBytes", Long.toString(c.writeBytes()));
    out.put(key + "readIops", format("%.1f", c.readIops()));
    out.put(key + "writeIops", format("%.1f", c.writeIops()));
    out.put(key + "iops", format("%.1f", c.iops()));
    out.put(key + "readMBps", format("%.3f", c.readMBps()));
    out.put(key + "writeMBps", format("%.3f", c.writeMBps()));
    out.put(key + "mbps", format("%.3f", c.mbps()));
    latency(out, key + "readLatencyMs", c.readLatencyMs());
    latency(out, key + "writeLatencyMs", c.writeLatencyMs());
    latency(out, key + "latencyMs", c.latencyMs());
  }

  private static void latency(SortedMap<String, String> out, String key, double value) {
    if (!Double.isNaN(value)) {
      out.put(key, format("%.3f", value));
    }
  }

  private static String format(String pattern, double value) {
    return String.format(Locale.ROOT, pattern, value);
  }

  private static long delta(double before, double after) {
    return Math.round(after - before);
  }

  private static double seconds(Long before, Long after, double wallSeconds) {
    if (before != null && after != null && after > before) {
      return (after - before) / 1000.0;
    }
    return wallSeconds;
  }
}
