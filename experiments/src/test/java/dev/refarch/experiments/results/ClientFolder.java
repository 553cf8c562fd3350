package dev.refarch.experiments.results;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * Writes a client's measurement folder as the binding's session does — {@code latency.hlog} with
 * one histogram per tag and interval, {@code timeline.csv}, {@code summary.json} — from seconds of
 * operations given here, so merge tests know every value that went in.
 *
 * <p>Each {@link #second} adds {@code ops} READ operations of one latency that ended in that
 * second: to the timeline and to the interval histogram starting at that second (plus
 * {@code lagMs}, as a real writer wakes a little after the boundary).
 */
final class ClientFolder {

  private final long t0;
  private final TreeMap<Long, Histogram> intervals = new TreeMap<>();
  private final TreeMap<Long, Long> timeline = new TreeMap<>();
  private final Map<Long, Histogram> warmup = new TreeMap<>();
  private long firstIntervalStart = -1;
  private long measuredFrom;
  private long end;

  ClientFolder(long t0) {
    this.t0 = t0;
  }

  /** {@code ops} operations of {@code latencyNanos} in second {@code s} (from t0), measured. */
  ClientFolder second(int s, long ops, long latencyNanos) {
    Histogram h = intervals.computeIfAbsent(t0 + s * 1000L, k -> new Histogram(3));
    h.recordValueWithCount(latencyNanos, ops);
    timeline.merge(t0 + s * 1000L, ops, Long::sum);
    return this;
  }

  /** As {@link #second}, but warm-up: kept in the timeline and under a {@code .warmup} tag. */
  ClientFolder warmupSecond(int s, long ops, long latencyNanos) {
    warmup.computeIfAbsent(t0 + s * 1000L, k -> new Histogram(3)).recordValueWithCount(latencyNanos, ops);
    timeline.merge(t0 + s * 1000L, ops, Long::sum);
    return this;
  }

  /** The client's session started {@code ms} after its first interval's second began. */
  ClientFolder firstIntervalStartsAt(long ms) {
    firstIntervalStart = ms;
    return this;
  }

  /** The measured window as the client's summary states it, in ms from t0. */
  ClientFolder measured(long fromMs, long toMs) {
    measuredFrom = t0 + fromMs;
    end = t0 + toMs;
    return this;
  }

  ClientOutput write(Path dir) {
    try {
      Files.createDirectories(dir);
      try (PrintStream out = new PrintStream(dir.resolve("latency.hlog").toFile())) {
        HistogramLogWriter w = new HistogramLogWriter(out);
        w.outputLogFormatVersion();
        w.outputStartTime(t0);
        w.setBaseTime(t0);
        w.outputLegend();
        TreeMap<Long, Histogram[]> all = new TreeMap<>();
        warmup.forEach((s, h) -> all.computeIfAbsent(s, k -> new Histogram[2])[0] = tagged(h, "READ.service.warmup"));
        intervals.forEach((s, h) -> all.computeIfAbsent(s, k -> new Histogram[2])[1] = tagged(h, "READ.service"));
        long first = all.isEmpty() ? 0 : all.firstKey();
        for (var e : all.entrySet()) {
          long start = e.getKey() == first && firstIntervalStart >= 0 ? e.getKey() + firstIntervalStart
              : e.getKey() + 3;
          for (Histogram h : e.getValue()) {
            if (h != null) {
              h.setStartTimeStamp(start);
              h.setEndTimeStamp(e.getKey() + 1003);
              w.outputIntervalHistogram(h);
            }
          }
        }
      }
      long ok = intervals.values().stream().mapToLong(Histogram::getTotalCount).sum();
      double seconds = (end - measuredFrom) / 1000.0;
      Files.writeString(dir.resolve("summary.json"), "{\"startEpochMs\": " + t0
          + ", \"measuredFromEpochMs\": " + measuredFrom + ", \"endEpochMs\": " + end
          + ", \"warmup\": \"0s\", \"warmupOperations\": 0, \"notes\": [], \"operations\": {\"READ\":"
          + " {\"counts\": {\"OK\": " + ok + "}, \"throughput\": " + ok / seconds + "}}}");
      StringBuilder csv = new StringBuilder("epoch_ms,operation,successes,failures,OK\n");
      timeline.forEach((t, n) -> csv.append(t).append(",READ,").append(n).append(",0,").append(n)
          .append('\n'));
      Files.writeString(dir.resolve("timeline.csv"), csv);
      return ClientOutput.read(dir);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Histogram tagged(Histogram h, String tag) {
    h.setTag(tag);
    return h;
  }
}
