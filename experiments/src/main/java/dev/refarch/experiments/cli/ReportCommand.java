package dev.refarch.experiments.cli;

import dev.refarch.experiments.report.ExperimentResults;
import dev.refarch.experiments.report.VerdictSummary;
import dev.refarch.experiments.report.format.ResultsIndex;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code refarch report <dir>}: rebuilds an experiment's report from its results folder — or, for
 * a folder of experiments, every experiment's report and the index — and prints the verdict on
 * each of the paper's figures, as the end of {@code refarch run} does. A folder of trials
 * without a plan ({@code SloTrial}'s {@code target/slo-results/slo}) is an experiment too.
 */
@Command(name = "report", mixinStandardHelpOptions = true,
    versionProvider = Refarch.Version.class,
    description = "Write report.html/json/csv for an experiment's results folder (or for every"
        + " experiment in a results folder, with index.html).")
final class ReportCommand implements Callable<Integer> {

  @Parameters(paramLabel = "<dir>", description = "results/<experiment>, a folder of trial folders"
      + " (target/slo-results/slo), or results/ for every experiment in it")
  Path dir;

  @Override
  public Integer call() {
    List<Path> experiments = ExperimentResults.isExperiment(dir) ? List.of(dir)
        : ResultsIndex.experiments(dir);
    if (experiments.isEmpty()) {
      Reports.requireExperimentFolder("<dir>", dir); // says why there is none, before writing
    }
    List<VerdictSummary.Row> verdicts = new ArrayList<>();
    Path page = null;
    for (Path experiment : experiments) {
      page = Reports.write(experiment);
      verdicts.addAll(VerdictSummary.rows(experiment, Optional.empty()));
    }
    if (!experiments.contains(dir)) {
      page = Reports.index(dir);
    }
    System.out.print(VerdictSummary.render(verdicts));
    System.out.println("report: " + page.toAbsolutePath());
    return Refarch.OK;
  }
}
