package dev.refarch.experiments.report.format;

import dev.refarch.experiments.report.ExperimentResults;
import dev.refarch.experiments.report.Formats;
import dev.refarch.experiments.report.Point;
import dev.refarch.experiments.report.Quantity;
import dev.refarch.experiments.report.SloMark;
import dev.refarch.experiments.report.Stat;
import java.util.ArrayList;
import java.util.List;
import java.util.LongSummaryStatistics;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategorySeries;

/**
 * The papers' figure types: throughput and latency against the swept parameter, one series per
 * value of the other parameters (e.g. per workload), each point the median of its completed
 * repetitions. A numeric parameter (threads, records, target) is drawn as lines over its values,
 * evenly spaced as in the papers (32, 64, 128 threads), a point without a completed trial leaving
 * a gap; a categorical one (workload, durability profile) as grouped bars, since nothing lies
 * between its values. Legends and captions say how many operations, repetitions and seconds each
 * figure rests on.
 *
 * <p>Stateless and thread-safe.
 */
final class SweepCharts {

  private SweepCharts() {
  }

  /** Whether the x parameter's values are categories (bars) rather than numbers (lines). */
  static boolean categorical(ExperimentResults results) {
    return !results.xValues().stream().allMatch(ExperimentResults::isNumber);
  }

  /** Overall throughput against the x parameter, with the SLO's best points marked. */
  static Optional<ChartImage> throughput(ExperimentResults results, List<SloMark> marks) {
    if (results.xParameter().isEmpty()) {
      return Optional.empty();
    }
    String x = results.xParameter().get();
    boolean bars = categorical(results);
    CategoryChart chart = Charts.category(title("Throughput", x), x, "ops/s (all operations)",
        bars);
    List<String> xs = results.xValues();
    chart.getStyler().setOverlapped(!bars || onePerValue(results, Quantity.OVERALL));
    int n = 0;
    for (Map.Entry<Map<String, String>, List<Point>> s : results.series().entrySet()) {
      Optional<CategorySeries> line = line(chart, seriesName(s.getKey(), ""), xs, x, s.getValue(),
          Quantity.OVERALL, Quantity.THROUGHPUT);
      if (line.isPresent()) {
        Charts.colour(chart, line.get(), n++, false);
      }
    }
    List<SloMark> best = marks.stream().filter(m -> m.best().isPresent()).toList();
    if (!best.isEmpty() && !bars) {
      List<Double> marked = new ArrayList<>();
      for (String value : xs) {
        marked.add(best.stream().filter(m -> value.equals(m.best().get().parameters().get(x)))
            .map(SloMark::throughput).max(Double::compare).orElse(null));
      }
      Charts.markers(chart.addSeries("highest within SLO", xs, marked));
    }
    Charts.fitLabels(chart.getStyler(), xs);
    if (bars) {
      Charts.barLabels(chart);
    }
    // one unnamed series needs no legend
    chart.getStyler().setLegendVisible(!(results.series().keySet().equals(Set.of(Map.of()))
        && (best.isEmpty() || bars)));
    return n > 0 ? Optional.of(Charts.png("throughput", title("Throughput", x),
        "Mean overall throughput of the completed repetitions per point, with its 95 %"
            + " confidence interval (Student's t) as an error bar where a point has two or"
            + " more; one "
            + (bars ? "bar" : "line") + " per combination of the other parameters. "
            + basis(results.points()) + (best.isEmpty() || bars ? ""
            : " Diamonds mark the highest throughput meeting the SLO."), chart))
        : Optional.empty();
  }

  /**
   * p50 and p99 of {@code operation} against the x parameter: solid and dashed lines, or a
   * full and a light bar, in each series' colour. Legends carry the operations behind them.
   */
  static Optional<ChartImage> latency(ExperimentResults results, String operation) {
    if (results.xParameter().isEmpty()) {
      return Optional.empty();
    }
    String x = results.xParameter().get();
    boolean bars = categorical(results);
    String title = title(operation + " latency", x);
    CategoryChart chart = Charts.category(title, x, "ms (service time)", bars);
    List<String> xs = results.xValues();
    int n = 0;
    // one series per value (a zipped sweep): the p50 bar drawn inside its p99 bar, no gaps
    boolean inside = bars && onePerValue(results, operation);
    chart.getStyler().setOverlapped(!bars || inside);
    for (Map.Entry<Map<String, String>, List<Point>> s : results.series().entrySet()) {
      String samples = samples(s.getValue(), operation);
      Optional<CategorySeries> p99 = inside ? line(chart, seriesName(s.getKey(), "p99" + samples),
          xs, x, s.getValue(), operation, Quantity.P99) : Optional.empty();
      Optional<CategorySeries> p50 = line(chart, seriesName(s.getKey(), "p50" + samples), xs, x,
          s.getValue(), operation, Quantity.P50);
      if (!inside) {
        p99 = line(chart, seriesName(s.getKey(), "p99" + samples), xs, x, s.getValue(), operation,
            Quantity.P99);
      }
      int colour = n;
      p50.ifPresent(c -> Charts.colour(chart, c, colour, false));
      p99.ifPresent(c -> Charts.colour(chart, c, colour, true));
      n += p50.isPresent() || p99.isPresent() ? 1 : 0;
    }
    Charts.fitLabels(chart.getStyler(), xs);
    if (bars) {
      Charts.barLabels(chart);
    }
    return n > 0 ? Optional.of(Charts.png("latency-" + Html.id(operation), title,
        "Mean over the completed repetitions, with its 95 % confidence interval where a point"
            + " has two or more, of p50 (" + (inside ? "dark bar, inside" : bars ? "dark bar"
            : "solid")
            + ") and p99 (" + (bars ? "light bar" : "dashed") + ") service time of " + operation
            + " from the merged HDR histograms;"
            + " n in the legend: the measured " + operation + " operations behind each point's"
            + " percentiles (the fewest of any repetition), lowest to highest over the series. "
            + basis(results.points()), chart))
        : Optional.empty();
  }

