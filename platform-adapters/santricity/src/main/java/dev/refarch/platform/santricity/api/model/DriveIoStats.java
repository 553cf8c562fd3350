package dev.refarch.platform.santricity.api.model;

/**
 * Raw, monotonically increasing I/O counters of one drive ({@code DiskIOStats}). Times are totals
 * in microseconds.
 *
 * @param observedTimeInMS when the counters were read, milliseconds (array clock)
 * @param lastResetTimeInMS when the counters were last reset, milliseconds (array clock)
 * @param diskId the drive
 * @param volGroupId the pool the drive belongs to
 * @param slot the drive's slot
 * @param readOps read operations
 * @param writeOps write operations
 * @param readBytes bytes read
 * @param writeBytes bytes written
 * @param readTimeTotal sum of read response times, microseconds
 * @param writeTimeTotal sum of write response times, microseconds
 */
public record DriveIoStats(Long observedTimeInMS, Long lastResetTimeInMS, String diskId,
    String volGroupId, Integer slot, double readOps, double writeOps, double readBytes,
    double writeBytes, double readTimeTotal, double writeTimeTotal) {
}
