package dev.refarch.experiments.cli;

import dev.refarch.experiments.catalog.Catalog;
import dev.refarch.experiments.plan.Plan;
import dev.refarch.experiments.spec.ExperimentSpec;
import dev.refarch.platform.spi.Extensions;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/**
 * {@code refarch list}: the catalog, with scales, trial counts and what each study needs; then the
 * telemetry sources on the class path, which every trial samples.
 */
@Command(mixinStandardHelpOptions = true, versionProvider = Refarch.Version.class,
    name = "list", description = "List the catalog.")
final class ListCommand implements Callable<Integer> {

  @Override
  public Integer call() {
    for (Catalog.Entry e : Catalog.entries()) {
      ExperimentSpec s = e.spec(e.scales().contains("laptop") ? "laptop" : null);
      Plan plan = Plan.of(s, s.properties());
      System.out.printf("%-6s %-28s %-60s %s%s%n", s.study().isEmpty() ? e.suite() : s.study(),
          s.id(), s.title(), e.scales().isEmpty() ? "" : "scales " + String.join("/", e.scales()) + ", ",
          plan.trials().size() + " laptop trial(s)" + plan.skipped().map(r -> "; " + r).orElse(""));
    }
    System.out.println();
    System.out.println("telemetry sources (refarch.telemetry=off turns them off):");
    Extensions.telemetry().forEach((name, what) -> System.out.printf("  %-11s %s%n", name, what));
    return Refarch.OK;
  }
}
