/**
 * The report's output formats, written from the model in {@code dev.refarch.experiments.report}:
 * {@link dev.refarch.experiments.report.format.ExperimentReport} turns an experiment's results
 * folder into a self-contained {@code report.html} with embedded charts, plus
 * {@code report.json} and {@code report.csv}; {@link
 * dev.refarch.experiments.report.format.ComparisonReport} writes a comparison of two results
 * folders as {@code comparison.html}, {@code .json} and {@code .csv}; {@link
 * dev.refarch.experiments.report.format.ResultsIndex} writes {@code results/index.html} over
 * every experiment of a results folder. Each file is replaced atomically ({@link
 * dev.refarch.experiments.report.format.ReportFiles}).
 *
 * <p>Start with {@code ExperimentReport}. Inside: {@code ReportJson} (with {@code ReportTrialJson}
 * and {@code ReportSloJson}) and {@code ReportCsv} write the figures; {@code ReportHtml} lays out
 * the page ({@code Page}, {@code Html}) with its sections ({@code PointsTable},
 * {@code SloSection}, {@code TrialSections}) and its charts, drawn with XChart ({@code Charts},
 * {@code SweepCharts}, {@code TimeCharts}, {@code TelemetryCharts}, {@code ReferenceChart}) and
 * embedded as PNG ({@code ChartImage}); {@code ComparisonFormats} and {@code ComparisonHtml} do
 * the same for a comparison.
 *
 * <p>The formats depend on the model, never the other way round: the model reads and judges, and
 * knows nothing of the pages, output files or charts ({@code PackageStructureTest} keeps it so).
 */
package dev.refarch.experiments.report.format;
