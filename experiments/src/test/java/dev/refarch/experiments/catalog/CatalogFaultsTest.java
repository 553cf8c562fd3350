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
 * Every fault the catalog schedules, at every scale, is an action of the injector it goes to —
 * the cluster's own (local or kubernetes, with or without its name as prefix) or a named one
 * (vsan, santricity) — so that no study fails minutes into a paper-scale run on a misspelt action.
 */
class CatalogFaultsTest {

  private static Set<String> clusterActions(String type) {
    return switch (type) {
      case "local" -> LocalFaultInjector.ACTIONS;
      case "kubernetes" -> Set.copyOf(FaultRequest.Action.labels());
      default -> Set.of(); // a cluster given by its URI has no injector of its own
    };
  }

  @Test
  void everyScheduledActionIsOneItsInjectorKnows() {
    List<String> wrong = new ArrayList<>();
    int checked = 0;
    for (Catalog.Entry entry : Catalog.entries()) {
      for (String scale : entry.scales()) {
        ExperimentSpec spec = entry.spec(scale);
        String type = spec.cluster().type();
        for (FaultSchedule.Entry f : spec.faults().entries()) {
          String action = f.fault().action();
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
    assertThat(checked).isGreaterThanOrEqualTo(7);
    assertThat(wrong).isEmpty();
  }
}
