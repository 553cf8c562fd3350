package dev.refarch.experiments.trial;

import dev.refarch.platform.spi.FaultInjector;
import dev.refarch.platform.spi.PlatformState;
import dev.refarch.platform.spi.RunningCluster;
import dev.refarch.platform.spi.Topology;
import java.util.ArrayList;
import java.util.List;

/**
 * Test double of a cluster whose members' names resolve only inside its platform (a Kubernetes
 * cluster seen from outside): not reachable from the runner; records the databases it is asked
 * to drop. It has no fault injector.
 */
public final class UnreachableCluster implements RunningCluster {

  private final String connectionString;
  /** The databases the runner asked this cluster to drop, in order. */
  public final List<String> dropped = new ArrayList<>();

  public UnreachableCluster(String connectionString) {
    this.connectionString = connectionString;
  }

  @Override
  public Topology topology() {
    return Topology.parse("pss");
  }

  @Override
  public String connectionString() {
    return connectionString;
  }

  @Override
  public PlatformState state() {
    return PlatformState.empty();
  }

  @Override
  public FaultInjector faults() {
    throw new UnsupportedOperationException();
  }

  @Override
  public boolean reachableFromRunner() {
    return false;
  }

  @Override
  public void dropDatabase(String name) {
    dropped.add(name);
  }

  @Override
  public void close() {
  }
}
