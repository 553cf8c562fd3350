package dev.refarch.testcontainers.cluster;

import dev.refarch.platform.spi.ClusterProvisioner;
import dev.refarch.platform.spi.PlatformException;
import dev.refarch.platform.spi.RunningCluster;
import dev.refarch.platform.spi.Topology;
import java.util.Map;

/**
 * The {@code uri} backend: attaches to a cluster whose connection string a system property
 * gives ({@code -Drefarch.mongodb.uri=...}). Unavailable when the property is unset, or when the
 * deployment is not what the test needs (a replica set where the test needs shards, too few
 * members); a deployment that cannot be reached is not "unavailable" but fails the start, since
 * whoever set the property expects it to be used.
 *
 * <p>Not registered for {@link java.util.ServiceLoader}: it is built with the property's name
 * and value. Thread-safe; the deployment is probed once.
 */
public final class ExistingClusterProvisioner implements ClusterProvisioner {

  private final String property;
  private final String uri;
  private DeploymentProbe probe; // guarded by this

  /**
   * @param property the system property's name, for messages
   * @param uri its value; {@code null} or blank when unset
   */
  public ExistingClusterProvisioner(String property, String uri) {
    this.property = property;
    this.uri = uri == null || uri.isBlank() ? null : uri.trim();
  }

  @Override
  public String name() {
    return "uri";
  }

  @Override
  public String description() {
    return "an existing cluster whose connection string -D" + property + " gives";
  }

  @Override
  public synchronized String unavailableReason(Topology topology) {
    if (uri == null) {
      return "no URI given (-D" + property + ")";
    }
    try {
      if (probe == null) {
        probe = DeploymentProbe.of(uri);
      }
    } catch (PlatformException unreachable) {
      return null; // start() fails with it: a given URI must not be skipped silently
    }
    String mismatch = probe.mismatch(topology);
    return mismatch == null ? null : "-D" + property + " names a cluster the test cannot use: "
        + mismatch + " (the test needs " + topology.label() + ")";
  }

  /**
   * Attaches to the cluster.
   *
   * @throws PlatformException when no URI is given, or it cannot be reached or used
   */
  @Override
  public synchronized RunningCluster start(Topology topology, Map<String, String> settings) {
    if (uri == null) {
      throw new PlatformException("attach to -D" + property, "no URI given");
    }
    if (probe == null) {
      probe = DeploymentProbe.of(uri);
    }
    return ExistingCluster.of(uri, topology, probe);
  }
}
