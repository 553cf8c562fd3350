package dev.refarch.platform.santricity.api.model;

/**
 * Raw, monotonically increasing I/O counters of one volume on one controller
 * ({@code VolumeIOStats}). Times are totals in microseconds; bytes and operations are counts since
 * {@code lastResetTimeInMS}.
 *
 * @param observedTimeInMS when the counters were read, milliseconds (array clock)
 * @param lastResetTimeInMS when the counters were last reset, milliseconds (array clock)
 * @param volumeId the volume
 * @param volumeName the volume's label
 * @param controllerId the controller that counted
 * @param readOps read operations
 * @param writeOps write operations
 * @param readBytes bytes read
 * @param writeBytes bytes written
 * @param readTimeTotal sum of read response times, microseconds
 * @param writeTimeTotal sum of write response times, microseconds
 * @param flashCacheReadHitOps reads served by the SSD cache
 */
public record VolumeIoStats(Long observedTimeInMS, Long lastResetTimeInMS, String volumeId,
    String volumeName, String controllerId, double readOps, double writeOps, double readBytes,
    double writeBytes, double readTimeTotal, double writeTimeTotal, double flashCacheReadHitOps) {

  /** The sum of two controllers' counters for the same volume. */
  public VolumeIoStats plus(VolumeIoStats o) {
    return new VolumeIoStats(max(observedTimeInMS, o.observedTimeInMS),
        max(lastResetTimeInMS, o.lastResetTimeInMS), volumeId, volumeName, "all",
        readOps + o.readOps, writeOps + o.writeOps, readBytes + o.readBytes,
        writeBytes + o.writeBytes, readTimeTotal + o.readTimeTotal,
        writeTimeTotal + o.writeTimeTotal, flashCacheReadHitOps + o.flashCacheReadHitOps);
  }

  static Long max(Long a, Long b) {
    if (a == null) {
      return b;
    }
    return b == null ? a : Long.valueOf(Math.max(a, b));
  }
}
