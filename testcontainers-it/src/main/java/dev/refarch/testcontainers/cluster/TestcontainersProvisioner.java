package dev.refarch.testcontainers.cluster;

import dev.refarch.platform.spi.ClusterProvisioner;
import dev.refarch.platform.spi.PlatformException;
import dev.refarch.platform.spi.RunningCluster;
import dev.refarch.platform.spi.Topology;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * The {@code testcontainers} provisioner: replica sets ({@link ReplicaSetCluster}) and sharded
 * clusters ({@link ShardedMongoCluster}) as MongoDB containers on Docker. Settings are the
 * {@code testcontainers.*} keys of {@link ContainerSettings}.
 *
 * <p>Registered for {@link java.util.ServiceLoader}. Thread-safe; every {@link #start} returns
 * an independent cluster.
 *
 * <pre>{@code
 * ClusterProvisioner p = Extensions.provisioner("testcontainers");
 * if (p.unavailableReason(topology) == null) {
 *   try (RunningCluster c = p.start(Topology.parse("sharded:2x3"), Map.of())) { ... }
 * }
 * }</pre>
 */
public final class TestcontainersProvisioner implements ClusterProvisioner {

  private final Supplier<String> dockerUnavailable;

  /** Asks Testcontainers whether a Docker engine is at hand. */
  public TestcontainersProvisioner() {
    this(Docker::unavailableReason);
  }

  /** @param dockerUnavailable why Docker cannot be used, or {@code null} when it can */
  TestcontainersProvisioner(Supplier<String> dockerUnavailable) {
    this.dockerUnavailable = Objects.requireNonNull(dockerUnavailable);
  }

  @Override
  public String name() {
    return "testcontainers";
  }

  @Override
  public String description() {
    return "MongoDB containers on Docker through Testcontainers: replica sets, and sharded"
        + " clusters of a config replica set, shard replica sets and mongos routers";
  }

  @Override
  public String unavailableReason(Topology topology) {
    if (topology instanceof Topology.Standalone) {
      return "starts replica sets and sharded clusters, not a standalone (use rs=1)";
    }
    return dockerUnavailable.get();
  }

  /**
   * Starts {@code topology} and waits until it accepts writes.
   *
   * @throws dev.refarch.platform.spi.config.ConfigurationException for a bad
   *     {@code testcontainers.*} setting, before anything starts
   * @throws PlatformException when Docker is unavailable or a member fails; nothing is left
   *     running
   */
  @Override
  public RunningCluster start(Topology topology, Map<String, String> settings) {
    ContainerSettings.from(settings);
    String reason = unavailableReason(topology);
    if (reason != null) {
      throw new PlatformException("start testcontainers " + topology.label(), reason);
    }
    if (topology instanceof Topology.Sharded sharded) {
      return ShardedMongoCluster.start(sharded, settings);
    }
    return ReplicaSetCluster.start((Topology.ReplicaSet) topology, settings);
  }
}
