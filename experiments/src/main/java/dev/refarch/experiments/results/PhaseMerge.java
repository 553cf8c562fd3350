package dev.refarch.experiments.results;

import dev.refarch.ycsb.measure.HdrLogs;
import dev.refarch.ycsb.measure.LatencyStats;
import dev.refarch.ycsb.measure.MetricStats;
import dev.refarch.ycsb.measure.Operation;
import dev.refarch.ycsb.measure.OperationSummary;
import dev.refarch.ycsb.measure.Summary;
import dev.refarch.ycsb.measure.Timeline;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * Merges the outputs of one phase's clients into one, over their <em>common measured window</em>:
 * from the first interval boundary after the last client's warm-up ended to the last boundary
 * before the first client stopped, so that every figure describes the system while all clients
 * ran. Histograms are an HDR union per tag of the interval histograms inside the window (every
 * merged percentile is the percentile of all operations of all clients, never an average of
 * averages); counts come from the timelines inside the window; throughput is those operations
 * divided by the window's length — not the sum of each client's rate over its own window, which
 * overstates it when clients start and stop at different times.
 *
 * <p>When the clients' measured windows overlap by less than one interval (very short runs), the
 * merge falls back to each client's whole measured time — throughput then is the sum of the
 * clients' rates — and says so in the summary's notes.
 *
 * <p>Stateless and thread-safe.
 */
public final class PhaseMerge {

  private PhaseMerge() {
  }

  /**
   * The window the merged figures cover.
   *
   * @param fromEpochMs its start, an interval boundary
   * @param toEpochMs its end (exclusive)
   * @param common whether it is the clients' common measured window (else the fallback)
   */
  public record Window(long fromEpochMs, long toEpochMs, boolean common) {
    public double seconds() {
      return Math.max(0, toEpochMs - fromEpochMs) / 1000.0;
    }
  }

  /**
   * What a phase measured over all its clients.
   *
   * @param summary per-operation figures over the window
   * @param timeline the clients' timelines added together (the whole phase, warm-up included)
   * @param histograms the union of the clients' measured interval histograms in the window, per tag
   * @param window the window the summary covers
   * @param perSlot measured operations (successful, all types) per interval slot of the window,
   *     every slot present; empty for the fallback window
   */
  public record Merged(Summary summary, Timeline timeline, Map<String, Histogram> histograms,
      Window window, SortedMap<Long, Long> perSlot) {
  }

  /**
   * Merges {@code clients}.
   *
   * @param timelineResolutionMs what the clients used for their timelines
   * @param intervalMs what the clients used for their interval histograms
   */
  public static Merged merge(List<ClientOutput> clients, int timelineResolutionMs, int intervalMs) {
    return merge(clients, timelineResolutionMs, intervalMs, Long.MIN_VALUE);
  }

  /**
   * Merges {@code clients} over the part of their common measured window from
   * {@code fromEpochMs} on (an interval boundary, e.g. where the run became steady): the trial's
   * judged figures. From before the window's start it is the whole window; the fallback window
   * (clients that barely overlap) is never narrowed.
   */
  public static Merged merge(List<ClientOutput> clients, int timelineResolutionMs, int intervalMs,
      long fromEpochMs) {
    if (clients.isEmpty()) {
      throw new IllegalArgumentException("no client outputs to merge");
    }
    Timeline timeline = new Timeline(timelineResolutionMs);
    List<Histogram> intervals = new ArrayList<>();
    Set<String> notes = new LinkedHashSet<>();
    long start = Long.MAX_VALUE;
    long warmupOps = 0;
    for (ClientOutput c : clients) {
      timeline.addAll(c.timeline(timelineResolutionMs));
      intervals.addAll(HdrLogs.intervals(c.hdrLog()));
      notes.addAll(c.notes());
      start = Math.min(start, c.startEpochMs());
      warmupOps += c.warmupOperations();
    }
    Window common = commonWindow(clients, intervalMs);
    Window window = common.common() && fromEpochMs > common.fromEpochMs()
        && fromEpochMs < common.toEpochMs()
        ? new Window(fromEpochMs, common.toEpochMs(), true) : common;
    Map<String, Histogram> histograms = new TreeMap<>();
    TreeMap<Long, Long> perSlot = new TreeMap<>();
    for (long t = window.fromEpochMs(); window.common() && t < window.toEpochMs(); t += intervalMs) {
      perSlot.put(t, 0L);
    }
    for (Histogram h : intervals) {
      String tag = String.valueOf(h.getTag());
      if (!tag.endsWith(".warmup") && (!window.common() || inside(h, window, intervalMs))) {
        union(histograms, tag, h);
        if (tag.endsWith(".service")) {
          perSlot.computeIfPresent(slot(h, intervalMs), (s, n) -> n + h.getTotalCount());
        }
      }
    }
    Map<String, Map<String, Long>> counts = new TreeMap<>();
    Map<String, Double> throughput = new TreeMap<>();
    if (window.common()) {
      countInside(timeline, window, counts);
      counts.forEach((op, byStatus) -> throughput.put(op,
          byStatus.values().stream().mapToLong(Long::longValue).sum() / window.seconds()));
    } else {
      notes.add("the clients' measured windows overlap by less than one interval: figures cover"
          + " each client's whole measured time and throughput is the sum of their rates");
      for (ClientOutput c : clients) {
        c.counts().forEach((op, byStatus) -> byStatus.forEach((status, n) ->
            counts.computeIfAbsent(op, o -> new TreeMap<>()).merge(status, n, Long::sum)));
        c.throughput().forEach((op, t) -> throughput.merge(op, t, Double::sum));
      }
    }
    List<OperationSummary> operations = new ArrayList<>();
    for (String op : operationsInOrder(counts.keySet())) {
      operations.add(operation(op, counts.get(op), throughput.getOrDefault(op, 0.0), histograms));
    }
    Summary summary = new Summary(start, window.fromEpochMs(), window.toEpochMs(),
        clients.get(0).warmup(), warmupOps, operations, List.copyOf(notes));
    return new Merged(summary, timeline, histograms, window, perSlot);
  }

