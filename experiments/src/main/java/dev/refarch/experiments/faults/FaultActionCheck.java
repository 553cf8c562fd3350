package dev.refarch.experiments.faults;

import dev.refarch.platform.spi.ClusterProvisioner;
import dev.refarch.platform.spi.Extensions;
import dev.refarch.platform.spi.config.ConfigurationException;
import dev.refarch.platform.spi.config.Suggestions;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Checks a fault schedule's actions before any cluster exists: a plain action ({@code kill})
 * against the injector of the cluster type that will run it, so that {@code 3s explode primary}
 * fails when the spec is read, not when the fault fires after the load. A platform's action
 * ({@code vsan:…}) that its injector lacks, and any fault on an existing ({@code uri}) cluster,
 * make the trial unavailable here instead (the plan skips it with the reason).
 *
 * <p>Stateless and thread-safe.
 */
public final class FaultActionCheck {


  private FaultActionCheck() {
  }

  /**
   * Checks every entry of {@code schedule} for a cluster of {@code clusterType}.
   *
   * @throws ConfigurationException naming the first entry whose action is unknown
   */
  public static void check(FaultSchedule schedule, String clusterType) {
    // the actions the cluster type's provisioner declares; a type whose provisioner is absent or
    // declares none (uri) is not checked here
    ClusterProvisioner provisioner = Extensions.provisioners().containsKey(clusterType)
        ? Extensions.provisioner(clusterType) : null;
    Set<String> known = provisioner == null ? null : provisioner.faultActions().orElse(null);
    if (known == null) {
      return;
    }
    for (FaultSchedule.Entry e : schedule.entries()) {
      String action = e.fault().action();
      if (action.indexOf(':') < 0 && !known.contains(action)) {
        throw new ConfigurationException("faults", entry(e), "a " + clusterType + " cluster's"
            + " actions " + String.join(", ", new TreeSet<>(known)), Suggestions.closest(action,
                known).map(c -> "did you mean '" + c + "'?").orElse(null));
      }
      if (action.indexOf(':') < 0) {
        try {
          provisioner.checkFaultParameters(e.fault());
        } catch (ConfigurationException bad) {
          throw new ConfigurationException("faults", entry(e), bad.allowed(), action + ": "
              + bad.getMessage());
        }
      }
    }
  }

  private static String entry(FaultSchedule.Entry e) {
    return new FaultSchedule(List.of(e)).toString();
  }
}
