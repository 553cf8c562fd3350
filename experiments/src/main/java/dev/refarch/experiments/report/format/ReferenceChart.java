package dev.refarch.experiments.report.format;

import dev.refarch.experiments.report.Formats;
import dev.refarch.experiments.report.ReferenceCheck;
import dev.refarch.experiments.stats.Effect;
import dev.refarch.experiments.stats.Interval;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.knowm.xchart.CategoryChart;

/**
 * The measured change of every reference against its baseline, with the 95 % confidence interval
 * of those judged (markers at its two ends: the interval is a ratio's, so it need not be
 * symmetric), and the paper's own change beside it where the paper states both figures.
 *
 * <p>Stateless and thread-safe.
 */
final class ReferenceChart {

  private ReferenceChart() {
  }

  /** The chart, or empty when no reference has a measured change. */
  static Optional<ChartImage> of(List<ReferenceCheck> checks) {
    List<String> labels = new ArrayList<>();
    List<Double> paper = new ArrayList<>();
    List<Double> measured = new ArrayList<>();
    List<Double> low = new ArrayList<>();
    List<Double> high = new ArrayList<>();
    for (ReferenceCheck c : checks) {
      Optional<Effect> e = c.verdict().effect();
      if (c.isBaseline() || c.measuredChangePct().isEmpty()
          || !Double.isFinite(c.measuredChangePct().getAsDouble())) {
        continue;
      }
      labels.add(label(c));
      paper.add(c.paperChangePct().isPresent() ? c.paperChangePct().getAsDouble() : null);
      measured.add(c.measuredChangePct().getAsDouble());
      low.add(e.flatMap(Effect::ci95).map(Interval::low).orElse(null));
      high.add(e.flatMap(Effect::ci95).map(Interval::high).orElse(null));
    }
    if (labels.isEmpty()) {
      return Optional.empty();
    }
    String title = "Change against the baseline: measured, with its 95 % interval, and the paper's";
    CategoryChart chart = Charts.categories(title, axisTitle(checks),
        "% change against the baseline");
    chart.getStyler().setOverlapped(true);
    Charts.fitLabels(chart.getStyler(), labels);
    chart.addSeries("measured", labels, measured);
    if (paper.stream().anyMatch(java.util.Objects::nonNull)) {
      Charts.markers(chart.addSeries("paper", labels, paper));
    }
    if (low.stream().anyMatch(java.util.Objects::nonNull)) {
      Charts.intervalEnds(chart.addSeries("95 % interval, low end", labels, low));
      Charts.intervalEnds(chart.addSeries("95 % interval, high end", labels, high));
    }
    return Optional.of(Charts.png("references", title, "Each reference's relative change"
        + " against the baseline named in the table below, as measured here (bars; for a judged"
        + " reference, the repetitions' geometric means, or a single trial's figure, with the"
        + " ends of its 95 % confidence interval as dashes), and as the paper reports it"
        + " (diamonds) where it states both figures. Hardware differs: what transfers is the"
        + " direction, and the size only where a reference says so.", chart));
  }

  /** {@code b / 2: throughput OVERALL}. */
  static String label(ReferenceCheck c) {
    return Formats.values(c.reference().parameters()) + ": " + c.reference().metric().label()
        + " " + c.reference().operation();
  }

  /** {@code workload / threadcount: metric operation}. */
  private static String axisTitle(List<ReferenceCheck> checks) {
    return String.join(" / ", checks.get(0).reference().parameters().keySet())
        + ": metric operation";
  }
}
