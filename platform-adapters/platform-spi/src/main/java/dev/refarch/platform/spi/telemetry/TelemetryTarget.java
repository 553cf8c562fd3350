package dev.refarch.platform.spi.telemetry;

import dev.refarch.platform.spi.PlatformState;
import dev.refarch.platform.spi.RunningCluster;
import dev.refarch.platform.spi.Topology;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The cluster a trial runs against, as telemetry providers see it.
 *
 * @param connectionString the clients' connection string; may carry credentials, so a source
 *     prints it only through {@link dev.refarch.platform.spi.Redaction#maskUri}
 * @param topology the cluster's topology, empty for a cluster the runner did not start
 * @param state what the provisioner and hooks recorded, read afresh on each call: a fault may
 *     change a member's pid
 * @param reachableFromRunner whether this JVM can connect to the members' addresses
 * @param settings the experiment's properties; a provider reads the keys under its own prefix
 * @param cluster the running cluster itself, when the runner has it (not for a trial run against
 *     a recorded state alone): a provider of the same adapter may use what it holds, e.g. its
 *     API client
 */
public record TelemetryTarget(String connectionString, Optional<Topology> topology,
    Supplier<PlatformState> state, boolean reachableFromRunner, Map<String, String> settings,
    Optional<RunningCluster> cluster) {

  public TelemetryTarget {
    Objects.requireNonNull(cluster, "cluster");
    Objects.requireNonNull(connectionString, "connectionString");
    Objects.requireNonNull(topology, "topology");
    Objects.requireNonNull(state, "state");
    settings = Map.copyOf(settings);
  }
}
