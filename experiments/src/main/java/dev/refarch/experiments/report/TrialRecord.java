package dev.refarch.experiments.report;

import java.nio.file.Path;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * What the report knows of one planned trial: its parameters from the plan and, when its folder
 * exists, its status and figures from {@code trial.json} and {@code run.hlog}. Immutable.
 *
 * @param id the trial's id and folder name
 * @param parameters the plan's parameters, plus {@code target} when {@code trial.json} has one the
 *     plan does not (SLO-search trials)
 * @param repetition 1, 2, … for repeated runs of the same parameters
 * @param status completed, failed or missing
 * @param failures why it failed, as {@code trial.json} says, or why it could not be read
 * @param values per operation type (and {@link Quantity#OVERALL}), each metric's value in the
 *     metric's unit; a metric the trial did not measure is absent
 * @param faults the faults injected, in order
 * @param phase the phase the figures come from: {@code run}, or {@code load} for load-only trials
 * @param folder the trial's folder, when it exists
 * @param facts what a verdict needs besides the figures: steadiness, samples, clients and cores
 */
public record TrialRecord(String id, Map<String, String> parameters, int repetition,
    Status status, List<String> failures, Map<String, Map<Quantity, Double>> values,
    List<TrialFault> faults, String phase, Optional<Path> folder, TrialFacts facts) {

  /** Whether a trial ran to the end. */
  public enum Status {
    COMPLETED, FAILED, MISSING;

    /** Lower-case name used in every output. */
    public String label() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }
  }

  public TrialRecord {
    Objects.requireNonNull(id, "id");
    parameters = StoredPlan.ordered(parameters);
    Objects.requireNonNull(status, "status");
    failures = List.copyOf(failures);
    Map<String, Map<Quantity, Double>> copy = new LinkedHashMap<>();
    values.forEach((op, byMetric) -> {
      Map<Quantity, Double> m = new EnumMap<>(Quantity.class);
      m.putAll(byMetric);
      copy.put(op, Collections.unmodifiableMap(m));
    });
    values = Collections.unmodifiableMap(copy);
    faults = List.copyOf(faults);
    Objects.requireNonNull(folder, "folder");
    Objects.requireNonNull(facts, "facts");
  }

  /** A planned trial whose folder does not exist (yet); skipped ones say why. */
  static TrialRecord missing(StoredPlan.PlannedTrial planned) {
    return new TrialRecord(planned.id(), planned.parameters(), planned.repetition(),
        Status.MISSING, planned.unavailable().map(w -> List.of("skipped: " + w)).orElse(List.of()),
        Map.of(), List.of(), "run", Optional.empty(), TrialFacts.unknown());
  }

  /** The value of {@code metric} for {@code operation}, if measured. */
  public OptionalDouble value(String operation, Quantity metric) {
    Double v = values.getOrDefault(operation, Map.of()).get(metric);
    return v == null ? OptionalDouble.empty() : OptionalDouble.of(v);
  }

  /** The windows its faults kept something broken. */
  public List<FaultWindow> faultWindows() {
    return FaultWindow.of(faults);
  }
}
