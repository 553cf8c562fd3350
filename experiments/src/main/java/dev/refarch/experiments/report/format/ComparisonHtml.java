package dev.refarch.experiments.report.format;

import dev.refarch.experiments.report.Comparison;
import dev.refarch.experiments.report.ComparisonRow;
import dev.refarch.experiments.report.Formats;
import dev.refarch.experiments.report.Quantity;
import dev.refarch.experiments.report.StoredPlan;
import dev.refarch.experiments.report.TrialRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import org.knowm.xchart.CategoryChart;

/**
 * Writes {@code comparison.html}: both sides' headers, a chart of overall throughput per set of
 * parameters (A beside B), a chart of the relative change of throughput and p99 per operation,
 * and a table of the main figures with their deltas. {@code comparison.csv} has every metric.
 *
 * <p>Stateless and thread-safe.
 */
final class ComparisonHtml {

  /** The metrics the page's table shows; the CSV and JSON have all. */
  static final Set<Quantity> SHOWN = Set.of(Quantity.THROUGHPUT, Quantity.P50, Quantity.P99,
      Quantity.P999, Quantity.INTERRUPTION, Quantity.LOST_WRITES);

  private ComparisonHtml() {
  }

  static String render(Comparison.Side a, Comparison.Side b, List<ComparisonRow> rows) {
    String title = "Comparison: " + a.label() + " and " + b.label();
    Html h = new Html().raw(Page.open(title));
    h.element("h1", "", title);
    h.raw("<dl class=\"meta\">\n");
    h.element("dt", "", "A").element("dd", "", describe(a));
    h.element("dt", "", "B").element("dd", "", describe(b));
    h.element("dt", "", "change").element("dd", "", "from A to B in percent, with its 95 %"
        + " confidence interval: across each point's repetitions (Welch's t on the logs), or"
        + " within a single trial (a moving-block bootstrap over its seconds, which does not see"
        + " how another trial would differ); B is faster, slower, higher or lower when the whole"
        + " interval lies on one side of 0. A side's figure is the geometric mean of a point's"
        + " completed repetitions");
    h.raw("</dl>\n").section("charts", "Charts");
    throughputChart(a, b, rows).ifPresent(h::figure);
    changeChart(rows).ifPresent(h::figure);
    h.endSection().section("figures", "Figures");
    List<String> parameters = ComparisonFormats.parameterColumns(a, b);
    List<String> headers = new ArrayList<>(parameters);
    headers.addAll(List.of("operation", "metric", "A", "B", "delta", "change [95 % CI]",
        "what it says", "repetitions A/B"));
    h.table("comparison", headers.toArray(String[]::new));
    for (ComparisonRow r : rows) {
      if (!SHOWN.contains(r.metric())) {
        continue;
      }
      List<String> cells = new ArrayList<>();
      parameters.forEach(name -> cells.add(r.parameters().getOrDefault(name, "")));
      cells.addAll(List.of(r.operation(), r.metric().label() + " " + r.metric().unit(),
          figure(r.a(), r.metric()), figure(r.b(), r.metric()), figure(r.delta(), r.metric()),
          r.effect().map(Object::toString).orElse(r.deltaPct().isPresent()
              ? Formats.percent(r.deltaPct().getAsDouble()) : "n/a"), r.describe(),
          r.aCompleted() + "/" + r.bCompleted()));
      h.row(r.a().isEmpty() || r.b().isEmpty() ? "empty" : "", cells.toArray(String[]::new));
    }
    h.endTable();
    only(h, "Only in A", Comparison.onlyIn(a, b));
    only(h, "Only in B", Comparison.onlyIn(b, a));
    h.endSection();
    return h.raw(Page.close("Generated from the results folders " + a.label() + "/ and "
        + b.label() + "/ only; comparison.json and comparison.csv beside this page hold every"
        + " metric.")).toString();
  }

  private static String describe(Comparison.Side s) {
    StoredPlan plan = s.results().plan();
    long completed = s.results().trials().stream()
        .filter(t -> t.status() == TrialRecord.Status.COMPLETED).count();
    return s.label() + " — " + (plan.title().isEmpty() ? plan.experiment() : plan.title())
        + "; " + completed + " of " + s.results().trials().size() + " trials completed";
  }

  private static void only(Html h, String heading, List<Map<String, String>> parameters) {
    if (!parameters.isEmpty()) {
      h.element("h3", "", heading);
      h.raw("<ul>\n");
      parameters.forEach(p -> h.element("li", "", Formats.parameters(p)));
      h.raw("</ul>\n");
    }
  }

  private static String figure(OptionalDouble v, Quantity metric) {
    return v.isPresent() ? Formats.figure(v.getAsDouble(), metric) : "n/a";
  }

  private static Optional<ChartImage> throughputChart(Comparison.Side a, Comparison.Side b,
      List<ComparisonRow> rows) {
    List<ComparisonRow> both = rows.stream().filter(r -> r.operation().equals(Quantity.OVERALL)
        && r.metric() == Quantity.THROUGHPUT && r.delta().isPresent()).toList();
    if (both.isEmpty()) {
      return Optional.empty();
    }
    List<String> labels = both.stream().map(r -> Formats.values(r.parameters())).toList();
    CategoryChart chart = bars("Overall throughput", "ops/s", labels, both.get(0).parameters());
    chart.addSeries("A: " + a.label(), labels, both.stream().map(r -> r.a().getAsDouble()).toList());
    chart.addSeries("B: " + b.label(), labels, both.stream().map(r -> r.b().getAsDouble()).toList());
    return Optional.of(Charts.png("throughput", "Overall throughput, A beside B", "Median overall"
        + " throughput per set of parameters both sides measured.", chart));
  }

  private static Optional<ChartImage> changeChart(List<ComparisonRow> rows) {
    List<ComparisonRow> changes = rows.stream().filter(r -> r.deltaPct().isPresent()
        && (r.metric() == Quantity.THROUGHPUT && r.operation().equals(Quantity.OVERALL)
            || r.metric() == Quantity.P99 && !r.operation().equals(Quantity.OVERALL))).toList();
    if (changes.isEmpty()) {
      return Optional.empty();
    }
    List<String> names = changes.stream().map(r -> r.operation() + " " + r.metric().label())
        .distinct().toList();
    // only parameters where every series has its change, so no bar stands for a missing figure
    List<Map<String, String>> complete = changes.stream().map(ComparisonRow::parameters).distinct()
        .filter(p -> changes.stream().filter(r -> r.parameters().equals(p)).count() == names.size())
        .toList();
    if (complete.isEmpty()) {
      return Optional.empty();
    }
    List<String> labels = complete.stream().map(Formats::values).toList();
    CategoryChart chart = bars("Change from A to B", "% change", labels, complete.get(0));
    for (String name : names) {
      List<Double> values = new ArrayList<>();
      for (Map<String, String> p : complete) {
        values.add(changes.stream().filter(r -> r.parameters().equals(p)
            && (r.operation() + " " + r.metric().label()).equals(name))
            .mapToDouble(r -> r.deltaPct().getAsDouble()).findFirst().orElseThrow());
      }
      chart.addSeries(name, labels, values);
    }
    return Optional.of(Charts.png("change", "Change from A to B", "Relative change of overall"
        + " throughput and of each operation's p99 per set of parameters both sides measured"
        + " fully.", chart));
  }

  private static CategoryChart bars(String title, String yTitle, List<String> labels,
      Map<String, String> example) {
    CategoryChart chart = Charts.categories(title, String.join(" / ", example.keySet()), yTitle);
    Charts.fitLabels(chart.getStyler(), labels);
    return chart;
  }
}
