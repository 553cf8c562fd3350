package dev.refarch.experiments.cli;

import dev.refarch.experiments.report.Comparison;
import dev.refarch.experiments.report.ComparisonRow;
import dev.refarch.experiments.report.FailIf;
import dev.refarch.experiments.report.format.ComparisonReport;
import dev.refarch.experiments.results.ResultsFolder;
import dev.refarch.experiments.spec.Problems;
import dev.refarch.platform.spi.config.ConfigurationException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code refarch compare <dirA> <dirB>}: a statistical A/B of two results — every figure's change
 * from A to B with its 95 % interval and what it says — written as a comparison page, and, with
 * {@code --fail-if}, a gate: exit 1 only when a threshold's whole interval lies beyond it.
 */
@Command(name = "compare", mixinStandardHelpOptions = true,
    versionProvider = Refarch.Version.class,
    description = "Compare two experiments' results: each figure's change from A to B with its"
        + " 95 %% confidence interval, and whether B is faster, slower, higher, lower or not"
        + " detectably different.")
final class CompareCommand implements Callable<Integer> {

  @Parameters(index = "0", paramLabel = "<dirA>", description = "the baseline's results folder")
  Path a;

  @Parameters(index = "1", paramLabel = "<dirB>", description = "the results to judge against it")
  Path b;

  @Option(names = "--out", description = "output folder (default: <dirB>/compare)")
  Path out;

  @Option(names = "--where-a", paramLabel = "key=value", description = "compare only A's points"
      + " with this parameter value (repeatable); points are matched on their other parameters")
  List<String> whereA = new ArrayList<>();

  @Option(names = "--where-b", paramLabel = "key=value", description = "likewise for B")
  List<String> whereB = new ArrayList<>();

  @Option(names = "--fail-if", paramLabel = "<expression>", description = "exit 1 when the change"
      + " lies wholly beyond this threshold, e.g. \"throughput < -5%%\" or \"p99(UPDATE) > +10%%\""
      + " (repeatable)")
  List<String> failIf = new ArrayList<>();

  @Override
  public Integer call() {
    Problems problems = new Problems();
    Map<String, String> selectA = problems.check(() -> where("--where-a", whereA))
        .orElse(Map.of());
    Map<String, String> selectB = problems.check(() -> where("--where-b", whereB))
        .orElse(Map.of());
    List<FailIf> thresholds = new ArrayList<>();
    failIf.forEach(f -> problems.check(() -> FailIf.parse(f)).ifPresent(thresholds::add));
    problems.run(() -> Reports.requireExperimentFolder("<dirA>", a));
    problems.run(() -> Reports.requireExperimentFolder("<dirB>", b));
    Path target = out != null ? out : b.resolve("compare");
    problems.run(() -> ResultsFolder.checkRoot("--out", target));
    problems.throwIfAny();
    Comparison.Result result = Comparison.compare(a, selectA, b, selectB);
    List<FailIf.Judgement> judgements = new ArrayList<>();
    for (FailIf f : thresholds) {
      judgements.add(f.judge(result.rows()));
    }
    Path page = ComparisonReport.write(result, target).html();
    System.out.print(summary(result));
    boolean failed = false;
    for (int i = 0; i < thresholds.size(); i++) {
      FailIf.Judgement j = judgements.get(i);
      failed |= j.failed();
      System.out.println("--fail-if \"" + thresholds.get(i).text() + "\": "
          + (j.failed() ? "FAILED" : "passed"));
      j.lines().forEach(l -> System.out.println("  " + l));
    }
    System.out.println("comparison: " + page.toAbsolutePath());
    return failed ? Refarch.TRIAL_FAILED : Refarch.OK;
  }

  /** How many figures differ each way, then every figure that differs detectably. */
  static String summary(Comparison.Result r) {
    Map<ComparisonRow.Difference, Integer> counts = new EnumMap<>(ComparisonRow.Difference.class);
    r.rows().forEach(row -> counts.merge(row.difference(), 1, Integer::sum));
    StringBuilder out = new StringBuilder("A: " + r.a().label() + "\nB: " + r.b().label()
        + "\nfigures: " + r.rows().size());
    counts.forEach((d, n) -> out.append(", ").append(n).append(' ').append(d.label()));
    out.append('\n');
    for (ComparisonRow row : r.rows()) {
      ComparisonRow.Difference d = row.difference();
      if (d != ComparisonRow.Difference.NONE && d != ComparisonRow.Difference.UNKNOWN) {
        out.append("  ").append(row.metric().label()).append(' ').append(row.operation())
            .append(row.parameters().isEmpty() ? "" : " at " + String.join(" ", row.parameters()
                .entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).toList()))
            .append(": ").append(row.describe()).append('\n');
      }
    }
    return out.toString();
  }

  private static Map<String, String> where(String option, List<String> pairs) {
    Map<String, String> out = new LinkedHashMap<>();
    for (String pair : pairs) {
      int eq = pair.indexOf('=');
      if (eq <= 0 || eq == pair.length() - 1) {
        throw new ConfigurationException(option, pair, "key=value, a parameter of the points");
      }
      out.put(pair.substring(0, eq).trim(), pair.substring(eq + 1).trim());
    }
    return out;
  }
}
