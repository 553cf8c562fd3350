package dev.refarch.experiments.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategorySeries;

/**
 * The papers' figure types: throughput and latency against the swept parameter, one series per
 * value of the other parameters (e.g. per workload), each point the median of its completed
 * repetitions. The swept values are categories, evenly spaced as in the papers (32, 64, 128
 * threads; off/on); a point without a completed trial leaves a gap in its line.
 *
 * <p>Stateless and thread-safe.
 */
final class SweepCharts {

  private SweepCharts() {
  }

  /** Overall throughput against the x parameter, with the SLO's best points marked. */
  static Optional<ChartImage> throughput(ExperimentResults results, List<SloMark> marks) {
    if (results.xParameter().isEmpty()) {
      return Optional.empty();
    }
    String x = results.xParameter().get();
    CategoryChart chart = Charts.lines("Throughput against " + x, x, "ops/s (all operations)");
    List<String> xs = results.xValues();
    boolean any = false;
    for (Map.Entry<Map<String, String>, List<Point>> s : results.series().entrySet()) {
      any |= line(chart, seriesName(s.getKey(), ""), xs, x, s.getValue(), Metric.OVERALL,
          Metric.THROUGHPUT).isPresent();
    }
    List<SloMark> best = marks.stream().filter(m -> m.best().isPresent()).toList();
    if (!best.isEmpty()) {
      List<Double> marked = new ArrayList<>();
      for (String value : xs) {
        marked.add(best.stream().filter(m -> value.equals(m.best().get().parameters().get(x)))
            .map(SloMark::throughput).max(Double::compare).orElse(null));
      }
      Charts.markers(chart.addSeries("highest within SLO", xs, marked));
    }
    return any ? Optional.of(Charts.png("throughput", "Throughput against " + x,
        "Median overall throughput of the completed repetitions per point; one line per "
            + "combination of the other parameters." + (best.isEmpty() ? ""
            : " Diamonds mark the highest throughput meeting the SLO."), chart))
        : Optional.empty();
  }

  /** p50 (solid) and p99 (dashed) of {@code operation} against the x parameter. */
  static Optional<ChartImage> latency(ExperimentResults results, String operation) {
    if (results.xParameter().isEmpty()) {
      return Optional.empty();
    }
    String x = results.xParameter().get();
    String title = operation + " latency against " + x;
    CategoryChart chart = Charts.lines(title, x, "ms (service time)");
    List<String> xs = results.xValues();
    boolean any = false;
    for (Map.Entry<Map<String, String>, List<Point>> s : results.series().entrySet()) {
      any |= line(chart, seriesName(s.getKey(), "p50"), xs, x, s.getValue(), operation, Metric.P50)
          .isPresent();
      line(chart, seriesName(s.getKey(), "p99"), xs, x, s.getValue(), operation, Metric.P99)
          .ifPresent(Charts::dashed);
    }
    return any ? Optional.of(Charts.png("latency-" + Html.id(operation), title,
        "Median p50 (solid) and p99 (dashed) service time of " + operation
            + " from the merged HDR histograms.", chart))
        : Optional.empty();
  }

  /** One line over all x values, {@code null} where the point has no completed trial. */
  private static Optional<CategorySeries> line(CategoryChart chart, String name, List<String> xs,
      String x, List<Point> points, String operation, Metric metric) {
    List<Double> ys = new ArrayList<>();
    boolean any = false;
    for (String value : xs) {
      Optional<Point> p = points.stream().filter(q -> value.equals(q.parameters().get(x)))
          .findFirst();
      OptionalDouble v = p.map(q -> q.median(operation, metric)).orElse(OptionalDouble.empty());
      ys.add(v.isPresent() ? v.getAsDouble() : null);
      any |= v.isPresent();
    }
    return any ? Optional.of(chart.addSeries(name, xs, ys)) : Optional.empty();
  }

  private static String seriesName(Map<String, String> series, String suffix) {
    String base = series.isEmpty() ? "" : Labels.parameters(series);
    String name = (base + " " + suffix).trim();
    return name.isEmpty() ? "measured" : name;
  }
}
