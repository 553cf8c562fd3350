package dev.refarch.experiments.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The highest throughput that met the plan's latency SLO within one series of an SLO search
 * (e.g. per workload): among the points whose median latency statistic stays within the bound,
 * the one with the highest median overall throughput. Immutable.
 *
 * @param series the parameters the series shares (all but the x-axis one)
 * @param best the point marked, if any point met the SLO
 * @param throughput its median overall throughput, ops/s
 * @param latencyMs its median latency statistic, ms
 */
public record SloMark(Map<String, String> series, Optional<Point> best, double throughput,
    double latencyMs) {

  public SloMark {
    series = StoredPlan.ordered(series);
  }

  /** One mark per series of {@code results}; empty when the plan has no SLO. */
  public static List<SloMark> of(ExperimentResults results) {
    if (results.plan().slo().isEmpty()) {
      return List.of();
    }
    StoredPlan.Slo slo = results.plan().slo().get();
    List<SloMark> marks = new ArrayList<>();
    results.series().forEach((series, points) -> {
      SloMark mark = new SloMark(series, Optional.empty(), 0, 0);
      for (Point p : points) {
        OptionalDouble latency = p.median(slo.operation(), slo.metric());
        OptionalDouble throughput = p.median(Quantity.OVERALL, Quantity.THROUGHPUT);
        if (meets(slo, latency) && throughput.isPresent()
            && (mark.best().isEmpty() || throughput.getAsDouble() > mark.throughput())) {
          mark = new SloMark(series, Optional.of(p), throughput.getAsDouble(),
              latency.getAsDouble());
        }
      }
      marks.add(mark);
    });
    return marks;
  }

  /** Whether a point's median latency is within the bound. */
  public static boolean meets(StoredPlan.Slo slo, OptionalDouble latencyMs) {
    return latencyMs.isPresent() && latencyMs.getAsDouble() <= slo.boundMs();
  }
}
