package dev.refarch.experiments.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Function;
import dev.refarch.experiments.spec.Transfer;

/**
 * One of the paper's figures beside the measured one, both as relative change against the
 * study's baseline — hardware differs between the paper and a re-run, the shape of the change is
 * what transfers — and the {@link Verdict} on it. Immutable.
 *
 * <p>The baseline of a figure at parameters P is, in order: the reference's own {@code against}
 * point (in this experiment or a sibling one); P with the x-axis parameter set to the baseline's
 * value (so {@code workload=b threadcount=192} compares with {@code workload=b threadcount=128})
 * when the paper has a figure there or it was measured; else the plan's baseline itself.
 *
 * @param reference the paper's figure
 * @param baselineParameters the parameters both changes are relative to; empty when none
 * @param baselineExperiment the sibling experiment holding the baseline, when not this one
 * @param paperBaseline the paper's figure at those parameters
 * @param paperChangePct {@code (paper − paperBaseline) / paperBaseline × 100}
 * @param measured the measured figure at the reference's parameters: the estimate the verdict
 *     rests on (the geometric mean of the repetitions it used, or the single trial's figure), else
 *     the median of the completed repetitions
 * @param measuredBaseline likewise at the baseline parameters
 * @param measuredChangePct the verdict's effect, else the change between the two figures
 * @param samples the fewest measured operations behind the figure in any repetition; 0 when none
 * @param repetitions completed repetitions the median is over
 * @param note why a figure is missing, or that this is the baseline; empty otherwise
 * @param verdict agrees, disagrees or not comparable here, and why
 * @param serverSide what the servers' and disks' telemetry says about the two points
 *     ({@link ServerSide}): the cache outgrown, a disk or the cores saturated; empty when it says
 *     nothing or was not recorded
 */
