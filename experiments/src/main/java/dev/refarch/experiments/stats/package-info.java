/**
 * Uncertainty of the figures this project compares: a point's figure on the log scale with its
 * standard error ({@link dev.refarch.experiments.stats.LogEstimate}) — from the spread of its
 * repetitions, or, for a point measured once, from a moving-block bootstrap over the trial's own
 * one-second intervals ({@link dev.refarch.experiments.stats.BlockBootstrap},
 * {@link dev.refarch.experiments.stats.TrialSeries}) — and the relative change between two points
 * with its 95 % confidence interval ({@link dev.refarch.experiments.stats.Effect}). Verdicts,
 * {@code refarch compare}, the baseline assertions of {@code mvn verify} and the runner's
 * automatic repetitions all read their intervals from here. Quantiles of Student's t and of the
 * normal distribution come from Apache Commons Statistics.
 *
 * <p>Start with {@link dev.refarch.experiments.stats.Effect}.
 */
package dev.refarch.experiments.stats;
