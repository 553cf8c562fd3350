package dev.refarch.platform.santricity.stats;

/**
 * The difference of one object's counters between two snapshots, and the rates derived from it.
 * MB are 10^6 bytes; latency is the mean response time in milliseconds.
 *
 * <p>Immutable and thread-safe.
 *
 * @param seconds length of the interval, from the array's clock when it reported one
 * @param readOps read operations in the interval
 * @param writeOps write operations in the interval
 * @param readBytes bytes read
 * @param writeBytes bytes written
 * @param readMicros sum of read response times, microseconds
 * @param writeMicros sum of write response times, microseconds
 */
public record Counters(double seconds, long readOps, long writeOps, long readBytes,
    long writeBytes, long readMicros, long writeMicros) {

  public Counters {
    if (!(seconds >= 0)) {
      throw new IllegalArgumentException("seconds must be >= 0: " + seconds);
    }
  }

  /** Whether any counter went backwards, i.e. the counters were reset in between. */
  public boolean isNegative() {
    return readOps < 0 || writeOps < 0 || readBytes < 0 || writeBytes < 0 || readMicros < 0
        || writeMicros < 0;
  }

  public Counters plus(Counters o) {
    return new Counters(Math.max(seconds, o.seconds), readOps + o.readOps, writeOps + o.writeOps,
        readBytes + o.readBytes, writeBytes + o.writeBytes, readMicros + o.readMicros,
        writeMicros + o.writeMicros);
  }

  public double readIops() {
    return perSecond(readOps);
  }

  public double writeIops() {
    return perSecond(writeOps);
  }

  public double iops() {
    return perSecond(readOps + writeOps);
  }

  public double readMBps() {
    return perSecond(readBytes) / 1e6;
  }

  public double writeMBps() {
    return perSecond(writeBytes) / 1e6;
  }

  public double mbps() {
    return perSecond(readBytes + writeBytes) / 1e6;
  }

  /** Mean read latency in ms; NaN without reads. */
  public double readLatencyMs() {
    return mean(readMicros, readOps);
  }

  /** Mean write latency in ms; NaN without writes. */
  public double writeLatencyMs() {
    return mean(writeMicros, writeOps);
  }

  /** Mean latency over reads and writes in ms; NaN without operations. */
  public double latencyMs() {
    return mean(readMicros + writeMicros, readOps + writeOps);
  }

  private double perSecond(long count) {
    return seconds > 0 ? count / seconds : 0;
  }

  private static double mean(long micros, long ops) {
    return ops > 0 ? micros / 1000.0 / ops : Double.NaN;
  }
}
