/**
 * Plans before runs: {@link dev.refarch.experiments.plan.Plan} expands a spec's sweep and
 * repetitions into an ordered list of trials with stable ids before anything starts, and says
 * why a study — or one of its trials — cannot run here; {@link
 * dev.refarch.experiments.plan.TrialShape} is what one point runs (topology, sharding, clients ×
 * threads per client, target, variant, faults); {@link dev.refarch.experiments.plan.PlanJson}
 * writes the plan as {@code plan.json}, which reports read, and {@code PlanText} prints it for
 * {@code --dry-run}.
 */
package dev.refarch.experiments.plan;
