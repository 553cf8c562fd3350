package dev.refarch.ycsb.measure;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.SingleWriterRecorder;
import site.ycsb.Status;
import site.ycsb.measurements.Measurements;

/**
 * What one YCSB thread calls around each operation: takes the start time, then records the
 * latency into this thread's own recorders and the status into this thread's timeline bucket.
 *
 * <p>Not thread-safe for writers: one instance per YCSB thread (per {@code DB} instance). The
 * session's interval writer reads the recorders concurrently, which {@link SingleWriterRecorder}
 * allows. Recording takes no lock and no atomic read-modify-write, and allocates nothing except
 * a recorder on an operation type's first use; a full timeline bucket is handed to the session
 * once per bucket.
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
  private final WarmupGate warmup;
  private final boolean response;
  private final Measurements ycsb;
  private final long baseNanos;
  private final long baseEpochMs;
  private final long resolutionMs;
  private final StatusIndex statuses;
  /** [operation][phase: 0 measured, 1 warm-up][kind: 0 service, 1 response], created on first use. */
  private final SingleWriterRecorder[][][] recorders;
  /** [metric][phase], created on first use; values in the metric's unit. */
  private final SingleWriterRecorder[][] metricRecorders;
  private final long[] metricSums;
  private final long[] metricMax;
  private boolean lastWarm;
  private boolean measuringMarked;
  private boolean lastSuccess;
  private final long[][] counts;
  private final long[][] measured;
  private long warmupOperations;
  private long bucketEpochMs = Long.MIN_VALUE;
  private long bucketStartNanos = Long.MAX_VALUE;
  private long bucketEndNanos = Long.MIN_VALUE;
  private long firstNanos;
  private long lastNanos;

  ThreadMeter(MeasurementSession session, WarmupGate warmup, boolean response, long baseNanos,
      long baseEpochMs, int resolutionMs, StatusIndex statuses) {
    this.session = session;
    this.warmup = warmup;
    // due times exist only where YCSB's Client tracks them; an embedded binding records service time
    this.ycsb = response ? YcsbGlobals.measurements().orElse(null) : null;
    this.response = ycsb != null;
    this.baseNanos = baseNanos;
    this.baseEpochMs = baseEpochMs;
    this.resolutionMs = resolutionMs;
    this.statuses = statuses;
    this.recorders = new SingleWriterRecorder[Operation.count()][2][2];
    this.metricRecorders = new SingleWriterRecorder[Metric.count()][2];
    this.metricSums = new long[Metric.count()];
    this.metricMax = new long[Metric.count()];
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
    int op = operation.ordinal();
    int s = statuses.indexOf(status);
    boolean warm = warmup.isWarmup(startNanos, end);
    lastWarm = warm;
    lastSuccess = statuses.isSuccess(s);
    if (lastSuccess) {
      SingleWriterRecorder[] byKind = recorders[op][warm ? 1 : 0];
      SingleWriterRecorder service = byKind[0];
      if (service == null) {
        service = create(op, warm);
      }
      service.recordValue(end - startNanos);
      if (response) {
        long due = ycsb.getIntendedtartTimeNs();
        byKind[1].recordValue(end - (due == 0 ? startNanos : Math.min(due, startNanos)));
      }
    }
    if (warm) {
      warmupOperations++;
    } else {
      measured[op][s]++;
      if (!measuringMarked) {
        session.measuring.set(session.measuredFromEpochMs(startNanos));
        measuringMarked = true;
      }
    }
    if (end >= bucketEndNanos || end < bucketStartNanos) {
      rollBucket(end);
    }
    counts[op][s]++;
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
    int phase = lastWarm ? 1 : 0;
    SingleWriterRecorder r = metricRecorders[m][phase];
    if (r == null) {
      synchronized (MeasurementSession.LOCK) {
        r = new SingleWriterRecorder(3);
        metricRecorders[m][phase] = r;
      }
    }
    r.recordValue(value);
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

  /** Adds this thread's metric histograms since the last call into {@code into}; under the lock. */
  void drainMetricsInto(Histogram[][] into) {
    for (int m = 0; m < metricRecorders.length; m++) {
      for (int phase = 0; phase < 2; phase++) {
        SingleWriterRecorder r = metricRecorders[m][phase];
        if (r != null) {
          Histogram interval = r.getIntervalHistogram();
          if (interval.getTotalCount() > 0) {
            if (into[m][phase] == null) {
              into[m][phase] = new Histogram(3);
            }
            into[m][phase].add(interval);
          }
        }
      }
    }
  }

  /** Creates an operation's recorders, published under the session lock the writer reads under. */
  private SingleWriterRecorder create(int op, boolean warm) {
    SingleWriterRecorder[] byKind = recorders[op][warm ? 1 : 0];
    synchronized (MeasurementSession.LOCK) {
      byKind[0] = new SingleWriterRecorder(3);
      byKind[1] = response ? new SingleWriterRecorder(3) : null;
    }
    return byKind[0];
  }

  /** Moves to the epoch-aligned bucket holding {@code nanos}, handing over the current one. */
  private void rollBucket(long nanos) {
    flushBucket();
    long epochMs = baseEpochMs + (nanos - baseNanos) / 1_000_000;
    bucketEpochMs = epochMs - Math.floorMod(epochMs, resolutionMs);
    bucketStartNanos = baseNanos + (bucketEpochMs - baseEpochMs) * 1_000_000;
    bucketEndNanos = bucketStartNanos + resolutionMs * 1_000_000;
  }

  /** Hands this thread's current bucket to the session; called on bucket change and at the end. */
  void flushBucket() {
    if (bucketEpochMs == Long.MIN_VALUE) {
      return;
    }
    for (int op = 0; op < counts.length; op++) {
      for (int s = 0; s < counts[op].length; s++) {
        if (counts[op][s] > 0) {
          session.timeline().add(bucketEpochMs, Operation.at(op).label(), statuses.nameOf(s),
              counts[op][s]);
          counts[op][s] = 0;
        }
      }
    }
  }

  /**
   * Adds this thread's histograms since the last call into {@code into} (same shape as the
   * recorders), creating target histograms as needed. Called under the session lock.
   */
  void drainInto(Histogram[][][] into) {
    for (int op = 0; op < recorders.length; op++) {
      for (int phase = 0; phase < 2; phase++) {
        for (int kind = 0; kind < 2; kind++) {
          SingleWriterRecorder r = recorders[op][phase][kind];
          if (r != null) {
            Histogram interval = r.getIntervalHistogram();
            if (interval.getTotalCount() > 0) {
              if (into[op][phase][kind] == null) {
                into[op][phase][kind] = new Histogram(3);
              }
              into[op][phase][kind].add(interval);
            }
          }
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
