package dev.refarch.experiments.report;

import dev.refarch.ycsb.measure.Operation;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * One set of parameters and its repetitions: the unit a chart draws and a table row shows, as the
 * median of its completed trials with their range. Immutable.
 *
 * @param parameters the parameters its trials share
 * @param trials its repetitions, completed or not, in plan order
 */
public record Point(Map<String, String> parameters, List<TrialRecord> trials) {

  public Point {
    parameters = StoredPlan.ordered(parameters);
    trials = List.copyOf(trials);
  }

  /** The trials that ran to the end. */
  public List<TrialRecord> completed() {
    return trials.stream().filter(t -> t.status() == TrialRecord.Status.COMPLETED).toList();
  }

  /** How many repetitions have the given status. */
  public long count(TrialRecord.Status status) {
    return trials.stream().filter(t -> t.status() == status).count();
  }

  /** Median and range of {@code metric} for {@code operation} over the completed trials. */
  public Optional<Stat> stat(String operation, Quantity metric) {
    List<Double> values = new ArrayList<>();
    for (TrialRecord t : completed()) {
      OptionalDouble v = t.value(operation, metric);
      if (v.isPresent()) {
        values.add(v.getAsDouble());
      }
    }
    return Stat.of(values);
  }

  /** The median, when any completed trial measured it. */
  public OptionalDouble median(String operation, Quantity metric) {
    return stat(operation, metric).map(s -> OptionalDouble.of(s.median())).orElse(OptionalDouble.empty());
  }

  /** Completed repetitions whose run was steady. */
  public long steadyCount() {
    return completed().stream().filter(t -> t.facts().steady().orElse(false)).count();
  }

  /**
   * The fewest measured operations of {@code operation} in any completed repetition: what each
   * latency figure of this point rests on at least.
   */
  public long samples(String operation) {
    return completed().stream().mapToLong(t -> t.facts().samples(operation)).min().orElse(0);
  }

  /** Operation types measured by any completed trial: {@code OVERALL} first, then YCSB's order. */
  public List<String> operations() {
    Set<String> ops = new LinkedHashSet<>();
    completed().forEach(t -> ops.addAll(t.values().keySet()));
    return ordered(ops);
  }

  /** {@code ops} with {@code OVERALL} first, then in YCSB's order, then by name. */
  public static List<String> ordered(Set<String> ops) {
    List<String> out = new ArrayList<>(ops);
    out.sort(Comparator.comparingInt(Point::rank).thenComparing(Comparator.naturalOrder()));
    return out;
  }

  private static int rank(String op) {
    if (op.equals(Quantity.OVERALL)) {
      return -1;
    }
    Operation known = Operation.ofLabel(op);
    return known == null ? Integer.MAX_VALUE : known.ordinal();
  }

  /** Whether every parameter of {@code subset} has the same value here. */
  public boolean matches(Map<String, String> subset) {
    return subset.entrySet().stream()
        .allMatch(e -> e.getValue().equals(parameters.get(e.getKey())));
  }
}
