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
 * Status status = delegate.scan(table, startkey, n, fields, rows);
 * meter.record(Operation.SCAN, start, status);
 * meter.recordValue(Metric.SCAN_DOCUMENTS, rows.size());
 * }</pre>
 */
public final class ThreadMeter {

  private final MeasurementSession session;
  private final Recorder[][][] recorders;
  /** [metric][phase: 0 measured, 1 warm-up]. */
  private final Recorder[][] metricRecorders;
  private final long[] metricSums;
  private final long[] metricMax;
  private boolean lastWarm;
  private boolean lastSuccess;
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

  ThreadMeter(MeasurementSession session, Recorder[][][] recorders, Recorder[][] metricRecorders,
      boolean response, long baseNanos, long baseEpochMs, int resolutionMs, StatusIndex statuses) {
    this.session = session;
    this.recorders = recorders;
    this.metricRecorders = metricRecorders;
    this.metricSums = new long[Metric.count()];
    this.metricMax = new long[Metric.count()];
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
    lastWarm = warm;
    lastSuccess = statuses.isSuccess(s);
    if (lastSuccess) {
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

  /**
   * Records a quantity of the operation just passed to {@link #record} — e.g. the documents a
   * scan returned — in that operation's phase (warm-up or measured). Ignored when that operation
   * failed, as failed operations have no latency either.
   *
   * @param value a non-negative quantity in the metric's unit
   */
  public void recordValue(Metric metric, long value) {
    if (!lastSuccess) {
      return;
    }
    int m = metric.ordinal();
    metricRecorders[m][lastWarm ? 1 : 0].recordValue(value);
    if (!lastWarm) {
      metricSums[m] += value;
      metricMax[m] = Math.max(metricMax[m], value);
    }
  }

  /** Exact sum of the measured values of {@code metric}. */
  long metricSum(Metric metric) {
    return metricSums[metric.ordinal()];
  }

  /** Exact largest measured value of {@code metric}. */
  long metricMax(Metric metric) {
    return metricMax[metric.ordinal()];
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
