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
   * cluster exists; its target needs the running cluster and is checked when it fires. Called
   * only for actions among {@link #faultActions()}. The default accepts any parameters.
   *
   * @throws dev.refarch.platform.spi.config.ConfigurationException naming the parameter, the
   *     value and what is allowed
   */
  default void checkFaultParameters(Fault fault) {
  }
}
