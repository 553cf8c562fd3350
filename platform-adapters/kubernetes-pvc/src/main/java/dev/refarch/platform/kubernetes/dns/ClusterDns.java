package dev.refarch.platform.kubernetes.dns;

import com.mongodb.spi.dns.InetAddressResolver;
import com.mongodb.spi.dns.InetAddressResolverProvider;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.Hashtable;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import javax.naming.NamingEnumeration;
import javax.naming.NamingException;
import javax.naming.directory.Attribute;
import javax.naming.directory.DirContext;
import javax.naming.directory.InitialDirContext;

/**
 * Lets this JVM's MongoDB clients resolve a Kubernetes cluster's service names
 * ({@code refarch-rs0-0.refarch-rs0.bench.svc.cluster.local}) through the cluster's own DNS
 * server, when its pods are reachable from this machine but the host resolver does not know the
 * cluster (the local cluster: pods on a bridge of this machine, CoreDNS on its address). Other
 * names go to the JVM's resolver as usual; nothing changes until {@link #use} is called.
 *
 * <p>The MongoDB driver finds this class through {@link java.util.ServiceLoader} as its
 * {@link InetAddressResolverProvider} (driver 4.10+), so connection strings stay the in-cluster
 * ones and no client needs to be built differently. Lookups use the JDK's JNDI DNS provider; no
 * query ever goes to a server other than the one given.
 *
 * <p>Thread-safe.
 *
 * <pre>{@code
 * ClusterDns.use("10.244.0.1", "cluster.local");
 * MongoClients.create(cluster.connectionString());   // its names now resolve
 * }</pre>
 */
public final class ClusterDns implements InetAddressResolverProvider {

  private record Server(String address, String suffix) {
  }

  private static final AtomicReference<Server> SERVER = new AtomicReference<>();

  /**
   * Resolves names ending in {@code .svc.<domain>} through {@code server} from now on.
   *
   * @param server an IPv4 address, optionally with {@code :port}
   * @param domain the cluster domain, e.g. {@code cluster.local}
   */
  public static void use(String server, String domain) {
    SERVER.set(new Server(server, ".svc." + domain));
  }

  /** The server in use, if any. */
  public static java.util.Optional<String> server() {
    return java.util.Optional.ofNullable(SERVER.get()).map(Server::address);
  }

  @Override
  public InetAddressResolver create() {
    return ClusterDns::lookup;
  }

  /**
   * Resolves {@code host}: a cluster name through the cluster's DNS server, others as usual.
   *
   * @throws UnknownHostException when the name has no address
   */
  public static List<InetAddress> lookup(String host) throws UnknownHostException {
    Server server = SERVER.get();
    String name = host.endsWith(".") ? host.substring(0, host.length() - 1) : host;
    if (server == null || !name.endsWith(server.suffix())) {
      return List.of(InetAddress.getAllByName(host));
    }
    Hashtable<String, String> env = new Hashtable<>();
    env.put("java.naming.factory.initial", "com.sun.jndi.dns.DnsContextFactory");
    env.put("java.naming.provider.url", "dns://" + server.address());
    env.put("com.sun.jndi.dns.timeout.initial", "500");
    env.put("com.sun.jndi.dns.timeout.retries", "3");
    List<InetAddress> out = new ArrayList<>();
    try {
      DirContext dns = new InitialDirContext(env);
      try {
        Attribute a = dns.getAttributes(name + ".", new String[] {"A"}).get("A");
        if (a != null) {
          NamingEnumeration<?> values = a.getAll();
          while (values.hasMore()) {
            out.add(InetAddress.getByAddress(host, InetAddress.getByName(
                String.valueOf(values.next())).getAddress()));
          }
        }
      } finally {
        dns.close();
      }
    } catch (NamingException e) {
      UnknownHostException u = new UnknownHostException(host + " (cluster DNS " + server.address()
          + ": " + e.getMessage() + ")");
      u.initCause(e);
      throw u;
    }
    if (out.isEmpty()) {
      throw new UnknownHostException(host + " (cluster DNS " + server.address() + ": no A record)");
    }
    return out;
  }
}
