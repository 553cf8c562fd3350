package dev.refarch.experiments.cli;

import dev.refarch.experiments.results.ResultsFolder;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code refarch compare <dirA> <dirB>}: two results side by side with deltas. */
@Command(name = "compare", mixinStandardHelpOptions = true,
    versionProvider = Refarch.Version.class, description = "Compare two experiments' results side by side.")
final class CompareCommand implements Callable<Integer> {

  @Parameters(index = "0", paramLabel = "<dirA>")
  Path a;

  @Parameters(index = "1", paramLabel = "<dirB>")
  Path b;

  @Option(names = "--out", description = "output folder (default: <dirB>/compare)")
  Path out;

  @Override
  public Integer call() {
    Reports.requireExperimentFolder("<dirA>", a);
    Reports.requireExperimentFolder("<dirB>", b);
    Path target = out != null ? out : b.resolve("compare");
    ResultsFolder.checkRoot("--out", target);
    System.out.println("comparison: " + Reports.compare(a, b, target).toAbsolutePath());
    return Refarch.OK;
  }
}
