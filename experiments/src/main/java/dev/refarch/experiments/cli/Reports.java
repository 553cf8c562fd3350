package dev.refarch.experiments.cli;

import dev.refarch.experiments.report.Comparison;
import dev.refarch.experiments.report.ExperimentReport;
import dev.refarch.experiments.report.ResultsIndex;
import java.nio.file.Path;
import java.util.List;

/** Where the CLI turns results folders into reports. */
final class Reports {

  private Reports() {
  }

  /** Writes an experiment's report and returns the HTML page. */
  static Path write(Path experimentDir) {
    return ExperimentReport.write(experimentDir).html();
  }

  /** Writes a comparison of two experiments and returns the HTML page. */
  static Path compare(Path a, Path b, Path out) {
    return Comparison.write(a, b, out).html();
  }

  /**
   * Writes {@code index.html} in {@code root} over every experiment there (the given reports
   * among them); returns it.
   */
  static Path index(Path root, List<Path> reports) {
    return ResultsIndex.write(root);
  }
}
