package dev.refarch.platform.santricity.stats;

import dev.refarch.platform.santricity.api.SantricityClient;
import dev.refarch.platform.santricity.api.model.DriveIoStats;
import dev.refarch.platform.santricity.api.model.VolumeIoStats;
import java.time.Clock;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * The raw I/O counters of every volume (summed over both controllers) and, optionally, every
 * drive, at one moment.
 *
 * <p>Immutable and thread-safe.
 *
 * <pre>{@code
 * StatisticsSnapshot before = StatisticsSnapshot.take(client, true, Clock.systemUTC());
 * // ... phase runs ...
 * PhaseStatistics phase = PhaseStatistics.between(before, StatisticsSnapshot.take(client, true, clock),
 *     volumeNamesById, poolDriveIds);
 * }</pre>
 *
 * @param takenAtMillis wall-clock time of the snapshot, used when the array's clock is missing
 * @param volumes counters by volume id
 * @param drives counters by drive id; empty when drives were not read
 */
public record StatisticsSnapshot(long takenAtMillis, Map<String, VolumeIoStats> volumes,
    Map<String, DriveIoStats> drives) {

  public StatisticsSnapshot {
    volumes = Map.copyOf(volumes);
    drives = Map.copyOf(drives);
  }

  /** Reads the counters now; {@code withDrives} adds one more request for the drives. */
  public static StatisticsSnapshot take(SantricityClient client, boolean withDrives, Clock clock) {
    Map<String, VolumeIoStats> volumes = new TreeMap<>();
    for (VolumeIoStats stats : client.statistics().volumes()) {
      if (stats.volumeId() != null) {
        volumes.merge(stats.volumeId(), stats, VolumeIoStats::plus);
      }
    }
    Map<String, DriveIoStats> drives = new TreeMap<>();
    if (withDrives) {
      client.statistics().drives().stream().filter(d -> d.diskId() != null)
          .forEach(d -> drives.put(d.diskId(), d));
    }
    return new StatisticsSnapshot(clock.millis(), volumes, drives);
  }

  /** A snapshot from counters already read, e.g. from captured JSON. */
  public static StatisticsSnapshot of(long takenAtMillis, Iterable<VolumeIoStats> volumeStats,
      Iterable<DriveIoStats> driveStats) {
    Map<String, VolumeIoStats> volumes = new TreeMap<>();
    volumeStats.forEach(v -> volumes.merge(Objects.requireNonNull(v.volumeId()), v,
        VolumeIoStats::plus));
    Map<String, DriveIoStats> drives = new TreeMap<>();
    driveStats.forEach(d -> drives.put(Objects.requireNonNull(d.diskId()), d));
    return new StatisticsSnapshot(takenAtMillis, volumes, drives);
  }
}
