package dev.refarch.ycsb.measure;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Operations completed per time bucket, per operation type and status, with absolute
 * epoch-millisecond bucket starts so that several clients' timelines and fault events line up.
 *
 * <p>Thread-safe: mutators and readers synchronise on the instance. Merging two timelines of the
 * same resolution adds their counts ({@link #addAll}).
 *
 * <p>CSV layout ({@link #writeCsv}): {@code epoch_ms,operation,successes,failures,<STATUS>...},
 * one row per bucket and operation, buckets without operations included as zeros, so that gaps
 * show. Successes are {@code OK}, {@code BATCHED_OK} and {@code NOT_FOUND}; every other status is
 * a failure.
 */
public final class Timeline {

  private final int resolutionMs;
  private final TreeMap<Long, Map<String, Map<String, Long>>> buckets = new TreeMap<>();

  /** One bucket of one operation type. */
  public record Row(long epochMs, String operation, SortedMap<String, Long> counts) {
    public long successes() {
      return counts.entrySet().stream().filter(e -> StatusIndex.isSuccess(e.getKey()))
          .mapToLong(Map.Entry::getValue).sum();
    }

    public long failures() {
      return counts.entrySet().stream().filter(e -> !StatusIndex.isSuccess(e.getKey()))
          .mapToLong(Map.Entry::getValue).sum();
    }
  }

  public Timeline(int resolutionMs) {
    if (resolutionMs < 1) {
      throw new IllegalArgumentException("resolution must be positive: " + resolutionMs);
    }
    this.resolutionMs = resolutionMs;
  }

  public int resolutionMs() {
    return resolutionMs;
  }

  /** Adds {@code count} operations that ended at {@code epochMs}. */
  public synchronized void add(long epochMs, String operation, String status, long count) {
    long bucket = Math.floorDiv(epochMs, resolutionMs) * resolutionMs;
    buckets.computeIfAbsent(bucket, b -> new TreeMap<>())
        .computeIfAbsent(operation, o -> new TreeMap<>())
        .merge(status, count, Long::sum);
  }

  /** Adds every count of {@code other}, which must have the same resolution. */
  public void addAll(Timeline other) {
    if (other.resolutionMs != resolutionMs) {
      throw new IllegalArgumentException("timelines of " + other.resolutionMs + " ms and "
          + resolutionMs + " ms buckets cannot be merged");
    }
    for (Row row : other.rows()) {
      row.counts().forEach((status, n) -> {
        if (n > 0) {
          add(row.epochMs(), row.operation(), status, n);
        }
      });
    }
  }

  /** Every bucket from the first to the last, for every operation seen, zeros included. */
  public synchronized List<Row> rows() {
    if (buckets.isEmpty()) {
      return List.of();
    }
    TreeSet<String> operations = new TreeSet<>();
    TreeSet<String> statuses = new TreeSet<>();
    buckets.values().forEach(ops -> ops.forEach((op, counts) -> {
      operations.add(op);
      statuses.addAll(counts.keySet());
    }));
    List<Row> rows = new ArrayList<>();
    for (long t = buckets.firstKey(); t <= buckets.lastKey(); t += resolutionMs) {
      Map<String, Map<String, Long>> ops = buckets.getOrDefault(t, Map.of());
      for (String op : operations) {
        TreeMap<String, Long> counts = new TreeMap<>();
        for (String status : statuses) {
          counts.put(status, ops.getOrDefault(op, Map.of()).getOrDefault(status, 0L));
        }
        rows.add(new Row(t, op, Collections.unmodifiableSortedMap(counts)));
      }
    }
    return rows;
  }

  public void writeCsv(Path file) throws IOException {
    List<Row> rows = rows();
    TreeSet<String> statuses = new TreeSet<>();
    rows.forEach(r -> statuses.addAll(r.counts().keySet()));
    try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      out.write("epoch_ms,operation,successes,failures");
      for (String s : statuses) {
        out.write("," + s);
      }
      out.write("\n");
      for (Row r : rows) {
        StringBuilder line = new StringBuilder().append(r.epochMs()).append(',').append(r.operation())
            .append(',').append(r.successes()).append(',').append(r.failures());
        statuses.forEach(s -> line.append(',').append(r.counts().getOrDefault(s, 0L)));
        out.write(line.append('\n').toString());
      }
    }
  }

  /** Reads a file written by {@link #writeCsv}. */
  public static Timeline readCsv(Path file, int resolutionMs) throws IOException {
    Timeline t = new Timeline(resolutionMs);
    List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    if (lines.isEmpty()) {
      return t;
    }
    String[] header = lines.get(0).split(",");
    for (String line : lines.subList(1, lines.size())) {
      String[] cells = line.split(",");
      for (int i = 4; i < header.length; i++) {
        long n = Long.parseLong(cells[i]);
        if (n > 0) {
          t.add(Long.parseLong(cells[0]), cells[1], header[i], n);
        }
      }
    }
    return t;
  }
}