  /**
   * From the first interval boundary at or after the latest end of a client's warm-up to the last
   * boundary at or before the earliest end of a client's run; the fallback (every client's whole
   * measured time) when that holds less than one interval.
   */
  static Window commonWindow(List<ClientOutput> clients, int intervalMs) {
    long from = clients.stream().mapToLong(ClientOutput::measuredFromEpochMs).max().orElseThrow();
    long to = clients.stream().mapToLong(ClientOutput::endEpochMs).min().orElseThrow();
    long slotFrom = Math.floorDiv(from + intervalMs - 1, intervalMs) * (long) intervalMs;
    long slotTo = Math.floorDiv(to, intervalMs) * (long) intervalMs;
    if (slotTo - slotFrom >= intervalMs) {
      return new Window(slotFrom, slotTo, true);
    }
    return new Window(clients.stream().mapToLong(ClientOutput::measuredFromEpochMs).min().orElseThrow(),
        clients.stream().mapToLong(ClientOutput::endEpochMs).max().orElseThrow(), false);
  }

  /** The interval slot a histogram belongs to: the boundary at or before its start. */
  static long slot(Histogram h, int intervalMs) {
    return Math.floorDiv(h.getStartTimeStamp(), intervalMs) * (long) intervalMs;
  }

  private static boolean inside(Histogram h, Window w, int intervalMs) {
    long slot = slot(h, intervalMs);
    return slot >= w.fromEpochMs() && slot < w.toEpochMs();
  }

  private static void countInside(Timeline timeline, Window w, Map<String, Map<String, Long>> into) {
    for (Timeline.Row r : timeline.rows()) {
      if (r.epochMs() >= w.fromEpochMs() && r.epochMs() < w.toEpochMs()) {
        r.counts().forEach((status, n) -> {
          if (n > 0) {
            into.computeIfAbsent(r.operation(), o -> new TreeMap<>()).merge(status, n, Long::sum);
          }
        });
      }
    }
  }

  private static OperationSummary operation(String op, Map<String, Long> counts, double throughput,
      Map<String, Histogram> histograms) {
    Histogram service = histograms.getOrDefault(op + ".service", new Histogram(3));
    Optional<LatencyStats> response = Optional.ofNullable(histograms.get(op + ".response"))
        .map(LatencyStats::of);
    Map<String, MetricStats> metrics = new LinkedHashMap<>();
    for (dev.refarch.ycsb.measure.Metric m : dev.refarch.ycsb.measure.Metric.values()) {
      Histogram h = histograms.get(m.tag());
      if (m.operation().label().equals(op) && h != null && h.getTotalCount() > 0) {
        // the window's sum and max come from its histograms: exact to their 3 significant digits
        metrics.put(m.unit(), MetricStats.of(h, Math.round(h.getMean() * h.getTotalCount()),
            h.getMaxValue()));
      }
    }
    return new OperationSummary(op, counts, throughput, LatencyStats.of(service), response, metrics);
  }

  private static void union(Map<String, Histogram> into, String tag, Histogram h) {
    into.computeIfAbsent(tag, t -> {
      Histogram empty = new Histogram(3);
      empty.setTag(t);
      return empty;
    }).add(h);
  }

  /** YCSB's operations in their usual order, then any others by name. */
  private static List<String> operationsInOrder(Set<String> present) {
    List<String> ordered = new ArrayList<>(present);
    ordered.sort(Comparator.comparingInt((String op) -> {
      Operation known = Operation.ofLabel(op);
      return known == null ? Integer.MAX_VALUE : known.ordinal();
    }).thenComparing(Comparator.naturalOrder()));
    return ordered;
  }
}
