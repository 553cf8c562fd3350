package dev.refarch.experiments.cli;

import dev.refarch.experiments.report.VerdictSummary;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code refarch report <dir>}: rebuilds an experiment's report from its results folder and prints
 * the verdict on each of the paper's figures, as the end of {@code refarch run} does.
 */
@Command(name = "report", mixinStandardHelpOptions = true,
    versionProvider = Refarch.Version.class,
    description = "Write report.html/json/csv for an experiment's results folder.")
final class ReportCommand implements Callable<Integer> {

  @Parameters(paramLabel = "<dir>", description = "results/<experiment>")
  Path dir;

  @Override
  public Integer call() {
    Reports.requireExperimentFolder("<dir>", dir);
    Path html = Reports.write(dir);
    System.out.print(VerdictSummary.render(VerdictSummary.rows(dir, Optional.empty())));
    System.out.println("report: " + html.toAbsolutePath());
    return Refarch.OK;
  }
}
