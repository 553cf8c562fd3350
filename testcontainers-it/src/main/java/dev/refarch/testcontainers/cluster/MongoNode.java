package dev.refarch.testcontainers.cluster;

import com.mongodb.MongoClientSettings;
import com.mongodb.MongoException;
import com.mongodb.ServerAddress;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.connection.ClusterConnectionMode;
import dev.refarch.platform.spi.PlatformException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.bson.Document;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.Network;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.utility.DockerImageName;

/**
 * One running member of a container cluster: its container and a direct connection to it from
 * the test's side of Docker (through the container's mapped port, whatever name the member
 * carries inside the network).
 *
 * <p>Thread-safe. {@link #close()} closes the connection and stops the container.
 */
public final class MongoNode implements AutoCloseable {

  private final NodeSpec spec;
  private final GenericContainer<?> container;
  private MongoClient direct; // guarded by this

  private MongoNode(NodeSpec spec, GenericContainer<?> container) {
    this.spec = spec;
    this.container = container;
  }

  /**
   * A not-yet-started member on {@code network}, reachable there as its name.
   *
   * @param extraHost a host name that containers resolve to the Docker host, or {@code null}
   */
  static MongoNode create(NodeSpec spec, Network network, DockerImageName image,
      Duration startTimeout, String extraHost) {
    GenericContainer<?> container = new GenericContainer<>(image)
        .withNetwork(network)
        .withNetworkAliases(spec.name())
        .withExposedPorts(NodeSpec.PORT)
        .withCommand(spec.command().toArray(String[]::new))
        .waitingFor(Wait.forLogMessage("(?i).*waiting for connections.*", 1)
            .withStartupTimeout(startTimeout));
    if (extraHost != null) {
      container.withExtraHost(extraHost, "host-gateway");
    }
    return new MongoNode(spec, container);
  }

  public NodeSpec spec() {
    return spec;
  }

  public String name() {
    return spec.name();
  }

  /** The Testcontainers container, e.g. for its logs or to run a command in it. */
  public GenericContainer<?> container() {
    return container;
  }

  /** The host the tests reach this member at (the Docker host). */
  public String externalHost() {
    return container.getHost();
  }

  /** The port the tests reach this member at (the container's mapped port). */
  public int externalPort() {
    return container.getMappedPort(NodeSpec.PORT);
  }

  /** {@code host:port} from the tests' side. */
  public String externalAddress() {
    return externalHost() + ":" + externalPort();
  }

  /**
   * Runs {@code command} against {@code admin} over the direct connection.
   *
   * @throws PlatformException naming this member and the command
   */
  public Document run(Document command) {
    try {
      return directClient().getDatabase("admin").runCommand(command);
    } catch (MongoException e) {
      throw new PlatformException(command.keySet().iterator().next() + " on " + name(),
          e.getMessage(), e);
    }
  }

  /** A client connected to this member alone, opened on first use and closed with it. */
  synchronized MongoClient directClient() {
    if (direct == null) {
      direct = MongoClients.create(MongoClientSettings.builder()
          .applyToClusterSettings(c -> c.hosts(List.of(new ServerAddress(externalHost(),
              externalPort()))).mode(ClusterConnectionMode.SINGLE)
              .serverSelectionTimeout(5, TimeUnit.SECONDS))
          .applyToSocketSettings(s -> s.connectTimeout(5, TimeUnit.SECONDS)
              .readTimeout(60, TimeUnit.SECONDS))
          .build());
    }
    return direct;
  }

  /** The last {@code lines} lines of the container's output, for error messages. */
  String logTail(int lines) {
    try {
      List<String> all = container.getLogs().lines().toList();
      return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
    } catch (RuntimeException e) {
      return "(no logs: " + e.getMessage() + ")";
    }
  }

  @Override
  public synchronized void close() {
    if (direct != null) {
      direct.close();
      direct = null;
    }
    container.stop();
  }

  @Override
  public String toString() {
    return name();
  }
}
