package dev.refarch.testcontainers.junit;

import dev.refarch.platform.spi.ClusterProvisioner;
import dev.refarch.platform.spi.Extensions;
import dev.refarch.platform.spi.Topology;
import dev.refarch.testcontainers.cluster.ExistingClusterProvisioner;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.UnaryOperator;

/**
 * Chooses where a test's cluster comes from: the first backend, in order, that can provide the
 * topology here; when none can, the reasons of all of them, e.g. {@code no URI given
 * (-Drefarch.mongodb.uri); testcontainers: Docker unavailable: ...; local: no mongos binary: ...}.
 *
 * <p>Stateless and thread-safe.
 *
 * <pre>{@code
 * Backends.Choice c = Backends.choose(topology, Backends.resolve(List.of("uri", "testcontainers", "local"),
 *     "refarch.mongodb.uri", System::getProperty));
 * }</pre>
 */
public final class Backends {

  /** The name that stands for an existing cluster given by a system property. */
  public static final String URI = "uri";

  private Backends() {
  }

  /**
   * The outcome of a choice.
   *
   * @param topology what was asked for
   * @param chosen the backend that can provide it, {@code null} when none can
   * @param reasons why each backend before it (or every backend) cannot, prefixed with its name
   */
  public record Choice(Topology topology, ClusterProvisioner chosen, List<String> reasons) {
    public Choice {
      Objects.requireNonNull(topology, "topology");
      reasons = List.copyOf(reasons);
    }

    public boolean available() {
      return chosen != null;
    }

    /** The skip message when no backend can provide the topology. */
    public String skipReason() {
      return "no MongoDB " + topology.label() + " here: " + String.join("; ", reasons);
    }
  }

  /** Asks each candidate in order whether it can provide {@code topology} here. */
  public static Choice choose(Topology topology, List<ClusterProvisioner> candidates) {
    return choose(topology, Map.of(), candidates);
  }

  /**
   * Asks each candidate in order whether it can provide {@code topology} here with
   * {@code settings} (e.g. the image a {@code testcontainers.*} setting names).
   */
  public static Choice choose(Topology topology, Map<String, String> settings,
      List<ClusterProvisioner> candidates) {
    List<String> reasons = new ArrayList<>();
    for (ClusterProvisioner candidate : candidates) {
      String reason = candidate.unavailableReason(topology, settings);
      if (reason == null) {
        return new Choice(topology, candidate, reasons);
      }
      reasons.add(candidate.name().equals(URI) ? reason : candidate.name() + ": " + reason);
    }
    return new Choice(topology, null, reasons);
  }

  /**
   * The backends {@code names} stand for: {@value #URI} for the cluster the system property
   * {@code uriProperty} names, any other name for the provisioner registered under it.
   *
   * @param properties looks up system properties, e.g. {@code System::getProperty}
   * @throws dev.refarch.platform.spi.config.ConfigurationException for an unknown name, listing
   *     the provisioners there are
   */
  public static List<ClusterProvisioner> resolve(List<String> names, String uriProperty,
      UnaryOperator<String> properties) {
    List<ClusterProvisioner> out = new ArrayList<>();
    for (String name : names) {
      out.add(name.equals(URI)
          ? new ExistingClusterProvisioner(uriProperty, properties.apply(uriProperty))
          : Extensions.provisioner(name));
    }
    return out;
  }
}
