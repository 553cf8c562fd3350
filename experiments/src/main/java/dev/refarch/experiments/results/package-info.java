/**
 * Turns what a trial's clients wrote into one results folder: HDR logs merged by histogram union
 * (never an average of averages), timelines added bucket by bucket, per-operation summaries from
 * the merged histograms, steady-state detection, and {@code trial.json}.
 *
 * <p>Start with {@link dev.refarch.experiments.results.PhaseMerge}; {@link
 * dev.refarch.experiments.results.ResultsFolder} writes a trial's folder atomically.
 */
package dev.refarch.experiments.results;
