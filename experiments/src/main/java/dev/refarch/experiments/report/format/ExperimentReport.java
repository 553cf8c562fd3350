package dev.refarch.experiments.report.format;

import dev.refarch.experiments.report.ExperimentResults;
import dev.refarch.experiments.report.ReferenceCheck;
import dev.refarch.experiments.report.ReportException;
import dev.refarch.experiments.report.SloMark;
import java.nio.file.Path;
import java.util.List;

/**
 * Writes an experiment's report from its results folder alone: {@code report.html} (a
 * self-contained page with charts embedded as PNG), {@code report.json} and {@code report.csv},
 * into the experiment's folder. Reads {@code plan.json} and, per planned trial, {@code trial.json},
 * {@code run.hlog} and {@code timeline.csv}; a trial that is missing or failed shows as such.
 *
 * <p>Stateless and thread-safe; two reports of the same folder at once write the same bytes of
 * JSON and CSV, and each file is replaced atomically. Charts need no display (AWT runs headless).
 *
 * <pre>{@code
 * ReportFiles files = ExperimentReport.write(Path.of("results/A1-client-threads"));
 * System.out.println("open " + files.html().toUri());
 * }</pre>
 */
public final class ExperimentReport {

  public static final String HTML = "report.html";
  public static final String JSON = "report.json";
  public static final String CSV = "report.csv";

  private ExperimentReport() {
  }

  /**
   * Writes the three files into {@code experimentDir} and returns their paths.
   *
   * @param experimentDir {@code results/<experiment>/}, holding {@code plan.json}
   * @throws ReportException when there is no readable {@code plan.json} or a file cannot be
   *     written
   * @throws dev.refarch.platform.spi.config.ConfigurationException when {@code plan.json} has a
   *     field with a value not allowed
   */
  public static ReportFiles write(Path experimentDir) {
    ExperimentResults results = ExperimentResults.load(experimentDir);
    List<ReferenceCheck> checks = ReferenceCheck.all(results,
        ExperimentResults.siblings(experimentDir));
    List<SloMark> marks = SloMark.of(results);
    ReportFiles files = new ReportFiles(experimentDir.resolve(HTML), experimentDir.resolve(JSON),
        experimentDir.resolve(CSV));
    ReportFiles.write(files.json(), ReportJson.render(results, checks, marks));
    ReportFiles.write(files.csv(), ReportCsv.render(results, checks));
    ReportFiles.write(files.html(), ReportHtml.render(results, checks, marks));
    return files;
  }
}
