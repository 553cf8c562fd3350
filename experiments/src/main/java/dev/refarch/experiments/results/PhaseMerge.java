package dev.refarch.experiments.results;

import dev.refarch.ycsb.measure.HdrLogs;
import dev.refarch.ycsb.measure.LatencyKind;
import dev.refarch.ycsb.measure.LatencyStats;
import dev.refarch.ycsb.measure.Operation;
import dev.refarch.ycsb.measure.OperationSummary;
import dev.refarch.ycsb.measure.Summary;
import dev.refarch.ycsb.measure.Timeline;
import java.io.FileNotFoundException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * Merges the outputs of one phase's clients into one: histograms by HDR union per tag (so every
 * merged percentile is the percentile of all operations of all clients, never an average of
 * averages), timelines bucket by bucket, counts by sum, throughput as the sum of the clients'
 * concurrent rates.
 *
 * <p>Stateless and thread-safe.
 */
public final class PhaseMerge {

  private PhaseMerge() {
  }

  /**
   * What a phase measured over all its clients.
   *
   * @param summary per-operation figures from the merged histograms and summed counts
   * @param timeline the clients' timelines added together
   * @param histograms the union of every client's histograms, per tag
   */
  public record Merged(Summary summary, Timeline timeline, Map<String, Histogram> histograms) {
  }

  /** Merges {@code clients}; {@code timelineResolutionMs} must be what the clients used. */
  public static Merged merge(List<ClientOutput> clients, int timelineResolutionMs) {
    if (clients.isEmpty()) {
      throw new IllegalArgumentException("no client outputs to merge");
    }
    Map<String, Histogram> histograms = new TreeMap<>();
    Timeline timeline = new Timeline(timelineResolutionMs);
    Map<String, Map<String, Long>> counts = new TreeMap<>();
    Map<String, Double> throughput = new TreeMap<>();
    LinkedHashSet<String> notes = new LinkedHashSet<>();
    long start = Long.MAX_VALUE;
    long from = Long.MAX_VALUE;
    long end = Long.MIN_VALUE;
    long warmupOps = 0;
    for (ClientOutput c : clients) {
      HdrLogs.totalsByTag(c.hdrLog()).forEach((tag, h) -> union(histograms, tag, h));
      timeline.addAll(c.timeline(timelineResolutionMs));
      c.counts().forEach((op, byStatus) -> byStatus.forEach((status, n) ->
          counts.computeIfAbsent(op, o -> new TreeMap<>()).merge(status, n, Long::sum)));
      c.throughput().forEach((op, t) -> throughput.merge(op, t, Double::sum));
      notes.addAll(c.notes());
      start = Math.min(start, c.startEpochMs());
      from = Math.min(from, c.measuredFromEpochMs());
      end = Math.max(end, c.endEpochMs());
      warmupOps += c.warmupOperations();
    }
    List<OperationSummary> operations = new ArrayList<>();
    for (String op : operationsInOrder(counts.keySet())) {
      Histogram service = histograms.getOrDefault(HdrLogs.tag(op, LatencyKind.SERVICE), new Histogram(3));
      Histogram response = histograms.get(HdrLogs.tag(op, LatencyKind.RESPONSE));
      operations.add(new OperationSummary(op, counts.get(op), throughput.getOrDefault(op, 0.0),
          LatencyStats.of(service), Optional.ofNullable(response).map(LatencyStats::of)));
    }
    Summary summary = new Summary(start, from, end, clients.get(0).warmup(), warmupOps,
        operations, List.copyOf(notes));
    return new Merged(summary, timeline, histograms);
  }

  private static void union(Map<String, Histogram> into, String tag, Histogram h) {
    into.computeIfAbsent(tag, t -> {
      Histogram empty = new Histogram(3);
      empty.setTag(t);
      return empty;
    }).add(h);
  }

  /** YCSB's operations in their usual order, then any others by name. */
  private static List<String> operationsInOrder(java.util.Set<String> present) {
    List<String> ordered = new ArrayList<>(present);
    ordered.sort(Comparator.comparingInt((String op) -> {
      Operation known = Operation.ofLabel(op);
      return known == null ? Integer.MAX_VALUE : known.ordinal();
    }).thenComparing(Comparator.naturalOrder()));
    return ordered;
  }

  /**
   * Writes the clients' interval histograms as one HDR log: histograms of the same tag whose
   * intervals start in the same {@code intervalMs} slot are added, so the merged log has one
   * histogram per tag and interval, as if one client had done all the work.
   */
  public static void writeMergedLog(List<ClientOutput> clients, int intervalMs, Path out) {
    TreeMap<Long, TreeMap<String, Histogram>> slots = new TreeMap<>();
    long first = Long.MAX_VALUE;
    for (ClientOutput c : clients) {
      for (Histogram h : HdrLogs.intervals(c.hdrLog())) {
        long slot = Math.round((double) h.getStartTimeStamp() / intervalMs) * intervalMs;
        first = Math.min(first, slot);
        Histogram merged = slots.computeIfAbsent(slot, s -> new TreeMap<>())
            .computeIfAbsent(String.valueOf(h.getTag()), t -> {
              Histogram empty = new Histogram(3);
              empty.setTag(t);
              empty.setStartTimeStamp(slot);
              empty.setEndTimeStamp(slot + intervalMs);
              return empty;
            });
        merged.add(h);
        // add() widens the time range to the added histogram's; keep the slot's
        merged.setStartTimeStamp(slot);
        merged.setEndTimeStamp(slot + intervalMs);
      }
    }
    try (PrintStream stream = new PrintStream(out.toFile())) {
      HistogramLogWriter writer = new HistogramLogWriter(stream);
      writer.outputComment("ycsb-mongo-refarch: " + clients.size()
          + " clients merged by histogram union; values are nanoseconds");
      writer.outputLogFormatVersion();
      long base = first == Long.MAX_VALUE ? 0 : first;
      writer.outputStartTime(base);
      writer.setBaseTime(base);
      writer.outputLegend();
      for (TreeMap<String, Histogram> byTag : slots.values()) {
        for (Histogram h : byTag.values()) {
          writer.outputIntervalHistogram(h);
        }
      }
    } catch (FileNotFoundException e) {
      throw new UncheckedIOException(e);
    }
  }
}
