package dev.refarch.experiments.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code refarch report <dir>}: rebuilds an experiment's report from its results folder. */
@Command(name = "report", description = "Write report.html/json/csv for an experiment's results folder.")
final class ReportCommand implements Callable<Integer> {

  @Parameters(paramLabel = "<dir>", description = "results/<experiment>")
  Path dir;

  @Override
  public Integer call() {
    System.out.println("report: " + Reports.write(dir).toAbsolutePath());
    return Refarch.OK;
  }
}
