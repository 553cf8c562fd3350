package dev.refarch.testcontainers.cluster;

import dev.refarch.platform.spi.PlatformException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.Network;

/**
 * Where a cluster's members publish their port and under which address the tests and the
 * members reach them, decided once per cluster before any member starts.
 *
 * <p>With a local engine nothing is published beyond this machine: a one-member replica set and
 * a sharded cluster's routers on 127.0.0.1; the members of a larger replica set, which clients
 * must reach under the same address the members use among themselves, on the gateway of the
 * Docker network the cluster created (an address of this machine on that network's bridge, which
 * containers route to). A remote engine publishes on all its interfaces and is reached at its
 * address; so is an engine for which {@code testcontainers.advertisedHost} is set.
 *
 * <p>Every member's host port is chosen before it starts and kept, so that a member killed,
 * stopped, or cut off and reconnected comes back under the address its replica set knows.
 *
 * <p>Immutable.
 *
 * @param bindHost the host address ports are published on, e.g. {@code 127.0.0.1}
 * @param clientHost the address the tests connect to
 * @param advertisedHost the address members of a multi-member replica set are named by in its
 *     configuration; {@code null} when members name each other by network alias
 */
record Publication(String bindHost, String clientHost, String advertisedHost) {

  static final String LOOPBACK = "127.0.0.1";
  static final String ANY = "0.0.0.0";

  /**
   * The publication of {@code plan}'s members on {@code network}.
   *
   * @throws PlatformException when the Docker host does not resolve or the network has no IPv4
   *     gateway
   */
  static Publication of(ContainerPlan plan, ContainerSettings settings, Network network) {
    boolean whole = ContainerLauncher.seenWhole(plan);
    String engine = engineAddress();
    if (settings.advertisedHost().isPresent()) {
      String advertised = settings.advertisedHost().get();
      return new Publication(ANY, whole ? advertised : engine, whole ? advertised : null);
    }
    if (!LOOPBACK.equals(engine)) {
      return new Publication(ANY, engine, whole ? engine : null);
    }
    if (!whole) {
      return new Publication(LOOPBACK, LOOPBACK, null);
    }
    String gateway = gateway(network);
    return new Publication(gateway, gateway, gateway);
  }

  /** The engine's address: {@value #LOOPBACK} for a local one (unix socket or loopback). */
  private static String engineAddress() {
    String host = DockerClientFactory.instance().dockerHostIpAddress();
    try {
      InetAddress address = InetAddress.getByName(host);
      return address.isLoopbackAddress() ? LOOPBACK : address.getHostAddress();
    } catch (UnknownHostException e) {
      throw new PlatformException("resolve Docker host " + host, e.toString()
          + "; set testcontainers.advertisedHost", e);
    }
  }

  /** The IPv4 gateway of {@code network}, which this call creates if it does not exist yet. */
  private static String gateway(Network network) {
    var ipam = DockerClientFactory.instance().client().inspectNetworkCmd()
        .withNetworkId(network.getId()).exec().getIpam();
    return ipam.getConfig().stream().map(c -> c.getGateway())
        .filter(g -> g != null && !g.isBlank() && !g.contains(":")).findFirst()
        .orElseThrow(() -> new PlatformException("find the gateway of Docker network "
            + network.getId(), "it has no IPv4 gateway; set testcontainers.advertisedHost"));
  }
}
