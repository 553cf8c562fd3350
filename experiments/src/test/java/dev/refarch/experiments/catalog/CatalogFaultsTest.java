package dev.refarch.experiments.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.refarch.experiments.faults.FaultSchedule;
import dev.refarch.experiments.spec.ExperimentSpec;
import dev.refarch.platform.kubernetes.fault.FaultRequest;
import dev.refarch.platform.local.fault.LocalFaultInjector;
import dev.refarch.platform.spi.Extensions;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Every fault the catalog schedules, at every scale and in every variant, is an action of the
 * injector it goes to — the cluster's own (local or kubernetes, with or without its name as
 * prefix) or a named one (vsan, santricity) — so that no study fails minutes into a paper-scale
 * run on a misspelt action. The papers' faults no adapter can inject yet are listed in
 * {@link #NOT_YET_INJECTABLE}: their trials are planned and skipped with the reason.
 */
class CatalogFaultsTest {

  private static Set<String> clusterActions(String type) {
    return switch (type) {
      case "local" -> LocalFaultInjector.ACTIONS;
      case "kubernetes" -> Set.copyOf(FaultRequest.Action.labels());
      default -> Set.of(); // a cluster given by its URI has no injector of its own
    };
  }

  /** A12's vSAN disk failure and C4's controller failure: no adapter action exists for them. */
  static final Set<String> NOT_YET_INJECTABLE = Set.of("vsan:disk-failure",
      "santricity:fail-controller");

  private static List<FaultSchedule> schedules(ExperimentSpec spec) {
    List<FaultSchedule> all = new ArrayList<>(List.of(spec.faults()));
    spec.variants().values().forEach(v -> v.faults().ifPresent(all::add));
    return all;
  }

  @Test
  void everyScheduledActionIsOneItsInjectorKnows() {
    List<String> wrong = new ArrayList<>();
    int checked = 0;
    for (Catalog.Entry entry : Catalog.entries()) {
      for (String scale : entry.scales()) {
        ExperimentSpec spec = entry.spec(scale);
        String type = spec.cluster().type();
        if (type.equals("testcontainers")) {
          continue; // its injector is not on this module's class path: TestcontainersProvisionerTest
        }
        for (FaultSchedule.Entry f : schedules(spec).stream()
            .flatMap(x -> x.entries().stream()).toList()) {
          String action = f.fault().action();
          if (NOT_YET_INJECTABLE.contains(action)) {
            continue;
          }
          int colon = action.indexOf(':');
          String injector = colon < 0 || action.substring(0, colon).equals(type) ? type
              : action.substring(0, colon);
          String plain = action.substring(colon + 1);
          Set<String> known = injector.equals(type) ? clusterActions(type)
              : Extensions.faultInjector(injector).actions();
          checked++;
          if (!known.contains(plain)) {
            wrong.add(entry.file() + " (" + scale + "): '" + action + "' is not one of "
                + injector + "'s " + known);
          }
        }
      }
    }
    assertThat(checked).isGreaterThanOrEqualTo(10);
    assertThat(wrong).isEmpty();
  }

  @Test
  void faultsNoInjectorHasYetArePlannedAndSkippedWithTheReason() {
    for (String study : List.of("A12", "C4")) {
      ExperimentSpec spec = Catalog.resolve(study, "paper").get(0);
      dev.refarch.experiments.plan.Plan plan = dev.refarch.experiments.plan.Plan.of(spec, java.util.Map.of());
      assertThat(plan.unavailable().values()).as(study)
          .anyMatch(why -> why.contains("fault injector has no"));
    }
    for (String action : NOT_YET_INJECTABLE) {
      String injector = action.substring(0, action.indexOf(':'));
      assertThat(Extensions.faultInjector(injector).actions())
          .as(action + " became injectable: schedule it like the others and drop it from the list")
          .doesNotContain(action.substring(action.indexOf(':') + 1));
    }
  }
}
