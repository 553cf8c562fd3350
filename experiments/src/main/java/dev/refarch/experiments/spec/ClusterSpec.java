package dev.refarch.experiments.spec;

import dev.refarch.platform.spi.Topology;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Where an experiment's MongoDB comes from.
 *
 * @param type {@code local} (started here by the local provisioner), {@code uri} (an existing
 *     cluster), {@code testcontainers} or {@code kubernetes} (their provisioners, when present)
 * @param topology what to start; for {@code uri}, what the existing cluster is
 * @param uri the connection string of an existing cluster
 * @param settings provisioner settings, e.g. {@code local.wiredTigerCacheSizeGB}
 */
public record ClusterSpec(String type, Topology topology, Optional<String> uri,
    Map<String, String> settings) {

  /** The cluster types a spec may name. */
  public static final String TYPES = "local, uri, testcontainers, kubernetes";

  public ClusterSpec {
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(topology, "topology");
    settings = Map.copyOf(settings);
  }

  public static ClusterSpec local(String topology) {
    return new ClusterSpec("local", Topology.parse(topology), Optional.empty(), Map.of());
  }

  public static ClusterSpec uri(String uri, String topology) {
    return new ClusterSpec("uri", Topology.parse(topology), Optional.of(uri), Map.of());
  }

  /** A copy with another topology. */
  public ClusterSpec withTopology(Topology t) {
    return new ClusterSpec(type, t, uri, settings);
  }
}
