package dev.refarch.experiments.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code refarch report <dir>}: rebuilds an experiment's report from its results folder and prints
 * the verdict on each of the paper's figures, as the end of {@code refarch run} does.
 */
@Command(name = "report", description = "Write report.html/json/csv for an experiment's results folder.")
final class ReportCommand implements Callable<Integer> {

  @Parameters(paramLabel = "<dir>", description = "results/<experiment>")
  Path dir;

  @Override
  public Integer call() {
    Path html = Reports.write(dir);
    System.out.print(dev.refarch.experiments.report.VerdictSummary.render(
        dev.refarch.experiments.report.VerdictSummary.rows(dir, java.util.Optional.empty())));
    System.out.println("report: " + html.toAbsolutePath());
    return Refarch.OK;
  }
}
