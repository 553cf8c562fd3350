package dev.refarch.experiments.report;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import dev.refarch.experiments.spec.Transfer;

/**
 * An experiment's {@code plan.json} as the report reads it: what was swept, the study's baseline,
 * every planned trial with its parameters, the paper's reference figures and an optional latency
 * SLO. Immutable; parameter maps keep the file's order.
 *
 * <pre>{@code
 * StoredPlan plan = StoredPlanJson.read(Path.of("results/A1-client-threads/plan.json"));
 * plan.trials().forEach(t -> System.out.println(t.id() + " " + t.parameters()));
 * }</pre>
 *
 * @param experiment the experiment's name, also its folder's name
 * @param title a heading for people, e.g. {@code A1: client threads}
 * @param study the study's id, e.g. {@code A1}
 * @param source the paper the study comes from
 * @param scale {@code paper} or {@code laptop}
 * @param sweep how the parameters were varied
 * @param baseline the study's baseline parameters; may be empty
 * @param trials every planned trial, in plan order
 * @param references the paper's figures to compare with
 * @param slo the latency bound of an SLO search, if this experiment is one
 * @param run how long runs last (absent in plans of version 1)
 */
public record StoredPlan(String experiment, String title, String study, String source, String scale,
    Sweep sweep, Map<String, String> baseline, List<PlannedTrial> trials,
    List<Reference> references, Optional<Slo> slo, Optional<Run> run) {

  /** The layout the runner writes; {@link #FORMATS} lists every layout this reader understands. */
  public static final String FORMAT = "ycsb-mongo-refarch/plan/2";
  public static final java.util.List<String> FORMATS = java.util.List.of(FORMAT,
      "ycsb-mongo-refarch/plan/1");
  public static final String FILE = "plan.json";

  public StoredPlan {
    Objects.requireNonNull(experiment, "experiment");
    Objects.requireNonNull(sweep, "sweep");
    baseline = ordered(baseline);
    trials = List.copyOf(trials);
    references = List.copyOf(references);
    Objects.requireNonNull(slo, "slo");
    Objects.requireNonNull(run, "run");
  }

  /** A plan without a recorded run length (version 1). */
  public StoredPlan(String experiment, String title, String study, String source, String scale,
      Sweep sweep, Map<String, String> baseline, List<PlannedTrial> trials,
      List<Reference> references, Optional<Slo> slo) {
    this(experiment, title, study, source, scale, sweep, baseline, trials, references, slo,
        Optional.empty());
  }

  /**
   * How long runs last.
   *
   * @param warmup the warm-up, e.g. {@code 5s}
   * @param untilSteady {@code 10 s within ±10 %, cv ≤ 25 %, at most 60 s}, or empty for runs of a
   *     fixed length
   * @param repetitions runs per point; the most of them with {@code automatic}
   * @param automatic how many more than the fewest run, e.g. {@code 2 to 5: another round while
   *     a verdict on a point is inconclusive, within 6 min}; empty for a fixed count
   */
  public record Run(String warmup, Optional<String> untilSteady, int repetitions,
      Optional<String> automatic) {
    /** A fixed number of repetitions. */
    public Run(String warmup, Optional<String> untilSteady, int repetitions) {
      this(warmup, untilSteady, repetitions, Optional.empty());
    }
  }

  /**
   * How the trials' parameters were generated.
   *
   * @param mode e.g. {@code cartesian}
   * @param parameters the swept parameters' names, in the plan's order
   */
  public record Sweep(String mode, List<String> parameters) {
    public Sweep {
      parameters = List.copyOf(parameters);
    }
  }

  /**
   * One planned trial.
   *
   * @param id the trial's folder name
   * @param parameters the swept parameters' values
   * @param repetition 1 for the first run of these parameters, 2 for the second…
   * @param shape topology, sharding, clients × threads and faults, as the plan describes them;
   *     empty in plans of version 1
   * @param unavailable why it cannot run where it was planned, if so
   * @param conditional whether it runs only if a verdict on its point is still inconclusive
   *     after the repetitions before it ({@code repetitions: {min: …, max: …}})
   */
  public record PlannedTrial(String id, Map<String, String> parameters, int repetition,
      String shape, Optional<String> unavailable, boolean conditional) {
    public PlannedTrial {
      Objects.requireNonNull(id, "id");
      parameters = ordered(parameters);
      Objects.requireNonNull(shape, "shape");
      Objects.requireNonNull(unavailable, "unavailable");
    }

    /** A trial that always runs. */
    public PlannedTrial(String id, Map<String, String> parameters, int repetition, String shape,
        Optional<String> unavailable) {
      this(id, parameters, repetition, shape, unavailable, false);
    }

    /** A trial planned without a recorded shape. */
    public PlannedTrial(String id, Map<String, String> parameters, int repetition) {
      this(id, parameters, repetition, "", Optional.empty());
    }
  }

  /**
   * A figure the paper reports for some parameters, and what of it transfers to a re-run.
   *
   * @param parameters the parameters it was measured at (a subset of a trial's parameters)
   * @param metric what was measured
   * @param operation YCSB's operation name, or {@link Quantity#OVERALL}
   * @param value the paper's value, in {@code unit}, when the paper states one
   * @param unit as the plan states it
   * @param source where in the paper, e.g. {@code Table 5}
   * @param transfer a shape against the baseline, the platform only, or nothing declared
   * @param against the parameters the change is measured against, when not the study's baseline
   * @param againstExperiment the experiment (a sibling folder) holding that point, if another
   */
  public record Reference(Map<String, String> parameters, Quantity metric, String operation,
      OptionalDouble value, String unit, String source, Transfer transfer,
      Map<String, String> against, Optional<String> againstExperiment) {
    public Reference {
      parameters = ordered(parameters);
      Objects.requireNonNull(metric, "metric");
      Objects.requireNonNull(operation, "operation");
      Objects.requireNonNull(value, "value");
      Objects.requireNonNull(transfer, "transfer");
      against = ordered(against);
      Objects.requireNonNull(againstExperiment, "againstExperiment");
    }

    /** A figure with a value and nothing declared about what transfers. */
    public Reference(Map<String, String> parameters, Quantity metric, String operation,
        double value, String unit, String source) {
      this(parameters, metric, operation, OptionalDouble.of(value), unit, source,
          new Transfer.Undeclared(), Map.of(), Optional.empty());
    }
  }

  /**
   * A latency bound: the report marks the highest throughput whose latency stays within it.
   *
   * @param operation YCSB's operation name, or {@link Quantity#OVERALL}
   * @param metric a latency statistic, e.g. {@link Quantity#P99}
   * @param boundMs the bound in milliseconds, inclusive
   */
  public record Slo(String operation, Quantity metric, double boundMs) {
    public Slo {
      Objects.requireNonNull(operation, "operation");
      Objects.requireNonNull(metric, "metric");
    }
  }

  static Map<String, String> ordered(Map<String, String> map) {
    return Collections.unmodifiableMap(new LinkedHashMap<>(map));
  }
}
