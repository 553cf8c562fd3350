package dev.refarch.testcontainers.junit;

import dev.refarch.platform.spi.ClusterProvisioner;
import dev.refarch.platform.spi.FaultInjector;
import dev.refarch.platform.spi.PlatformState;
import dev.refarch.platform.spi.RunningCluster;
import dev.refarch.platform.spi.Topology;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A provisioner that starts nothing, registered for tests as {@code fake}, and {@link Down},
 * registered as {@code fake-down}, which is never available. Records what it started and closed.
 */
public class FakeProvisioner implements ClusterProvisioner {

  static final String URI = "mongodb://fake.invalid:27017/";
  static final List<String> EVENTS = new CopyOnWriteArrayList<>();

  @Override
  public String name() {
    return "fake";
  }

  @Override
  public String description() {
    return "starts nothing, for tests";
  }

  @Override
  public RunningCluster start(Topology topology, Map<String, String> settings) {
    EVENTS.add("start " + topology.label() + " " + new java.util.TreeMap<>(settings));
    return new RunningCluster() {
      @Override
      public Topology topology() {
        return topology;
      }

      @Override
      public String connectionString() {
        return URI;
      }

      @Override
      public PlatformState state() {
        return PlatformState.empty().with("fake", "topology", topology.label());
      }

      @Override
      public FaultInjector faults() {
        return FaultInjector.none("fake", "none: a test double without faults");
      }

      @Override
      public void close() {
        EVENTS.add("close " + topology.label());
      }
    };
  }

  /** Never available. */
  public static final class Down extends FakeProvisioner {
    @Override
    public String name() {
      return "fake-down";
    }

    @Override
    public String unavailableReason(Topology topology) {
      return "switched off for the test";
    }
  }
}
