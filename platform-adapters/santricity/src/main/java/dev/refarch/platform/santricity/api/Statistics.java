package dev.refarch.platform.santricity.api;

import static dev.refarch.platform.santricity.api.internal.Transport.path;

import dev.refarch.platform.santricity.api.internal.Json;
import dev.refarch.platform.santricity.api.internal.Transport;
import dev.refarch.platform.santricity.api.model.DriveIoStats;
import dev.refarch.platform.santricity.api.model.VolumeIoStats;
import java.util.List;
import java.util.Map;

/**
 * Raw I/O counters of volumes and drives ({@code volume-statistics}, {@code drive-statistics}),
 * read fresh from the controllers rather than from the Web Services' cache, so that two reads
 * bracket exactly the phase in between.
 *
 * <p>Thread-safe.
 */
public final class Statistics {

  private static final Map<String, String> FRESH = Map.of("usecache", "false");

  private final Transport transport;
  private final String systemId;

  Statistics(Transport transport, String systemId) {
    this.transport = transport;
    this.systemId = systemId;
  }

  public List<VolumeIoStats> volumes() {
    return Json.readList(transport.get(Transport.query(path("storage-systems", systemId,
        "volume-statistics"), FRESH), "read volume statistics of storage system '" + systemId + "'"),
        VolumeIoStats.class);
  }

  public List<DriveIoStats> drives() {
    return Json.readList(transport.get(Transport.query(path("storage-systems", systemId,
        "drive-statistics"), FRESH), "read drive statistics of storage system '" + systemId + "'"),
        DriveIoStats.class);
  }
}
