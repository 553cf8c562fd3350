package dev.refarch.experiments.report;

import dev.refarch.experiments.stats.LogEstimate;
import dev.refarch.experiments.stats.TrialSeries;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * A point's figure with its error, from the trials a verdict or a comparison may use: across
 * their repetitions when there are two or more (Student's t on the logs of their figures), from
 * a moving-block bootstrap over the single trial's one-second intervals in its judged window when
 * there is one (throughput and latency statistics), and without an error otherwise (a maximum, an
 * interruption, a count from one trial).
 *
 * <p>Stateless and thread-safe.
 */
final class PointEstimates {

  private PointEstimates() {
  }

  /** The estimate of {@code metric} for {@code operation} over {@code trials}; empty without any. */
  static Optional<LogEstimate> of(List<TrialRecord> trials, String operation, Quantity metric) {
    List<TrialRecord> measured = trials.stream()
        .filter(t -> t.value(operation, metric).isPresent()).toList();
    if (measured.isEmpty()) {
      return Optional.empty();
    }
    double[] values = measured.stream().mapToDouble(t -> t.value(operation, metric)
        .getAsDouble()).toArray();
    if (values.length > 1) {
      return Optional.of(LogEstimate.ofRepetitions(values));
    }
    TrialRecord only = measured.get(0);
    Optional<TrialSeries.Figure> figure = figure(metric);
    TrialFacts.Window w = only.facts().window();
    if (figure.isEmpty() || only.folder().isEmpty() || w.toEpochMs() <= w.fromEpochMs()
        || !(values[0] > 0)) {
      return Optional.of(LogEstimate.single(values[0]));
    }
    long seed = (only.id() + "/" + operation + "/" + metric.label()).hashCode();
    return Optional.of(TrialIntervals.of(only.folder().get())
        .map(i -> i.series(operation, w.fromEpochMs(), w.toEpochMs()))
        .filter(s -> s.size() >= 4 && s.operations() > 0)
        .map(s -> s.estimate(figure.get(), values[0], seed))
        .orElse(LogEstimate.single(values[0])));
  }

  /** What the bootstrap computes for {@code metric}; none for a maximum or a per-fault figure. */
  static Optional<TrialSeries.Figure> figure(Quantity metric) {
    return switch (metric) {
      case THROUGHPUT -> Optional.of(new TrialSeries.Figure.Throughput());
      case MEAN -> Optional.of(new TrialSeries.Figure.Mean());
      case P50 -> Optional.of(new TrialSeries.Figure.Percentile(50));
      case P90 -> Optional.of(new TrialSeries.Figure.Percentile(90));
      case P95 -> Optional.of(new TrialSeries.Figure.Percentile(95));
      case P99 -> Optional.of(new TrialSeries.Figure.Percentile(99));
      case P999 -> Optional.of(new TrialSeries.Figure.Percentile(99.9));
      case P9999 -> Optional.of(new TrialSeries.Figure.Percentile(99.99));
      default -> Optional.empty();
    };
  }

  /** The value of a point's figure as the estimate gives it, if any. */
  static OptionalDouble value(Optional<LogEstimate> e) {
    return e.map(x -> OptionalDouble.of(x.value())).orElse(OptionalDouble.empty());
  }
}
