package dev.refarch.experiments.plan;

import java.util.Map;

/**
 * One trial of a plan.
 *
 * @param id stable id, e.g. {@code t002-workload=a-threadcount=64-r1}: the same spec always plans
 *     the same ids, which is what lets a re-run skip finished trials
 * @param parameters the sweep point
 * @param repetition 1-based repetition of that point
 * @param shape what the point runs, computed once by the plan: topology, clients × threads per
 *     client, target, variant, faults and properties
 */
public record PlannedTrial(String id, Map<String, String> parameters, int repetition,
    TrialShape shape) {

  public PlannedTrial {
    parameters = Map.copyOf(new java.util.LinkedHashMap<>(parameters));
    java.util.Objects.requireNonNull(shape, "shape");
  }
}