public record ReferenceCheck(StoredPlan.Reference reference, Map<String, String> baselineParameters,
    Optional<String> baselineExperiment, OptionalDouble paperBaseline,
    OptionalDouble paperChangePct, OptionalDouble measured, OptionalDouble measuredBaseline,
    OptionalDouble measuredChangePct, long samples, int repetitions, String note,
    Verdict verdict, List<String> serverSide) {

  public ReferenceCheck {
    baselineParameters = StoredPlan.ordered(baselineParameters);
    serverSide = List.copyOf(serverSide);
  }

  /** Whether this figure is the baseline itself (both changes are 0 by definition). */
  public boolean isBaseline() {
    return baselineExperiment.isEmpty() && reference.parameters().equals(baselineParameters);
  }

  /** The check of every reference in {@code results}' plan, in plan order; no sibling experiments. */
  public static List<ReferenceCheck> all(ExperimentResults results) {
    return all(results, name -> Optional.empty());
  }

  /**
   * The check of every reference, in plan order.
   *
   * @param siblings reads another experiment of the same results folder by id, for references
   *     measured against a point of another study
   */
  public static List<ReferenceCheck> all(ExperimentResults results,
      Function<String, Optional<ExperimentResults>> siblings) {
    List<ReferenceCheck> out = new ArrayList<>();
    for (StoredPlan.Reference r : results.plan().references()) {
      out.add(check(results, r, siblings));
    }
    return out;
  }

  private static ReferenceCheck check(ExperimentResults results, StoredPlan.Reference r,
      Function<String, Optional<ExperimentResults>> siblings) {
    Optional<Point> measuredPoint = results.point(r.parameters());
    Optional<ExperimentResults> other = r.againstExperiment().flatMap(siblings);
    ExperimentResults home = other.orElse(results);
    Optional<Map<String, String>> base = r.againstExperiment().isPresent()
        ? Optional.of(other.map(o -> r.against().isEmpty() ? o.plan().baseline() : r.against())
            .orElse(r.against()))
        : baseline(results, r);
    Optional<Point> basePoint = other.isEmpty() && r.againstExperiment().isPresent()
        ? Optional.empty() : base.flatMap(home::point);
    String label = r.againstExperiment().map(e -> base.orElse(Map.of()).isEmpty() ? e
        : e + " " + Formats.parameters(base.get())).orElse(Formats.parameters(base.orElse(Map.of())));
    // the paper's figure at the baseline: in this plan, or in the sibling's (D2's against D1's)
    OptionalDouble paperBase = base.isEmpty() || r.againstExperiment().isPresent() && other.isEmpty()
        ? OptionalDouble.empty() : paper(home, base.get(), r);
    OptionalDouble paperChange = r.value().isPresent() && paperBase.isPresent()
        ? change(r.value().getAsDouble(), paperBase.getAsDouble()) : OptionalDouble.empty();
    Verdict verdict = r.againstExperiment().isPresent() && other.isEmpty()
        && r.transfer() instanceof Transfer.Shape
        ? Verdict.notComparable(r.againstExperiment().get() + " has no results beside this"
            + " experiment: run it too")
        : Verdicts.judge(r, measuredPoint, basePoint, label, paperChange,
            r.againstExperiment().isPresent() ? List.of() : results.points());
    OptionalDouble measured = verdict.effect().map(e -> OptionalDouble.of(e.measured().value()))
        .orElse(median(measuredPoint, r));
    OptionalDouble measuredBase = verdict.effect().map(e -> OptionalDouble.of(e.base().value()))
        .orElse(median(basePoint, r));
    List<String> notes = new ArrayList<>();
    if (r.againstExperiment().isEmpty() && base.isPresent() && r.parameters().equals(base.get())) {
      notes.add("baseline");
    }
    if (measured.isEmpty()) {
      notes.add("not measured at " + Formats.parameters(r.parameters()));
    } else if (base.isPresent() && measuredBase.isEmpty()) {
      notes.add("not measured at the baseline " + label);
    }
    if (base.isEmpty()) {
      notes.add(results.plan().baseline().isEmpty() ? "the plan names no baseline"
          : "the paper has no " + r.metric().label() + " of " + r.operation() + " at the baseline");
    }
    OptionalDouble measuredChange = verdict.effect().map(e -> OptionalDouble.of(e.pct()))
        .orElse(measured.isPresent() && measuredBase.isPresent()
            ? change(measured.getAsDouble(), measuredBase.getAsDouble()) : OptionalDouble.empty());
    return new ReferenceCheck(r, base.orElse(Map.of()), r.againstExperiment(), paperBase,
        paperChange, measured, measuredBase, measuredChange, samples(measuredPoint, r),
        measuredPoint.map(p -> p.completed().size()).orElse(0), String.join("; ", notes),
        verdict, ServerSide.of(measuredPoint, basePoint, Formats.parameters(r.parameters()),
            label));
  }

  /**
   * The reference's {@code against} point, else the first candidate (same series at the baseline's
   * x value, then the plan's baseline) where the paper has a figure, else where one was measured.
   */
  private static Optional<Map<String, String>> baseline(ExperimentResults results,
      StoredPlan.Reference r) {
    if (!r.against().isEmpty()) {
      return Optional.of(r.against());
    }
    Map<String, String> planBaseline = results.plan().baseline();
    if (planBaseline.isEmpty()) {
      return Optional.empty();
    }
    List<Map<String, String>> candidates = new ArrayList<>();
    results.xParameter().filter(x -> r.parameters().containsKey(x) && planBaseline.containsKey(x))
        .ifPresent(x -> {
          Map<String, String> sameSeries = new LinkedHashMap<>(r.parameters());
          sameSeries.put(x, planBaseline.get(x));
          // a figure already at the baseline's x value has no baseline in its own series
          if (!sameSeries.equals(r.parameters())) {
            candidates.add(sameSeries);
          }
        });
    candidates.add(planBaseline);
    return candidates.stream().filter(c -> paper(results, c, r).isPresent()).findFirst()
        .or(() -> candidates.stream().filter(c -> results.point(c).isPresent()).findFirst());
  }

  /** The paper's figure of the same metric and operation at exactly {@code parameters}. */
  private static OptionalDouble paper(ExperimentResults results, Map<String, String> parameters,
      StoredPlan.Reference like) {
    return results.plan().references().stream()
        .filter(o -> o.metric() == like.metric() && o.operation().equals(like.operation())
            && o.parameters().equals(parameters) && o.value().isPresent())
        .mapToDouble(o -> o.value().getAsDouble()).findFirst();
  }

  private static OptionalDouble median(Optional<Point> p, StoredPlan.Reference r) {
    return p.map(x -> x.median(r.operation(), r.metric())).orElse(OptionalDouble.empty());
  }

  private static long samples(Optional<Point> p, StoredPlan.Reference r) {
    return p.map(x -> x.completed().stream().mapToLong(t -> t.facts().samples(r.operation()))
        .min().orElse(0)).orElse(0L);
  }

  private static OptionalDouble change(double value, double base) {
    return base == 0 ? OptionalDouble.empty() : OptionalDouble.of((value - base) / base * 100);
  }
}
