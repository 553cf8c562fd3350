package dev.refarch.experiments.report.format;

import dev.refarch.experiments.report.TrialReader;
import dev.refarch.experiments.report.TrialRecord;
import dev.refarch.experiments.results.TelemetryFile;
import dev.refarch.ycsb.measure.Timeline;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Predicate;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The server's side of a trial's timeline, drawn beneath it on the same time axis (seconds since
 * the trial's first operation) with the same fault windows: each server's CPU, the pages its
 * WiredTiger cache read in, the busy share of the disks under the data, the I/O an E-Series
 * array counted on its volumes, and each secondary's replication lag — each chart only when the
 * trial sampled it ({@code telemetry.csv}).
 *
 * <p>Stateless and thread-safe.
 */
final class TelemetryCharts {

  /** One chart: which samples, how to sum a member's samples of one moment, its axis. */
  private record Panel(String id, String title, String yTitle, Set<String> metrics,
      String caption) {
  }

  private static final List<Panel> PANELS = List.of(
      new Panel("server-cpu", "Server CPU", "cores", Set.of("cpu.user", "cpu.system", "cpu.total"),
          "CPU of each mongod/mongos (user plus system), in cores: CPU seconds per second."),
      new Panel("cache-reads", "Cache reads", "pages/s", Set.of("cache.pagesReadIn"),
          "Pages each member's WiredTiger cache read in per second: near zero while the data"
              + " fits the cache."),
      new Panel("disk-busy", "Disk", "% of time busy", Set.of("disk.utilisation"),
          "Share of time each device under the data directories had I/O in flight (iostat's"
              + " %util)."),
      new Panel("array-io", "Array volume I/O", "operations/s",
          Set.of("volume.reads", "volume.writes"),
          "Reads plus writes per second of each E-Series volume, as the array counts them (its"
              + " volume statistics)."),
      new Panel("repl-lag", "Replication lag", "seconds", Set.of("repl.lag"),
          "How far each secondary's last applied operation was behind the primary's."),
      new Panel("primary", "Primary", "1 = primary", Set.of("repl.primary"),
          "Which member said it was the writable primary: an election shows as one line"
              + " falling and another rising, a gap as a member that did not answer."));

  private TelemetryCharts() {
  }

  /** The trial's server charts, on the time axis of its timeline; none without telemetry. */
  static List<ChartImage> of(TrialRecord trial) {
    Optional<Timeline> timeline = trial.folder()
        .flatMap(f -> TimeCharts.read(f.resolve(TrialReader.timelineName(trial.phase()))));
    if (trial.folder().isEmpty() || timeline.isEmpty() || timeline.get().rows().isEmpty()) {
      return List.of();
    }
    List<TelemetryFile.Row> rows = TelemetryFile.read(trial.folder().get()
        .resolve(TelemetryFile.FILE));
    List<Timeline.Row> t = timeline.get().rows();
    long start = t.get(0).epochMs();
    long end = t.get(t.size() - 1).epochMs() + timeline.get().resolutionMs();
    List<ChartImage> charts = new ArrayList<>();
    for (Panel p : PANELS) {
      chart(trial, p, rows, w -> p.metrics().contains(w.metric()), start, end)
          .ifPresent(charts::add);
    }
    return charts;
  }

  private static Optional<ChartImage> chart(TrialRecord trial, Panel panel,
      List<TelemetryFile.Row> rows, Predicate<TelemetryFile.Row> wanted, long start, long end) {
    // member → moment → the sum of its wanted samples at that moment (user + system CPU)
    Map<String, TreeMap<Long, Double>> series = new TreeMap<>();
    for (TelemetryFile.Row w : rows) {
      if (wanted.test(w) && w.epochMs() >= start && w.epochMs() <= end) {
        series.computeIfAbsent(w.member(), m -> new TreeMap<>()).merge(w.epochMs(), w.value(),
            Double::sum);
      }
    }
    if (series.isEmpty()) {
      return Optional.empty();
    }
    String title = panel.title() + " of " + trial.id();
    XYChart chart = Charts.xy(title, "seconds since the first operation", panel.yTitle());
    chart.getStyler().setXAxisDecimalPattern("0.##");
    chart.getStyler().setXAxisMin(0.0);
    chart.getStyler().setXAxisMax((end - start) / 1000.0);
    double top = series.values().stream().flatMap(m -> m.values().stream())
        .mapToDouble(Double::doubleValue).max().orElse(1);
    TimeCharts.shade(chart, trial, start, 1000, Math.max(top, 1e-9) * 1.05);
    series.forEach((member, points) -> {
      // a round a second: two and a half seconds without a sample is a member that was silent
      double[][] xy = Charts.withGaps(points, start, 2_500);
      XYSeries s = chart.addSeries(member, xy[0], xy[1]);
      s.setMarker(SeriesMarkers.NONE);
    });
    return Optional.of(Charts.png(panel.id() + "-" + Html.id(trial.id()), title,
        panel.caption() + " Sampled once a second (telemetry.csv); a gap is a member that did not"
            + " answer; light band: fault window.",
        chart));
  }
}
