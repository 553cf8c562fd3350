/**
 * Turns what a trial's clients wrote into one results folder: figures over the clients' common
 * measured window — HDR histograms merged by union (never an average of averages), throughput as
 * that window's operations over its length — timelines added bucket by bucket, the merged HDR log
 * ({@code MergedLog}), steady-state detection, and {@code trial.json}.
 *
 * <p>Start with {@link dev.refarch.experiments.results.PhaseMerge}; {@link
 * dev.refarch.experiments.results.ResultsFolder} writes a trial's folder atomically.
 */
package dev.refarch.experiments.results;
