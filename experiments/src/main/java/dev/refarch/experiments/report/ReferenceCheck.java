package dev.refarch.experiments.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * One of the paper's figures beside the measured one, both as relative change against the
 * study's baseline: hardware differs between the paper and a re-run, the shape of the change is
 * what transfers. Immutable.
 *
 * <p>The baseline of a figure at parameters P is P with the x-axis parameter set to the
 * baseline's value (so {@code workload=b threadcount=192} compares with {@code workload=b
 * threadcount=128}) when the paper has a figure there, else the plan's baseline itself. Paper
 * and measurement use the same baseline parameters.
 *
 * @param reference the paper's figure
 * @param baselineParameters the parameters both changes are relative to; empty when none
 * @param paperBaseline the paper's figure at those parameters
 * @param paperChangePct {@code (paper − paperBaseline) / paperBaseline × 100}
 * @param measured the median measured figure at the reference's parameters
 * @param measuredBaseline the median measured figure at the baseline parameters
 * @param measuredChangePct as for the paper
 * @param note why a figure is missing, or that this is the baseline; empty otherwise
 */
public record ReferenceCheck(Plan.Reference reference, Map<String, String> baselineParameters,
    OptionalDouble paperBaseline, OptionalDouble paperChangePct, OptionalDouble measured,
    OptionalDouble measuredBaseline, OptionalDouble measuredChangePct, String note) {

  public ReferenceCheck {
    baselineParameters = Plan.ordered(baselineParameters);
  }

  /** Whether this figure is the baseline itself (both changes are 0 by definition). */
  public boolean isBaseline() {
    return reference.parameters().equals(baselineParameters);
  }

  /** The check of every reference in {@code results}' plan, in plan order. */
  public static List<ReferenceCheck> all(ExperimentResults results) {
    List<ReferenceCheck> out = new ArrayList<>();
    for (Plan.Reference r : results.plan().references()) {
      out.add(check(results, r));
    }
    return out;
  }

  private static ReferenceCheck check(ExperimentResults results, Plan.Reference r) {
    OptionalDouble measured = median(results, r.parameters(), r);
    Optional<Map<String, String>> base = baseline(results, r);
    if (base.isEmpty()) {
      String why = results.plan().baseline().isEmpty() ? "the plan names no baseline"
          : "the paper has no " + r.metric().label() + " of " + r.operation() + " at the baseline";
      return new ReferenceCheck(r, Map.of(), OptionalDouble.empty(), OptionalDouble.empty(),
          measured, OptionalDouble.empty(), OptionalDouble.empty(), why);
    }
    double paperBase = paper(results, base.get(), r).orElseThrow();
    OptionalDouble measuredBase = median(results, base.get(), r);
    List<String> notes = new ArrayList<>();
    if (r.parameters().equals(base.get())) {
      notes.add("baseline");
    }
    if (measured.isEmpty()) {
      notes.add("not measured at " + Labels.parameters(r.parameters()));
    } else if (measuredBase.isEmpty()) {
      notes.add("not measured at the baseline " + Labels.parameters(base.get()));
    }
    return new ReferenceCheck(r, base.get(), OptionalDouble.of(paperBase),
        change(r.value(), paperBase), measured, measuredBase,
        measured.isPresent() && measuredBase.isPresent()
            ? change(measured.getAsDouble(), measuredBase.getAsDouble()) : OptionalDouble.empty(),
        String.join("; ", notes));
  }

  private static Optional<Map<String, String>> baseline(ExperimentResults results,
      Plan.Reference r) {
    Map<String, String> planBaseline = results.plan().baseline();
    if (planBaseline.isEmpty()) {
      return Optional.empty();
    }
    List<Map<String, String>> candidates = new ArrayList<>();
    results.xParameter().filter(x -> r.parameters().containsKey(x) && planBaseline.containsKey(x))
        .ifPresent(x -> {
          Map<String, String> sameSeries = new LinkedHashMap<>(r.parameters());
          sameSeries.put(x, planBaseline.get(x));
          candidates.add(sameSeries);
        });
    candidates.add(planBaseline);
    return candidates.stream().filter(c -> paper(results, c, r).isPresent()).findFirst();
  }

  /** The paper's figure of the same metric and operation at exactly {@code parameters}. */
  private static OptionalDouble paper(ExperimentResults results, Map<String, String> parameters,
      Plan.Reference like) {
    return results.plan().references().stream()
        .filter(o -> o.metric() == like.metric() && o.operation().equals(like.operation())
            && o.parameters().equals(parameters))
        .mapToDouble(Plan.Reference::value).findFirst();
  }

  private static OptionalDouble median(ExperimentResults results, Map<String, String> parameters,
      Plan.Reference r) {
    return results.point(parameters).map(p -> p.median(r.operation(), r.metric()))
        .orElse(OptionalDouble.empty());
  }

  private static OptionalDouble change(double value, double base) {
    return base == 0 ? OptionalDouble.empty() : OptionalDouble.of((value - base) / base * 100);
  }
}