  /**
   * Whether no value of the x parameter has more than one series measuring {@code operation}
   * there: then bars of different series can share a slot instead of leaving empty ones.
   */
  static boolean onePerValue(ExperimentResults results, String operation) {
    String x = results.xParameter().orElseThrow();
    for (String value : results.xValues()) {
      long measured = results.series().values().stream().filter(points -> points.stream()
          .anyMatch(p -> value.equals(p.parameters().get(x))
              && p.stat(operation, Quantity.THROUGHPUT).isPresent())).count();
      if (measured > 1) {
        return false;
      }
    }
    return true;
  }

  /** {@code Throughput against threadcount}. */
  private static String title(String what, String x) {
    return what + " against " + x;
  }

  /** {@code (n 1204–5120)}: the operations behind a series' percentiles. */
  static String samples(List<Point> points, String operation) {
    LongSummaryStatistics n = points.stream().filter(p -> !p.completed().isEmpty())
        .mapToLong(p -> p.samples(operation)).summaryStatistics();
    if (n.getCount() == 0) {
      return "";
    }
    return n.getMin() == n.getMax() ? " (n " + n.getMin() + ")"
        : " (n " + n.getMin() + "–" + n.getMax() + ")";
  }

  /** How many repetitions and measured seconds the points rest on. */
  static String basis(List<Point> points) {
    LongSummaryStatistics reps = points.stream().filter(p -> !p.completed().isEmpty())
        .mapToLong(p -> p.completed().size()).summaryStatistics();
    java.util.DoubleSummaryStatistics secs = points.stream().flatMap(p -> p.completed().stream())
        .mapToDouble(t -> t.facts().measuredSeconds()).filter(s -> s > 0).summaryStatistics();
    if (reps.getCount() == 0) {
      return "";
    }
    String r = reps.getMin() == reps.getMax() ? String.valueOf(reps.getMin())
        : reps.getMin() + "–" + reps.getMax();
    String s = secs.getCount() == 0 ? "" : ", each measured for " + (Math.round(secs.getMin())
        == Math.round(secs.getMax()) ? Math.round(secs.getMin()) : Math.round(secs.getMin()) + "–"
        + Math.round(secs.getMax())) + " s";
    return "Each point: " + r + " completed repetition" + (reps.getMax() == 1 ? "" : "s") + s
        + ".";
  }

  /**
   * One series over all x values, {@code null} where the point has no completed trial: the mean
   * of the point's completed repetitions, with its 95 % confidence interval (Student's t) where it
   * has two or more — as error bars, or, for a series with gaps on a chart that overlaps its
   * series (lines, or one series per value), as dashes at the interval's ends: XChart draws an
   * error bar for a gap in a line at the axis.
   */
  private static Optional<CategorySeries> line(CategoryChart chart, String name, List<String> xs,
      String x, List<Point> points, String operation, Quantity metric) {
    List<Double> ys = new ArrayList<>();
    List<Double> errors = new ArrayList<>();
    boolean any = false;
    boolean gaps = false;
    boolean interval = false;
    for (String value : xs) {
      Optional<Stat> st = points.stream().filter(q -> value.equals(q.parameters().get(x)))
          .findFirst().flatMap(q -> q.stat(operation, metric));
      ys.add(st.map(Stat::mean).orElse(null));
      double e = st.map(Stat::ci95).filter(Double::isFinite).orElse(0.0);
      errors.add(e);
      any |= st.isPresent();
      gaps |= st.isEmpty();
      interval |= e > 0;
    }
    if (!any) {
      return Optional.empty();
    }
    if (interval && (!gaps || !chart.getStyler().isOverlapped())) {
      // XChart's error bars need a number at every x: a gap between bars side by side is NaN,
      // which leaves the slot empty
      return Optional.of(chart.addSeries(name, xs, ys.stream()
          .map(y -> y == null ? Double.NaN : y).toList(), errors));
    }
    CategorySeries series = chart.addSeries(name, xs, ys);
    if (interval && chart.getStyler().isOverlapped()) {
      List<Double> low = new ArrayList<>();
      List<Double> high = new ArrayList<>();
      for (int i = 0; i < ys.size(); i++) {
        boolean has = ys.get(i) != null && errors.get(i) > 0;
        low.add(has ? ys.get(i) - errors.get(i) : null);
        high.add(has ? ys.get(i) + errors.get(i) : null);
      }
      Charts.intervalEnds(chart.addSeries(name + " 95 % low", xs, low));
      Charts.intervalEnds(chart.addSeries(name + " 95 % high", xs, high));
    }
    return Optional.of(series);
  }

  private static String seriesName(Map<String, String> series, String suffix) {
    String base = series.isEmpty() ? "" : Formats.parameters(series);
    String name = (base + " " + suffix).trim();
    return name.isEmpty() ? "measured" : name;
  }
}
