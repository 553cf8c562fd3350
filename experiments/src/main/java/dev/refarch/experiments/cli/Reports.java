package dev.refarch.experiments.cli;

import dev.refarch.experiments.plan.PlanJson;
import dev.refarch.experiments.report.ExperimentResults;
import dev.refarch.experiments.report.format.ExperimentReport;
import dev.refarch.experiments.report.format.ResultsIndex;
import dev.refarch.platform.spi.config.ConfigurationException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Where the CLI turns results folders into reports. */
final class Reports {

  private Reports() {
  }

  /**
   * Checks that {@code dir} holds something to report on: an experiment's results folder (its
   * {@code plan.json}, or trial folders without one, as {@code SloTrial} writes them) or a
   * results folder of experiments.
   *
   * @throws ConfigurationException naming the argument, the folder and why it holds none
   */
  static void requireExperimentFolder(String argument, Path dir) {
    String why = !Files.exists(dir) ? "it does not exist"
        : !Files.isDirectory(dir) ? "it is not a folder"
        : !ExperimentResults.isExperiment(dir) && ResultsIndex.experiments(dir).isEmpty()
            ? "it holds no " + PlanJson.FILE + ", no trial folders and no experiment folders"
        : null;
    if (why != null) {
      throw new ConfigurationException(argument, dir.toString(), "an experiment's results"
          + " folder (results/<experiment>, or trial folders such as target/slo-results/slo)"
          + " or results/", why);
    }
  }

  /** Writes an experiment's report and returns the HTML page. */
  static Path write(Path experimentDir) {
    return ExperimentReport.write(experimentDir).html();
  }

  /** Writes {@code index.html} in {@code root} over every experiment there; returns it. */
  static Path index(Path root) {
    return ResultsIndex.write(root);
  }
}
