package dev.refarch.experiments.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code refarch compare <dirA> <dirB>}: two results side by side with deltas. */
@Command(name = "compare", description = "Compare two experiments' results side by side.")
final class CompareCommand implements Callable<Integer> {

  @Parameters(index = "0", paramLabel = "<dirA>")
  Path a;

  @Parameters(index = "1", paramLabel = "<dirB>")
  Path b;

  @Option(names = "--out", description = "output folder (default: <dirB>/compare)")
  Path out;

  @Override
  public Integer call() {
    Path target = out != null ? out : b.resolve("compare");
    System.out.println("comparison: " + Reports.compare(a, b, target).toAbsolutePath());
    return Refarch.OK;
  }
}
