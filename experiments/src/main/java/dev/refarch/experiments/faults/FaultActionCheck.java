package dev.refarch.experiments.faults;

import dev.refarch.platform.spi.ClusterProvisioner;
import dev.refarch.platform.spi.Extensions;
import dev.refarch.platform.spi.FaultTargets;
import dev.refarch.platform.spi.Topology;
import dev.refarch.platform.spi.config.ConfigurationException;
import dev.refarch.platform.spi.config.Suggestions;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Checks a fault schedule's actions before any cluster exists: a plain action ({@code kill})
 * against the injector of the cluster type that will run it, so that {@code 3s explode primary}
 * fails when the spec is read, not when the fault fires after the load. A platform's action
 * ({@code vsan:…}) that its injector lacks, and any fault on an existing ({@code uri}) cluster,
 * make the trial unavailable here instead (the plan skips it with the reason). Targets are
 * checked per trial ({@link #checkTargets}), against the topology it runs.
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
    ClusterProvisioner provisioner = provisioner(clusterType);
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

  /**
   * Checks the targets of {@code schedule}'s plain actions (and parameters that name members)
   * against the members a {@code clusterType} cluster of {@code topology} started with
   * {@code settings} would have, so that {@code 3s kill rs0-7} on three members fails at
   * {@code --dry-run}, not when the fault fires. Entries whose action or parameters
   * {@link #check} refuses are left to it, so that one mistake is reported once.
   *
   * @throws ConfigurationException naming the first entry whose target the cluster would not have
   */
  public static void checkTargets(FaultSchedule schedule, String clusterType, Topology topology,
      Map<String, String> settings) {
    ClusterProvisioner provisioner = provisioner(clusterType);
    Set<String> known = provisioner == null ? Set.of() : provisioner.faultActions().orElse(Set.of());
    for (FaultSchedule.Entry e : schedule.entries()) {
      if (!known.contains(e.fault().action()) || !parametersPass(provisioner, e)) {
        continue;
      }
      try {
        provisioner.checkFaultTarget(e.fault(), topology, settings);
      } catch (ConfigurationException bad) {
        String what = bad.key().equals(FaultTargets.PROPERTY) ? "targets" : bad.key();
        throw new ConfigurationException("faults", entry(e), what + " of a " + clusterType + " "
            + topology.label() + " cluster: " + bad.allowed(), bad.hint());
      }
    }
  }

  /** The provisioner of {@code clusterType}, or null when none is on the class path. */
  private static ClusterProvisioner provisioner(String clusterType) {
    return Extensions.provisioners().containsKey(clusterType)
        ? Extensions.provisioner(clusterType) : null;
  }

  private static boolean parametersPass(ClusterProvisioner provisioner, FaultSchedule.Entry e) {
    try {
      provisioner.checkFaultParameters(e.fault());
      return true;
    } catch (ConfigurationException reportedByCheck) {
      return false;
    }
  }

  private static String entry(FaultSchedule.Entry e) {
    return new FaultSchedule(List.of(e)).toString();
  }
}
