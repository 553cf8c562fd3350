package dev.refarch.experiments.report.format;

import dev.refarch.experiments.report.FaultWindow;
import dev.refarch.experiments.report.Formats;
import dev.refarch.experiments.report.Point;
import dev.refarch.experiments.report.TrialFault;
import dev.refarch.experiments.report.TrialIntervals;
import dev.refarch.experiments.report.TrialReader;
import dev.refarch.experiments.report.TrialRecord;
import dev.refarch.ycsb.measure.Timeline;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.MathContext;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Charts of one trial: its timeline (operations per second per operation type, from
 * {@code timeline.csv}) with fault windows shaded, and its percentile spectrum (latency against
 * percentile on a log-like axis, from {@code run.hlog}).
 *
 * <p>Stateless and thread-safe.
 */
final class TimeCharts {

  /** The spectrum's x-axis counts nines, log10(1/(1−q)): 1 is p90, 2 is p99, 3 is p99.9. */
  private static final double MAX_NINES = 6;

  private TimeCharts() {
  }

  /** The trial's timeline, or empty when it has none. */
  static Optional<ChartImage> timeline(TrialRecord trial, String why) {
    Optional<Timeline> read = trial.folder()
        .flatMap(f -> read(f.resolve(TrialReader.timelineName(trial.phase()))));
    if (read.isEmpty() || read.get().rows().isEmpty()) {
      return Optional.empty();
    }
    Timeline timeline = read.get();
    long start = timeline.rows().get(0).epochMs();
    double perSecond = 1000.0 / timeline.resolutionMs();
    Map<String, List<double[]>> ok = new TreeMap<>();
    Map<String, List<double[]>> failed = new TreeMap<>();
    double top = 0;
    for (Timeline.Row r : timeline.rows()) {
      double t = (r.epochMs() - start) / 1000.0;
      ok.computeIfAbsent(r.operation(), o -> new ArrayList<>()).add(new double[] {t, r.successes() * perSecond});
      failed.computeIfAbsent(r.operation(), o -> new ArrayList<>()).add(new double[] {t, r.failures() * perSecond});
      top = Math.max(top, Math.max(r.successes(), r.failures()) * perSecond);
    }
    String title = "Timeline of " + trial.id();
    XYChart chart = Charts.xy(title, "seconds since the first operation", "ops/s");
    chart.getStyler().setXAxisDecimalPattern("0.##");
    shade(chart, trial, start, timeline.resolutionMs(), top * 1.05);
    ok.forEach((op, rows) -> series(chart, op, rows).setMarker(SeriesMarkers.NONE));
    failed.forEach((op, rows) -> {
      if (rows.stream().anyMatch(r -> r[1] > 0)) {
        org.knowm.xchart.XYSeries s = series(chart, op + " failed", rows);
        s.setMarker(SeriesMarkers.NONE);
        Charts.dashed(s);
      }
    });
    long buckets = timeline.rows().stream().mapToLong(Timeline.Row::epochMs).distinct().count();
    return Optional.of(Charts.png("timeline-" + Html.id(trial.id()), title, why
        + " Successful operations per second per operation type, in " + buckets + " buckets of "
        + timeline.resolutionMs() + " ms; dashed: failed operations. Light band: fault window,"
        + " from the breaking action to the recovery action (or the end of the interruption);"
        + " dark band: the longest client-observed interruption after the fault.", chart));
  }

  /**
   * The trial's p99 service time per interval slot and operation type, on the time axis of its
   * timeline (seconds since its first operation), or empty without a run log.
   */
  static Optional<ChartImage> p99(TrialRecord trial) {
    Optional<Timeline> read = trial.folder()
        .flatMap(f -> read(f.resolve(TrialReader.timelineName(trial.phase()))));
    Optional<TrialIntervals> intervals = trial.folder().flatMap(TrialIntervals::of);
    if (read.isEmpty() || read.get().rows().isEmpty() || intervals.isEmpty()
        || !trial.phase().equals("run")) {
      return Optional.empty();
    }
    long start = read.get().rows().get(0).epochMs();
    long end = read.get().rows().get(read.get().rows().size() - 1).epochMs()
        + read.get().resolutionMs();
    Map<String, TreeMap<Long, Double>> p99 = intervals.get().percentile(99);
    if (p99.isEmpty()) {
      return Optional.empty();
    }
    String title = "p99 service time of " + trial.id();
    XYChart chart = Charts.xy(title, "seconds since the first operation", "ms");
    chart.getStyler().setXAxisDecimalPattern("0.##");
    chart.getStyler().setXAxisMin(0.0);
    chart.getStyler().setXAxisMax((end - start) / 1000.0);
    double top = p99.values().stream().flatMap(m -> m.values().stream())
        .mapToDouble(Double::doubleValue).max().orElse(1);
    shade(chart, trial, start, read.get().resolutionMs(), top * 1.05);
    long slot = intervals.get().slotMs();
    p99.forEach((op, points) -> {
      // an interval in which the operation completed nothing is a gap, not a line across it
      double[][] xy = Charts.withGaps(points, start, slot * 3 / 2);
      chart.addSeries(op, xy[0], xy[1]).setMarker(SeriesMarkers.NONE);
    });
    return Optional.of(Charts.png("p99-" + Html.id(trial.id()), title, "The 99th percentile of"
        + " service time per operation type in each interval of the merged run log, from the end"
        + " of the warm-up (its intervals are left out); light band: fault window.", chart));
  }

