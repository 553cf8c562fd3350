package dev.refarch.experiments.exec;

import dev.refarch.platform.spi.Fault;
import dev.refarch.platform.spi.FaultEvent;
import dev.refarch.platform.spi.FaultInjector;
import dev.refarch.platform.spi.PlatformState;
import dev.refarch.platform.spi.RunningCluster;
import dev.refarch.platform.spi.Topology;
import dev.refarch.platform.spi.config.ConfigurationException;
import java.util.List;
import java.util.Set;

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
    return new FaultInjector() {
      @Override
      public String name() {
        return "none";
      }

      @Override
      public Set<String> actions() {
        return Set.of();
      }

      @Override
      public List<String> members() {
        return List.of();
      }

      @Override
      public FaultEvent inject(Fault fault) {
        throw new ConfigurationException("faults", fault.action() + " " + fault.target(),
            "none on an existing cluster (cluster.type uri): use a local or kubernetes cluster");
      }
    };
  }

  @Override
  public void close() {
  }
}
