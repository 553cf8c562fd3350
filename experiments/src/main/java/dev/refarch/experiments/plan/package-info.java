/**
 * Plans before runs: {@link dev.refarch.experiments.plan.Plan} expands a spec's sweep and
 * repetitions into an ordered list of trials with stable ids before anything starts, and says
 * why a study is skipped; {@link dev.refarch.experiments.plan.PlanJson} writes it as
 * {@code plan.json}, which reports read.
 */
package dev.refarch.experiments.plan;