  /** Fault windows light, the client-observed interruption at their start darker. */
  static void shade(XYChart chart, TrialRecord trial, long start, int resolutionMs,
      double top) {
    int n = 1;
    for (FaultWindow w : trial.faultWindows()) {
      double to = Math.max(w.toEpochMs(), w.fromEpochMs() + resolutionMs);
      Charts.band(chart, "fault " + n++ + ": " + w.label(), (w.fromEpochMs() - start) / 1000.0,
          (to - start) / 1000.0, top, Charts.WINDOW);
    }
    n = 1;
    for (TrialFault f : trial.faults()) {
      long gap = f.longestInterruptionMs().orElse(0L);
      if (f.injected() && !FaultWindow.isRecovery(f.action()) && gap > 0) {
        Charts.band(chart, "interruption " + n + ": " + gap + " ms", (f.epochMs() - start) / 1000.0,
            (f.epochMs() + gap - start) / 1000.0, top, Charts.INTERRUPTION);
      }
      n += f.injected() && !FaultWindow.isRecovery(f.action()) ? 1 : 0;
    }
  }

  private static org.knowm.xchart.XYSeries series(XYChart chart, String name, List<double[]> rows) {
    return chart.addSeries(name, rows.stream().mapToDouble(r -> r[0]).toArray(),
        rows.stream().mapToDouble(r -> r[1]).toArray());
  }

  /** The trial's percentile spectrum per operation type, or empty without histograms. */
  static Optional<ChartImage> spectrum(TrialRecord trial, String why) {
    Optional<Path> hlog = trial.folder().map(f -> f.resolve(TrialReader.hlogName(trial.phase())))
        .filter(Files::isRegularFile);
    if (hlog.isEmpty()) {
      return Optional.empty();
    }
    Map<String, Histogram> histograms;
    try {
      histograms = TrialReader.serviceHistograms(hlog.get());
    } catch (RuntimeException e) {
      return Optional.empty();
    }
    String title = "Percentile spectrum of " + trial.id();
    XYChart chart = Charts.xy(title, "percentile", "ms (service time)");
    chart.getStyler().setxAxisTickLabelsFormattingFunction(TimeCharts::percentileLabel);
    chart.getStyler().setXAxisMin(0.0);
    chart.getStyler().setXAxisTickMarkSpacingHint(200);
    boolean any = false;
    for (String op : Point.ordered(new TreeSet<>(histograms.keySet()))) {
      Histogram h = histograms.get(op);
      if (h.getTotalCount() == 0) {
        continue;
      }
      List<double[]> points = new ArrayList<>();
      // beyond log10(n) nines fewer than one operation lies above the percentile: nothing to draw
      double last = Math.min(MAX_NINES, Math.log10(h.getTotalCount()));
      for (HistogramIterationValue v : h.percentiles(5)) {
        double q = v.getPercentileLevelIteratedTo() / 100.0;
        if (q >= 1 || -Math.log10(1 - q) > last) {
          break;
        }
        points.add(new double[] {Math.max(0, -Math.log10(1 - q)), v.getValueIteratedTo() / 1e6});
      }
      if (!points.isEmpty()) {
        series(chart, op + " (n " + h.getTotalCount() + ")", points).setMarker(SeriesMarkers.NONE);
        any = true;
      }
    }
    return any ? Optional.of(Charts.png("spectrum-" + Html.id(trial.id()), title, why
        + " Service time at each percentile from the merged HDR histograms, on an axis where"
        + " every further nine (90 %, 99 %, 99.9 %) takes the same width; n in the legend: the"
        + " measured operations behind each curve; a percentile q rests on the n × (1 − q)"
        + " slowest of them, so a curve ends where fewer than one would remain. The maximum is in"
        + " report.json.", chart))
        : Optional.empty();
  }

  /**
   * The percentile at {@code nines} on the spectrum's axis: 1 → {@code 90%}, 2 → {@code 99%},
   * 1.5 → {@code 96.8%}. Formats are distinct for distinct ticks, which XChart's tick layout
   * needs to terminate: the remainder to 100 % keeps three significant digits.
   */
  static String percentileLabel(double nines) {
    if (nines <= 0) {
      // never drawn (the axis starts at 0), but must stay distinct for the tick layout
      return nines == 0 ? "0%" : Formats.fixed(nines, 3);
    }
    BigDecimal rest = new BigDecimal(100 * Math.pow(10, -nines)).round(new MathContext(3));
    return BigDecimal.valueOf(100).subtract(rest).stripTrailingZeros().toPlainString() + "%";
  }

  /** A timeline.csv, its bucket width taken from the smallest step between bucket starts. */
  static Optional<Timeline> read(Path csv) {
    if (!Files.isRegularFile(csv)) {
      return Optional.empty();
    }
    try {
      TreeSet<Long> starts = new TreeSet<>();
      for (String line : Files.readAllLines(csv, StandardCharsets.UTF_8)) {
        int comma = line.indexOf(',');
        if (comma > 0 && Character.isDigit(line.charAt(0))) {
          starts.add(Long.parseLong(line.substring(0, comma)));
        }
      }
      long step = Long.MAX_VALUE;
      Long previous = null;
      for (long s : starts) {
        if (previous != null) {
          step = Math.min(step, s - previous);
        }
        previous = s;
      }
      return Optional.of(Timeline.readCsv(csv, step == Long.MAX_VALUE ? 1000 : (int) step));
    } catch (IOException | RuntimeException e) {
      return Optional.empty();
    }
  }
}
