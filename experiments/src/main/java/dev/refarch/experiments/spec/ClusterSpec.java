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
 * @param uris for {@code uri} clusters whose trials sweep {@code topology}: the connection string
 *     of each topology's own cluster, by topology label (e.g. {@code rs=1}); {@link #uri} serves
 *     topologies not listed
 */
public record ClusterSpec(String type, Topology topology, Optional<String> uri,
    Map<String, String> settings, Map<String, String> uris) {

  /** The cluster types a spec may name. */
  public static final String TYPES = "local, uri, testcontainers, kubernetes";

  public ClusterSpec {
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(topology, "topology");
    settings = Map.copyOf(settings);
    uris = Map.copyOf(uris);
  }

  /** A cluster without per-topology connection strings. */
  public ClusterSpec(String type, Topology topology, Optional<String> uri,
      Map<String, String> settings) {
    this(type, topology, uri, settings, Map.of());
  }

  /** The connection string of the existing cluster of {@code t}: its own, else {@link #uri}. */
  public Optional<String> uriFor(Topology t) {
    return Optional.ofNullable(uris.get(t.label())).or(() -> uri);
  }

  /** A copy with {@code more} settings over its own. */
  public ClusterSpec withSettings(Map<String, String> more) {
    Map<String, String> all = new java.util.LinkedHashMap<>(settings);
    all.putAll(more);
    return new ClusterSpec(type, topology, uri, all, uris);
  }

  public static ClusterSpec local(String topology) {
    return new ClusterSpec("local", Topology.parse(topology), Optional.empty(), Map.of());
  }

  public static ClusterSpec uri(String uri, String topology) {
    return new ClusterSpec("uri", Topology.parse(topology), Optional.of(uri), Map.of());
  }
}
