package dev.refarch.experiments.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Function;

/**
 * What the servers and disks say about a reference's two points: the cache the data outgrew, a
 * disk or the cores saturated — each a line with its figures, beside the verdict, so that a
 * reader sees the server's side of a change and not only the clients'. Each rule's threshold is
 * written beside it; a figure is the median over the point's completed trials of its mean over
 * the trial's judged window.
 *
 * <p>Stateless and thread-safe.
 */
final class ServerSide {

  /**
   * Pages read into the cache per second: once warm, a cache that holds the working set reads
   * next to nothing, so reads an order of magnitude above the other point's, and at least 100
   * pages a second, are the cache missing — not a checkpoint's or a noise's few pages.
   */
  static final double CACHE_RATIO = 10;
  static final double CACHE_MIN_PAGES = 100;
  /** iostat's %util: a device with I/O in flight 90 % of the time is close to saturation. */
  static final double DISK_BUSY_PCT = 90;
  /** The machine's cores busy 95 % of the time: nothing left for clients or servers to take. */
  static final double CPU_BUSY_SHARE = 0.95;

  private ServerSide() {
  }

  /**
   * The lines for a reference measured at {@code measured} against {@code baseline}; empty when
   * neither point recorded telemetry or no rule applies.
   */
  static List<String> of(Optional<Point> measured, Optional<Point> baseline, String measuredLabel,
      String baselineLabel) {
    List<String> lines = new ArrayList<>();
    if (measured.isEmpty() || baseline.isEmpty() || measured.get().equals(baseline.get())) {
      return lines;
    }
    Point m = measured.get();
    Point b = baseline.get();
    cache(m, b, measuredLabel, baselineLabel).ifPresent(lines::add);
    cache(b, m, baselineLabel, measuredLabel).ifPresent(lines::add);
    for (var p : List.of(java.util.Map.entry(measuredLabel, m), java.util.Map.entry(baselineLabel, b))) {
      disk(p.getValue(), p.getKey()).ifPresent(lines::add);
      cpu(p.getValue(), p.getKey()).ifPresent(lines::add);
    }
    return lines;
  }

  private static Optional<String> cache(Point high, Point low, String highLabel, String lowLabel) {
    OptionalDouble h = median(high, t -> t.total("mongodb", "cache.pagesReadIn"));
    OptionalDouble l = median(low, t -> t.total("mongodb", "cache.pagesReadIn"));
    if (h.isEmpty() || l.isEmpty() || h.getAsDouble() < CACHE_MIN_PAGES
        || h.getAsDouble() < CACHE_RATIO * l.getAsDouble()) {
      return Optional.empty();
    }
    return Optional.of(String.format(Locale.ROOT, "data outgrew the cache at %s: %s pages/s read"
        + " into cache against %s at %s", highLabel, Formats.fixed(h.getAsDouble(), 0),
        Formats.fixed(l.getAsDouble(), 0), lowLabel));
  }

  private static Optional<String> disk(Point p, String label) {
    List<Double> busy = new ArrayList<>();
    String device = "";
    for (TrialRecord t : p.completed()) {
      var top = t.facts().telemetry().flatMap(s -> s.highest("disk", "disk.utilisation"));
      if (top.isPresent()) {
        busy.add(top.get().mean());
        device = top.get().member();
      }
    }
    OptionalDouble median = median(busy);
    if (median.isEmpty() || median.getAsDouble() < DISK_BUSY_PCT) {
      return Optional.empty();
    }
    return Optional.of(String.format(Locale.ROOT, "disk-bound at %s: %s had I/O in flight %s %%"
        + " of the time", label, device, Formats.fixed(median.getAsDouble(), 0)));
  }

  private static Optional<String> cpu(Point p, String label) {
    List<Double> shares = new ArrayList<>();
    int cores = 0;
    for (TrialRecord t : p.completed()) {
      OptionalDouble share = t.facts().cpu().map(CpuEvidence::machineShare)
          .orElse(OptionalDouble.empty());
      if (share.isPresent()) {
        shares.add(share.getAsDouble());
        cores = t.facts().cores();
      }
    }
    OptionalDouble median = median(shares);
    if (median.isEmpty() || median.getAsDouble() < CPU_BUSY_SHARE) {
      return Optional.empty();
    }
    return Optional.of(String.format(Locale.ROOT, "CPU-bound at %s: the machine's %d cores were"
        + " %s %% busy", label, cores, Formats.fixed(median.getAsDouble() * 100, 0)));
  }

  private static OptionalDouble median(Point p, Function<ServerTelemetry, OptionalDouble> f) {
    List<Double> values = new ArrayList<>();
    for (TrialRecord t : p.completed()) {
      t.facts().telemetry().map(f).filter(OptionalDouble::isPresent)
          .ifPresent(v -> values.add(v.getAsDouble()));
    }
    return median(values);
  }

  private static OptionalDouble median(List<Double> values) {
    if (values.isEmpty()) {
      return OptionalDouble.empty();
    }
    double[] v = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
    return OptionalDouble.of(v.length % 2 == 1 ? v[v.length / 2]
        : (v[v.length / 2 - 1] + v[v.length / 2]) / 2);
  }
}
