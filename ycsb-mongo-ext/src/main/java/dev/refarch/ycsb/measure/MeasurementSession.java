package dev.refarch.ycsb.measure;

import dev.refarch.platform.spi.Redaction;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * Owns one client JVM's measurements: the threads' meters (each with its own recorder per
 * operation, latency kind and phase), the thread that writes their intervals, added together, to
 * the HDR interval log, the timeline, and the summary written when the last YCSB thread leaves.
 *
 * <p>Thread-safe: YCSB threads {@link #join} and {@link #leave} concurrently; recording is
 * wait-free for writers. One session per JVM at a time, reference-counted like the YCSB threads
 * that use it.
 *
 * <p>Outputs, in {@code measurement.dir}: {@value HdrLog#FILE}, {@value #TIMELINE},
 * {@value #SUMMARY_JSON}, {@value #SUMMARY_CSV} and {@value #CLIENT_JSON}.
 */
public final class MeasurementSession {

  public static final String TIMELINE = "timeline.csv";
  public static final String SUMMARY_JSON = "summary.json";
  public static final String SUMMARY_CSV = "summary.csv";
  public static final String CLIENT_JSON = "client.json";

  /** Guards the session's membership, its leftovers, and the publication of new recorders. */
  static final Object LOCK = new Object();
  private static MeasurementSession current;
  private static final Map<String, String> CLIENT_INFO = new TreeMap<>();

  private final MeasurementSettings settings;
  private final StatusIndex statuses = new StatusIndex();
  /** Measured (not warm-up) histograms of the whole run: [operation][kind]. */
  private final Histogram[][] totals;
  /** Intervals drained from threads that left, written with the next interval. */
  private Histogram[][][] leftovers;
  /** Measured histograms of each metric (documents, bytes per scan); values in its unit. */
  private final Histogram[] metricTotals;
  private final long[] metricSums = new long[Metric.count()];
  private final long[] metricMax = new long[Metric.count()];
  /** Metric intervals of threads that left: [metric][phase]. */
  private Histogram[][] metricLeftovers;
  private long intervalStartMs;
  private final Map<String, Map<String, Long>> measuredCounts = new TreeMap<>();
  private long warmupOperations;
  private final Timeline timeline;
  private final WarmupGate warmup;
  /** Set by the first measured operation of any thread. */
  final MeasuringMark measuring;
  private final long baseNanos;
  private final long baseEpochMs;
  private final HdrLog log;
  private final IntervalWriter writer;
  private final List<ThreadMeter> meters = new ArrayList<>();
  private int references;
  private long lastNanos;
  private long firstNanos = Long.MAX_VALUE;

  private MeasurementSession(MeasurementSettings settings) throws IOException {
    this.settings = settings;
    Files.createDirectories(settings.dir());
    this.baseEpochMs = System.currentTimeMillis();
    this.baseNanos = System.nanoTime();
    int ops = Operation.count();
    this.totals = new Histogram[ops][2];
    for (int op = 0; op < ops; op++) {
      totals[op][0] = new Histogram(3);
      totals[op][1] = new Histogram(3);
    }
    this.leftovers = new Histogram[ops][2][2];
    this.metricTotals = new Histogram[Metric.count()];
    for (int m = 0; m < Metric.count(); m++) {
      metricTotals[m] = new Histogram(3);
    }
    this.metricLeftovers = new Histogram[Metric.count()][2];
    this.intervalStartMs = baseEpochMs;
    this.timeline = new Timeline(settings.timelineResolutionMs());
    this.warmup = new WarmupGate(settings.warmup());
    this.measuring = new MeasuringMark(settings.dir());
    this.log = new HdrLog(settings.dir().resolve(HdrLog.FILE), baseEpochMs,
        "ycsb-mongo-refarch client measurements, pid " + ProcessHandle.current().pid());
    this.writer = new IntervalWriter(this, settings.histogramIntervalMs());
    writer.start();
  }

  /**
   * Joins this JVM's session, starting it (and its output folder and log) on first use.
   *
   * @throws UncheckedIOException when the output folder cannot be written
   */
  public static ThreadMeter join(MeasurementSettings settings) {
    synchronized (LOCK) {
      if (current == null) {
        try {
          current = new MeasurementSession(settings);
        } catch (IOException e) {
          throw new UncheckedIOException("cannot write measurements to " + settings.dir(), e);
        }
        if (settings.targetOpsPerSecond() > 0 && !settings.intendedTracked()) {
          System.err.println("[ycsb-mongo-ext] target is set but measurement.interval=op:"
              + " recording service time only; set measurement.interval=both for response time");
        }
      }
      current.references++;
      ThreadMeter meter = new ThreadMeter(current, current.warmup, settings.recordsResponseTime(),
          current.baseNanos, current.baseEpochMs, settings.timelineResolutionMs(),
          current.statuses);
      current.meters.add(meter);
      return meter;
    }
  }

  /** A thread is done with its meter; the last one writes the summary and closes the session. */
  public static void leave(ThreadMeter meter) {
    MeasurementSession closing = null;
    synchronized (LOCK) {
      MeasurementSession session = current;
      if (session == null || !session.meters.remove(meter)) {
        return;
      }
      meter.flushBucket();
      meter.drainInto(session.leftovers);
      meter.drainMetricsInto(session.metricLeftovers);
      for (Metric m : Metric.values()) {
        session.metricSums[m.ordinal()] += meter.metricSum(m);
        session.metricMax[m.ordinal()] = Math.max(session.metricMax[m.ordinal()], meter.metricMax(m));
      }
      meter.addMeasuredCounts(session.measuredCounts);
      session.warmupOperations += meter.warmupOperations();
      session.lastNanos = Math.max(session.lastNanos, meter.lastNanos());
      if (meter.firstNanos() != 0) {
        session.firstNanos = Math.min(session.firstNanos, meter.firstNanos());
      }
      if (--session.references == 0) {
        current = null;
        closing = session;
      }
    }
    // outside the lock: closing joins the interval writer, which takes the lock
    if (closing != null) {
      closing.close();
    }
  }

  /**
   * Adds a fact about this client to {@value #CLIENT_JSON} (e.g. the binding's effective settings).
   * Values that look like connection strings are masked.
   */
  public static void describe(String key, String value) {
    synchronized (LOCK) {
      CLIENT_INFO.put(key, Redaction.maskUri(value));
    }
  }

  Timeline timeline() {
    return timeline;
  }

  /**
   * Drains every thread's recorders, adds histograms of the same operation, phase and kind, and
   * writes them as this interval; called by the interval writer and once more at the end.
   */
  synchronized void writeInterval() {
    Histogram[][][] interval;
    Histogram[][] metrics;
    synchronized (LOCK) {
      interval = leftovers;
      leftovers = new Histogram[Operation.count()][2][2];
      metrics = metricLeftovers;
      metricLeftovers = new Histogram[Metric.count()][2];
      for (ThreadMeter meter : meters) {
        meter.drainInto(interval);
        meter.drainMetricsInto(metrics);
      }
    }
    long now = System.currentTimeMillis();
    for (int op = 0; op < interval.length; op++) {
      for (int phase = 0; phase < 2; phase++) {
        for (int kind = 0; kind < 2; kind++) {
          Histogram h = interval[op][phase][kind];
          if (h == null || h.getTotalCount() == 0) {
            continue;
          }
          h.setStartTimeStamp(intervalStartMs);
          h.setEndTimeStamp(now);
          h.setTag(HdrLog.tag(Operation.at(op), LatencyKind.values()[kind], phase == 1));
          log.write(h);
          if (phase == 0) {
            totals[op][kind].add(h);
          }
        }
      }
    }
    for (int m = 0; m < metrics.length; m++) {
      for (int phase = 0; phase < 2; phase++) {
        Histogram h = metrics[m][phase];
        if (h == null || h.getTotalCount() == 0) {
          continue;
        }
        h.setStartTimeStamp(intervalStartMs);
        h.setEndTimeStamp(now);
        h.setTag(HdrLog.tag(Metric.at(m), phase == 1));
        log.write(h);
        if (phase == 0) {
          metricTotals[m].add(h);
        }
      }
    }
    intervalStartMs = now;
  }

  private void close() {
    warmup.close();
    writer.finish();
    writeInterval();
    log.close();
    try {
      timeline.writeCsv(settings.dir().resolve(TIMELINE));
      Summary summary = summary();
      Files.writeString(settings.dir().resolve(SUMMARY_JSON), SummaryFormats.json(summary),
          StandardCharsets.UTF_8);
      Files.writeString(settings.dir().resolve(SUMMARY_CSV), SummaryFormats.csv(summary),
          StandardCharsets.UTF_8);
      Files.writeString(settings.dir().resolve(CLIENT_JSON), clientJson(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write measurements to " + settings.dir(), e);
    } finally {
      // the facts belong to this session: a JVM that runs YCSB again describes its next run anew
      synchronized (LOCK) {
        CLIENT_INFO.clear();
      }
    }
  }

  /**
   * The start of the measured window as known when a first measured operation, started at
   * {@code operationStartNanos}, completes: the warm-up's end, as the summary gives it; without
   * a warm-up, that operation's start (another thread's earlier one makes the summary's start
   * earlier, never later).
   */
  long measuredFromEpochMs(long operationStartNanos) {
    return epochMs(settings.warmup().isNone() ? operationStartNanos
        : warmup.endNanos(operationStartNanos));
  }

  private Summary summary() {
    long first = firstNanos == Long.MAX_VALUE ? baseNanos : firstNanos;
    long last = lastNanos == 0 ? first : lastNanos;
    long measuredFrom = settings.warmup().isNone() ? first
        : Math.max(first, warmup.endNanos(last));
    double seconds = Math.max(1e-9, (last - measuredFrom) / 1e9);
    List<OperationSummary> ops = new ArrayList<>();
    for (Operation op : Operation.values()) {
      Map<String, Long> c = measuredCounts.getOrDefault(op.label(), Map.of());
      if (c.isEmpty() && totals[op.ordinal()][0].getTotalCount() == 0) {
        continue;
      }
      long total = c.values().stream().mapToLong(Long::longValue).sum();
      ops.add(new OperationSummary(op.label(), c, last > measuredFrom ? total / seconds : 0,
          LatencyStats.of(totals[op.ordinal()][0]),
          settings.recordsResponseTime() ? Optional.of(LatencyStats.of(totals[op.ordinal()][1]))
              : Optional.empty(), metricsOf(op)));
    }
    return new Summary(epochMs(first), epochMs(measuredFrom), epochMs(last), settings.warmup(),
        warmupOperations, ops, notes());
  }

  /** The summaries of the metrics of {@code op} that were recorded, by unit. */
  private Map<String, MetricStats> metricsOf(Operation op) {
    Map<String, MetricStats> metrics = new LinkedHashMap<>();
    for (Metric m : Metric.values()) {
      if (m.operation() == op && metricTotals[m.ordinal()].getTotalCount() > 0) {
        metrics.put(m.unit(), MetricStats.of(metricTotals[m.ordinal()], metricSums[m.ordinal()],
            metricMax[m.ordinal()]));
      }
    }
    return metrics;
  }

  private List<String> notes() {
    List<String> notes = new ArrayList<>();
    warmup.jitOutcome().ifPresent(notes::add);
    if (settings.targetOpsPerSecond() > 0 && !settings.intendedTracked()) {
      notes.add("no response time: a target throughput was set but YCSB did not track due times;"
          + " set measurement.interval=both");
    } else if (settings.targetOpsPerSecond() <= 0) {
      notes.add("no response time: no target throughput, so operations had no due time");
    }
    return notes;
  }

  private long epochMs(long nanos) {
    return baseEpochMs + (nanos - baseNanos) / 1_000_000;
  }

  private String clientJson() {
    Map<String, String> info = new LinkedHashMap<>();
    info.put("pid", String.valueOf(ProcessHandle.current().pid()));
    info.put("cpuSeconds", String.format(java.util.Locale.ROOT, "%.3f", cpuSeconds()));
    synchronized (LOCK) {
      info.putAll(CLIENT_INFO);
    }
    StringBuilder json = new StringBuilder("{\n");
    info.forEach((k, v) -> json.append(json.length() > 2 ? ",\n" : "").append("  \"")
        .append(escape(k)).append("\": \"").append(escape(v)).append('"'));
    return json.append("\n}\n").toString();
  }

  private static String escape(String s) {
    return s.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n");
  }

  /** CPU seconds this JVM has used so far, all threads. */
  static double cpuSeconds() {
    var os = ManagementFactory.getOperatingSystemMXBean();
    if (os instanceof com.sun.management.OperatingSystemMXBean sun) {
      return sun.getProcessCpuTime() / 1e9;
    }
    return Double.NaN;
  }
}
