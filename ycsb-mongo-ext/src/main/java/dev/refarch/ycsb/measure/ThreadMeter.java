package dev.refarch.ycsb.measure;

import org.HdrHistogram.Recorder;
import site.ycsb.Status;
import site.ycsb.measurements.Measurements;

/**
 * What one YCSB thread calls around each operation: takes the start time, then records the
 * latency into the session's recorders and the status into this thread's timeline bucket.
 *
 * <p>Not thread-safe: one instance per YCSB thread (per {@code DB} instance). Recording allocates
 * nothing and takes no lock; a full timeline bucket is handed to the session once per bucket.
 *
 * <pre>{@code
 * long start = meter.start();
 * Status status = delegate.read(table, key, fields, result);
 * meter.record(Operation.READ, start, status);
 * }</pre>
 */
public final class ThreadMeter {

  private final MeasurementSession session;
  private final Recorder[][][] recorders;
  private final boolean response;
  private final Measurements ycsb;
  private final long baseNanos;
  private final long baseEpochMs;
  private final int resolutionMs;
  private final StatusIndex statuses;
  private final long[][] counts;
  private final long[][] measured;
  private long warmupOperations;
  private long bucket = Long.MIN_VALUE;
  private long lastNanos;
  private long firstNanos;

  ThreadMeter(MeasurementSession session, Recorder[][][] recorders, boolean response,
      long baseNanos, long baseEpochMs, int resolutionMs, StatusIndex statuses) {
    this.session = session;
    this.recorders = recorders;
    this.response = response;
    this.ycsb = response ? Measurements.getMeasurements() : null;
    this.baseNanos = baseNanos;
    this.baseEpochMs = baseEpochMs;
    this.resolutionMs = resolutionMs;
    this.statuses = statuses;
    this.counts = new long[Operation.count()][StatusIndex.CAPACITY];
    this.measured = new long[Operation.count()][StatusIndex.CAPACITY];
  }

  /** The start time of an operation about to be issued, for {@link #record}. */
  public long start() {
    return System.nanoTime();
  }

  /** Records an operation that started at {@code startNanos} and has just ended. */
  public void record(Operation operation, long startNanos, Status status) {
    long end = System.nanoTime();
    int s = statuses.indexOf(status);
    boolean warm = session.warmup().isWarmup(startNanos, end);
    if (statuses.isSuccess(s)) {
      Recorder[] byKind = recorders[operation.ordinal()][warm ? 1 : 0];
      byKind[0].recordValue(end - startNanos);
      if (response) {
        long due = ycsb.getIntendedtartTimeNs();
        byKind[1].recordValue(end - (due == 0 ? startNanos : Math.min(due, startNanos)));
      }
    }
    if (warm) {
      warmupOperations++;
    } else {
      measured[operation.ordinal()][s]++;
    }
    long epochMs = baseEpochMs + (end - baseNanos) / 1_000_000;
    long b = epochMs - Math.floorMod(epochMs, resolutionMs);
    if (b != bucket) {
      flushBucket();
      bucket = b;
    }
    counts[operation.ordinal()][s]++;
    lastNanos = end;
    if (firstNanos == 0) {
      firstNanos = startNanos;
    }
  }

  /** Hands this thread's current bucket to the session; called on bucket change and at the end. */
  void flushBucket() {
    if (bucket == Long.MIN_VALUE) {
      return;
    }
    for (int op = 0; op < counts.length; op++) {
      for (int s = 0; s < counts[op].length; s++) {
        if (counts[op][s] > 0) {
          session.timeline().add(bucket, Operation.at(op).label(), statuses.nameOf(s), counts[op][s]);
          counts[op][s] = 0;
        }
      }
    }
  }

  /** Adds this thread's post-warm-up status counts into {@code into} (operation → status → n). */
  void addMeasuredCounts(java.util.Map<String, java.util.Map<String, Long>> into) {
    for (int op = 0; op < measured.length; op++) {
      for (int s = 0; s < measured[op].length; s++) {
        if (measured[op][s] > 0) {
          into.computeIfAbsent(Operation.at(op).label(), k -> new java.util.TreeMap<>())
              .merge(statuses.nameOf(s), measured[op][s], Long::sum);
        }
      }
    }
  }

  long warmupOperations() {
    return warmupOperations;
  }

  /** nanoTime of this thread's first recorded operation's start, 0 if none. */
  long firstNanos() {
    return firstNanos;
  }

  /** nanoTime of this thread's last recorded operation's end, 0 if none. */
  long lastNanos() {
    return lastNanos;
  }
}
