package dev.refarch.platform.spi;

import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Starts a MongoDB deployment of a given {@link Topology} and hands back its connection string.
 *
 * <p>Found by {@link #name()} through {@link java.util.ServiceLoader}. Implementations are
 * thread-safe; each {@link #start} returns an independent cluster that the caller must close.
 *
 * <pre>{@code
 * try (RunningCluster cluster = Extensions.provisioner("local").start(Topology.parse("rs=3"), Map.of())) {
 *   String uri = cluster.connectionString();
 * }
 * }</pre>
 */
public interface ClusterProvisioner {

  /** Short lower-case name, e.g. {@code local}, {@code kubernetes}. */
  String name();

  /** One line saying where the cluster runs. */
  String description();

  /**
   * Why this provisioner cannot start the topology here, or {@code null} when it can. Lets a
   * caller skip with a reason instead of failing, e.g. "no mongos binary found (set MONGOS_BIN)".
   */
  default String unavailableReason(Topology topology) {
    return null;
  }

  /**
   * As {@link #unavailableReason(Topology)}, for a start with these settings — for provisioners
   * whose ability depends on them (e.g. whether the image a setting names holds a
   * {@code mongos}). The default ignores the settings.
   */
  default String unavailableReason(Topology topology, Map<String, String> settings) {
    return unavailableReason(topology);
  }

  /**
   * Starts the topology and waits until it accepts writes.
   *
   * @param settings provisioner-specific settings (image, resources, cache size), may be empty
   * @throws PlatformException when the cluster cannot be started; nothing is left running
   */
  RunningCluster start(Topology topology, Map<String, String> settings);

  /**
   * The plain fault actions ({@code kill}, {@code stepdown}, …) its clusters take, so that a
   * fault schedule can be checked before any cluster exists; empty when they are not known
   * before the cluster runs (the schedule is then checked when the faults are configured).
   */
  default Optional<Set<String>> faultActions() {
    return Optional.empty();
  }

  /**
   * Checks a plain fault's parameters (e.g. {@code iops=0} on {@code slow-disk}) before any
   * cluster exists; its target is checked by {@link #checkFaultTarget}. Called only for actions
   * among {@link #faultActions()}. The default accepts any parameters.
   *
   * @throws dev.refarch.platform.spi.config.ConfigurationException naming the parameter, the
   *     value and what is allowed
   */
  default void checkFaultParameters(Fault fault) {
  }

  /**
   * Checks a plain fault's target, and any parameter that names members (a {@code cut}'s
   * {@code to}), against the members a cluster of {@code topology} started with {@code settings}
   * would have, in the grammar of {@link FaultTargets}: {@code rs0-7} on three members, or
   * {@code secondary} on a standalone, fails before any cluster exists rather than when the fault
   * fires. Which member holds a role is still decided when it fires. Called only for actions
   * among {@link #faultActions()} whose parameters passed {@link #checkFaultParameters}. The
   * default accepts any target, for provisioners whose member names are known only once the
   * cluster runs; settings this check cannot read are left to {@link #start}, which reports them.
   *
   * @throws dev.refarch.platform.spi.config.ConfigurationException naming the target, the
   *     value and every target the cluster would allow
   */
  default void checkFaultTarget(Fault fault, Topology topology, Map<String, String> settings) {
  }
}
