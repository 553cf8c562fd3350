package dev.refarch.testcontainers.cluster;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.model.ContainerNetwork;
import com.github.dockerjava.api.model.ExposedPort;
import com.github.dockerjava.api.model.PortBinding;
import com.github.dockerjava.api.model.Ports;
import com.mongodb.MongoClientSettings;
import com.mongodb.MongoException;
import com.mongodb.ServerAddress;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.connection.ClusterConnectionMode;
import dev.refarch.platform.local.blkio.BlockIoThrottle;
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
 * One running member of a container cluster: its container, the address the tests reach it at
 * (its published port, fixed for the member's life), a direct connection to it, and what faults
 * do to a container — kill, stop, start, pause, unpause, and cutting it off its network and
 * reconnecting it under the same name.
 *
 * <p>Thread-safe. {@link #close()} closes the connection and stops the container.
 */
public final class MongoNode implements AutoCloseable {

  /** The resolver containers get: nothing listens there, so no name is looked up outside. */
  static final String NO_RESOLVER = "127.0.0.1";

  private final NodeSpec spec;
  private final GenericContainer<?> container;
  private final Network network;
  private final String clientHost;
  private final String advertisedHost;
  private final int hostPort;
  private MongoClient direct; // guarded by this
  private volatile BlockIoThrottle.Device dataDevice; // the engine's data folder's, once known

  private MongoNode(NodeSpec spec, GenericContainer<?> container, Network network,
      String clientHost, String advertisedHost, int hostPort) {
    this.spec = spec;
    this.container = container;
    this.network = network;
    this.clientHost = clientHost;
    this.advertisedHost = advertisedHost;
    this.hostPort = hostPort;
  }

  /**
   * A not-yet-started member on {@code network}, reachable there as its name, publishing its
   * port as {@code publication} says on {@code hostPort}.
   *
   * @param extraHost a host name that containers resolve to the Docker host, or {@code null}
   */
  static MongoNode create(NodeSpec spec, Network network, DockerImageName image,
      Duration startTimeout, String extraHost, Publication publication, int hostPort) {
    PortBinding binding = new PortBinding(
        Ports.Binding.bindIpAndPort(publication.bindHost(), hostPort), ExposedPort.tcp(NodeSpec.PORT));
    GenericContainer<?> container = new GenericContainer<>(image)
        .withNetwork(network)
        .withNetworkAliases(spec.name())
        .withExposedPorts(NodeSpec.PORT)
        .withCreateContainerCmdModifier(cmd -> cmd.getHostConfig()
            .withPortBindings(binding).withPublishAllPorts(false).withDns(NO_RESOLVER))
        .withCommand(spec.command().toArray(String[]::new))
        .waitingFor(Wait.forLogMessage("(?i).*waiting for connections.*", 1)
            .withStartupTimeout(startTimeout));
    if (extraHost != null) {
      container.withExtraHost(extraHost, "host-gateway");
    }
    return new MongoNode(spec, container, network, publication.clientHost(),
        publication.advertisedHost(), hostPort);
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

  /** The host the tests reach this member at: 127.0.0.1, the network's gateway, or the engine's. */
  public String externalHost() {
    return clientHost;
  }

  /** The port the tests reach this member at: its published port, the same for its whole life. */
  public int externalPort() {
    return hostPort;
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

  /**
   * What the member says it is now: {@code primary} (and writable), {@code secondary},
   * {@code arbiter}, {@code router}, {@code other} (starting, recovering, rolling back, a primary
   * still draining) or {@code unreachable}.
   */
  public String role() {
    try {
      Document hello = run(new Document("hello", 1));
      if ("isdbgrid".equals(hello.getString("msg"))) {
        return "router";
      }
      if (Boolean.TRUE.equals(hello.getBoolean("isWritablePrimary"))) {
        return "primary";
      }
      if (Boolean.TRUE.equals(hello.getBoolean("secondary"))) {
        return "secondary";
      }
      return Boolean.TRUE.equals(hello.getBoolean("arbiterOnly")) ? "arbiter" : "other";
    } catch (PlatformException e) {
      return "unreachable";
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

  /**
   * Closes the direct connection, so that the next use opens a new one: after this machine's
   * connections to the member were redirected through a proxy, the ones opened before fail at
   * their next use.
   */
  synchronized void reopenDirectClient() {
    if (direct != null) {
      direct.close();
      direct = null;
    }
  }

  /** Whether the container runs (and is not paused), as the engine says now. */
  boolean isRunning() {
    var state = docker().inspectContainerCmd(id()).exec().getState();
    return Boolean.TRUE.equals(state.getRunning()) && !Boolean.TRUE.equals(state.getPaused());
  }

  /** {@code docker kill}: SIGKILL to every process, as in a crash. */
  void kill() {
    docker().killContainerCmd(id()).exec();
  }

  /** {@code docker stop}: SIGTERM, then SIGKILL after {@code grace}. */
  void stop(Duration grace) {
    docker().stopContainerCmd(id()).withTimeout((int) Math.max(1, grace.toSeconds())).exec();
  }

  /** {@code docker start} of the stopped container: same data, same port. */
  void start() {
    docker().startContainerCmd(id()).exec();
  }

  /** {@code docker pause}: every process frozen. */
  void pause() {
    docker().pauseContainerCmd(id()).exec();
  }

  /** {@code docker unpause}. */
  void unpause() {
    docker().unpauseContainerCmd(id()).exec();
  }

  /** Cuts it off its network: no member and, as its published port goes too, no client reach it. */
  void disconnect() {
    docker().disconnectFromNetworkCmd().withNetworkId(network.getId()).withContainerId(id())
        .exec();
  }

  /** Reconnects it to its network under its name; its published port comes back with it. */
  void reconnect() {
    docker().connectToNetworkCmd().withNetworkId(network.getId()).withContainerId(id())
        .withContainerNetwork(new ContainerNetwork().withAliases(spec.name())).exec();
  }

  /**
   * Where the other members open their connections to this one: the advertised address and
   * published port when the replica set names its members so, else its address on the cluster's
   * network and {@value NodeSpec#PORT}.
   *
   * @throws PlatformException when the advertised host is a name, not an address
   */
  NetworkCuts.Endpoint peerEndpoint() {
    if (advertisedHost != null) {
      if (!ContainerLauncher.isIpLiteral(advertisedHost)) {
        throw new PlatformException("cut connections to " + name(), "its peers reach it as "
            + advertisedHost + ", a name; packet filters need an address");
      }
      return new NetworkCuts.Endpoint(advertisedHost, hostPort);
    }
    return networkEndpoint("cut connections to " + name());
  }

  /**
   * The member's own address on the cluster's network and {@value NodeSpec#PORT}: where it
   * listens, reached without its published port. The engine may give it another address after a
   * restart or a reconnect, so this asks the engine each time.
   *
   * @param doing what the caller does, for the message when it has no address there
   * @throws PlatformException when it has none (cut off the network, not running)
   */
  NetworkCuts.Endpoint networkEndpoint(String doing) {
    var networks = docker().inspectContainerCmd(id()).exec().getNetworkSettings().getNetworks();
    return networks.values().stream().filter(n -> network.getId().equals(n.getNetworkID()))
        .map(ContainerNetwork::getIpAddress).filter(ip -> ip != null && !ip.isBlank())
        .findFirst().map(ip -> new NetworkCuts.Endpoint(ip, NodeSpec.PORT))
        .orElseThrow(() -> new PlatformException(doing, name()
            + " has no address on the cluster's network (cut off?)"));
  }

  /** Where this machine's clients open their connections to this member. */
  NetworkCuts.Endpoint clientEndpoint() {
    return new NetworkCuts.Endpoint(clientHost, hostPort);
  }

  /**
   * The process id of the container's first process as this machine sees it, to enter its
   * namespaces.
   *
   * @throws PlatformException when it does not run, or runs on an engine elsewhere (its process
   *     is not this machine's)
   */
  int pid() {
    Long pid = docker().inspectContainerCmd(id()).exec().getState().getPidLong();
    if (pid == null || pid <= 0) {
      throw new PlatformException("enter the namespaces of " + name(), "it does not run");
    }
    try {
      String cgroup = java.nio.file.Files.readString(java.nio.file.Path.of("/proc/" + pid
          + "/cgroup"));
      if (!cgroup.contains(id())) {
        throw new PlatformException("enter the namespaces of " + name(), "process " + pid
            + " on this machine is not its container's: the Docker engine runs elsewhere");
      }
    } catch (java.io.IOException e) {
      throw new PlatformException("enter the namespaces of " + name(), "no process " + pid
          + " on this machine: the Docker engine runs elsewhere", e);
    }
    return pid.intValue();
  }

  /**
   * The disk under the engine's data folder, which holds the container's writable layer — where
   * {@value #DB_PATH} is, as the members here keep their data in the container — on this machine.
   *
   * @throws PlatformException when the engine runs elsewhere or no block device holds its folder
   */
  BlockIoThrottle.Device dataDevice() {
    pid(); // the engine must be this machine's
    BlockIoThrottle.Device device = dataDevice;
    if (device == null) {
      // asked of the engine once: its data folder does not move while it runs
      String root = docker().infoCmd().exec().getDockerRootDir();
      if (root == null) {
        throw new PlatformException("find the disk under " + name(), "the engine names no data"
            + " folder");
      }
      device = BlockIoThrottle.deviceOf(java.nio.file.Path.of(root));
      dataDevice = device;
    }
    return device;
  }

  /** The container's block I/O control group on this machine. */
  java.nio.file.Path blkioGroup() {
    return BlockIoThrottle.groupOf(pid());
  }

  /** Where MongoDB keeps a member's data in the images this project builds and in official ones. */
  static final String DB_PATH = "/data/db";

  /**
   * The files a rollback wrote to {@value #DB_PATH}{@code /rollback}, by path below that folder
   * (since 4.4 {@code <collection uuid>/removed.<time>.bson}), copied out through the engine;
   * empty when there is no such folder.
   *
   * @throws PlatformException when the engine cannot copy it
   */
  java.util.Map<String, byte[]> rollbackFiles() {
    String folder = DB_PATH + "/rollback";
    java.util.Map<String, byte[]> files = new java.util.TreeMap<>();
    try (var tar = new org.apache.commons.compress.archivers.tar.TarArchiveInputStream(
        docker().copyArchiveFromContainerCmd(id(), folder).exec())) {
      for (var entry = tar.getNextEntry(); entry != null; entry = tar.getNextEntry()) {
        if (entry.isFile()) {
          files.put(entry.getName().substring(entry.getName().indexOf('/') + 1),
              tar.readAllBytes());
        }
      }
    } catch (com.github.dockerjava.api.exception.NotFoundException e) {
      return files;
    } catch (java.io.IOException e) {
      throw new PlatformException("copy " + folder + " out of " + name(), e.toString(), e);
    }
    return files;
  }

  private DockerClient docker() {
    return container.getDockerClient();
  }

  private String id() {
    return container.getContainerId();
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
