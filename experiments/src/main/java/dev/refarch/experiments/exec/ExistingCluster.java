package dev.refarch.experiments.exec;

import dev.refarch.platform.spi.FaultInjector;
import dev.refarch.platform.spi.PlatformState;
import dev.refarch.platform.spi.RunningCluster;
import dev.refarch.platform.spi.Topology;

/**
 * A cluster this library did not start, reached by its connection string; closing it does
 * nothing. It has no fault injector: faults need a provisioner that controls the members.
 *
 * @param topology what the user says the cluster is
 * @param connectionString how to reach it
 */
record ExistingCluster(Topology topology, String connectionString) implements RunningCluster {

  @Override
  public PlatformState state() {
    return PlatformState.empty().with("cluster", "type", "uri")
        .with("cluster", "topology", topology.label());
  }

  @Override
  public FaultInjector faults() {
    return FaultInjector.none("none",
        "none on an existing cluster (cluster.type uri): use a local or kubernetes cluster");
  }

  @Override
  public void close() {
  }
}
