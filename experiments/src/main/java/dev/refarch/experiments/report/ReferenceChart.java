package dev.refarch.experiments.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.knowm.xchart.CategoryChart;

/**
 * The paper's reference figures against the measured ones as relative change against the study's
 * baseline: one pair of bars (paper %, measured %) per reference that both sides have.
 *
 * <p>Stateless and thread-safe.
 */
final class ReferenceChart {

  private ReferenceChart() {
  }

  /** The chart, or empty when no reference has both changes. */
  static Optional<ChartImage> of(List<ReferenceCheck> checks) {
    List<String> labels = new ArrayList<>();
    List<Double> paper = new ArrayList<>();
    List<Double> measured = new ArrayList<>();
    for (ReferenceCheck c : checks) {
      if (!c.isBaseline() && c.paperChangePct().isPresent() && c.measuredChangePct().isPresent()) {
        labels.add(label(c));
        paper.add(c.paperChangePct().getAsDouble());
        measured.add(c.measuredChangePct().getAsDouble());
      }
    }
    if (labels.isEmpty()) {
      return Optional.empty();
    }
    String title = "Change against the baseline: paper and measured";
    CategoryChart chart = Charts.categories(title, axisTitle(checks),
        "% change against the baseline");
    Charts.fitLabels(chart.getStyler(), labels);
    chart.addSeries("paper", labels, paper);
    chart.addSeries("measured", labels, measured);
    return Optional.of(Charts.png("references", title, "Each reference's relative change against"
        + " the baseline parameters named in the table below, as the paper reports it and as"
        + " measured here (medians of completed repetitions). Hardware differs; compare the"
        + " direction and size of the change, not absolute values.", chart));
  }

  /** {@code b / 2: throughput OVERALL}. */
  static String label(ReferenceCheck c) {
    return Labels.values(c.reference().parameters()) + ": " + c.reference().metric().label()
        + " " + c.reference().operation();
  }

  /** {@code workload / threadcount: metric operation}. */
  private static String axisTitle(List<ReferenceCheck> checks) {
    return String.join(" / ", checks.get(0).reference().parameters().keySet())
        + ": metric operation";
  }
}
