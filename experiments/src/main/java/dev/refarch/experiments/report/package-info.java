/**
 * Reports from a results folder alone: {@link dev.refarch.experiments.report.ExperimentReport}
 * turns {@code results/<experiment>/} (its {@code plan.json} and each trial's {@code trial.json},
 * {@code run.hlog} and {@code timeline.csv}) into a self-contained {@code report.html} with
 * embedded charts, plus {@code report.json} and {@code report.csv};
 * {@link dev.refarch.experiments.report.Comparison} puts two results folders side by side with
 * deltas.
 *
 * <p>Start with {@code ExperimentReport}. The data flow inside: {@link
 * dev.refarch.experiments.report.StoredPlanJson} and {@code TrialReader} read the folder into {@link
 * dev.refarch.experiments.report.ExperimentResults} (trials grouped into {@link
 * dev.refarch.experiments.report.Point}s, medians over repetitions); {@link
 * dev.refarch.experiments.report.ReferenceCheck} (with {@code Verdicts}, the rules of a
 * {@link dev.refarch.experiments.report.Verdict}) and {@link
 * dev.refarch.experiments.report.SloMark} derive the comparisons with the paper and the SLO;
 * {@code ReportJson}, {@code ReportCsv} and {@code ReportHtml} write the outputs, the HTML's
 * charts drawn with XChart ({@code SweepCharts}, {@code TimeCharts}, {@code ReferenceChart}).
 * {@link dev.refarch.experiments.report.VerdictSummary} lists the verdicts of several
 * experiments, as the end of {@code refarch run} prints them.
 */
package dev.refarch.experiments.report;
