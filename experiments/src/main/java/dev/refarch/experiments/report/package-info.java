/**
 * The model of a report, from a results folder alone: {@code results/<experiment>/} (its
 * {@code plan.json} and each trial's {@code trial.json}, {@code run.hlog} and
 * {@code timeline.csv}) read back, and the figures and verdicts derived from it. Writing them out
 * as pages, JSON, CSV and charts is {@code dev.refarch.experiments.report.format}'s.
 *
 * <p>Start with {@link dev.refarch.experiments.report.ExperimentResults}. The data flow inside:
 * {@link dev.refarch.experiments.report.StoredPlanJson} and {@code TrialReader} read the folder
 * into {@code ExperimentResults} (trials grouped into {@link
 * dev.refarch.experiments.report.Point}s, medians over repetitions); {@link
 * dev.refarch.experiments.report.ReferenceCheck} (with {@code Verdicts}, the rules of a {@link
 * dev.refarch.experiments.report.Verdict}) and {@link dev.refarch.experiments.report.SloMark}
 * derive the comparisons with the paper and the SLO; {@link
 * dev.refarch.experiments.report.Comparison} puts two results folders side by side with deltas.
 * {@link dev.refarch.experiments.report.VerdictSummary} lists the verdicts of several
 * experiments, as the end of {@code refarch run} prints them.
 *
 * <p>The model never depends on the formats: {@code report.format} reads what is here, never the
 * other way round ({@code PackageStructureTest} keeps it so).
 */
package dev.refarch.experiments.report;
