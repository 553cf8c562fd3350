package dev.refarch.testcontainers.cluster;

import dev.refarch.platform.local.blkio.BlockIoThrottle;
import dev.refarch.platform.spi.FaultInjector;
import dev.refarch.platform.spi.PlatformState;
import dev.refarch.platform.spi.RunningCluster;
import dev.refarch.platform.spi.Topology;
import dev.refarch.platform.spi.config.ConfigurationException;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What the container clusters share: the members' containers on one network, the connection
 * string, the platform state, a fault injector, and stopping it all on {@link #close()}.
 *
 * <p>Thread-safe; {@link #close()} is idempotent. The cluster cleans up after itself and needs
 * no resource reaper (Testcontainers' Ryuk image cannot be pulled where no registry is
 * reachable; run with {@code TESTCONTAINERS_RYUK_DISABLED=true} there): {@link #close()} stops
 * and removes every container and the network, and so does a JVM shutdown hook when the JVM
 * exits without a close. Only a JVM killed with SIGKILL leaves them behind (labelled
 * {@code org.testcontainers=true}; stopping the engine started by {@code src/bin/docker-up}
 * removes them too).
 */
public abstract sealed class ContainerCluster implements RunningCluster
    permits ReplicaSetCluster, ShardedMongoCluster {

  /** The component name under which {@link #state()} records facts. */
  public static final String COMPONENT = "testcontainers";

  private final ContainerPlan plan;
  private final ContainerSettings settings;
  private final ContainerLauncher.Launched launched;
  private final ContainerFaultInjector faults;
  /** This machine's connections through a proxy per member, or {@code null} (clientProxy). */
  private final ClientProxies proxies;
  private final Thread shutdownHook;
  private boolean closed; // guarded by this

  /** Starts the plan and waits until it accepts writes. */
  ContainerCluster(ContainerPlan plan, ContainerSettings settings) {
    this.plan = plan;
    this.settings = settings;
    this.launched = ContainerLauncher.launch(plan, settings);
    this.proxies = settings.clientProxy() ? proxies(launched) : null;
    this.faults = new ContainerFaultInjector(plan, launched.nodes(), proxies);
    this.shutdownHook = new Thread(this::stopAll, "testcontainers-cluster-cleanup");
    Runtime.getRuntime().addShutdownHook(shutdownHook);
    try {
      settings.ioCap().ifPresent(this::capEveryMongod);
    } catch (RuntimeException e) {
      close();
      throw e;
    }
  }

  /** The client proxies of {@code launched}'s members; on a failure stops what it launched. */
  private static ClientProxies proxies(ContainerLauncher.Launched launched) {
    try {
      return ClientProxies.start(launched.nodes().values());
    } catch (RuntimeException e) {
      ContainerLauncher.stopAll(launched.nodes(), launched.network(), null);
      throw e;
    }
  }

  /** Caps every {@code mongod} member's disk for the cluster's life ({@code io.maxIops}). */
  private void capEveryMongod(BlockIoThrottle.Cap cap) {
    for (MongoNode node : launched.nodes().values()) {
      if (node.spec().role() != NodeSpec.Role.ROUTER) {
        BlockIoThrottle.cap(node.blkioGroup(), node.dataDevice(), cap);
      }
    }
  }

  @Override
  public Topology topology() {
    return plan.topology();
  }

  @Override
  public String connectionString() {
    return launched.connectionString();
  }

  /** The server version the members run, e.g. {@code 8.0.4}. */
  public String serverVersion() {
    return launched.serverVersion();
  }

  /** Every member, replica sets first, then routers. */
  public List<MongoNode> members() {
    return List.copyOf(launched.nodes().values());
  }

  /**
   * The member called {@code name}, e.g. {@code shard0-1}.
   *
   * @throws ConfigurationException naming the members there are
   */
  public MongoNode member(String name) {
    MongoNode node = launched.nodes().get(name);
    if (node == null) {
      throw new ConfigurationException("member", name, String.join(", ",
          launched.nodes().keySet()));
    }
    return node;
  }

  /** Every running data member's rollback files, copied out of its container. */
  @Override
  public java.util.Optional<Map<String, Map<String, byte[]>>> rollbackFiles() {
    Map<String, Map<String, byte[]>> files = new java.util.LinkedHashMap<>();
    for (MongoNode node : launched.nodes().values()) {
      if (node.spec().role() != NodeSpec.Role.ROUTER && node.spec().role() != NodeSpec.Role.ARBITER
          && node.isRunning()) {
        Map<String, byte[]> mine = node.rollbackFiles();
        if (!mine.isEmpty()) {
          files.put(node.name(), mine);
        }
      }
    }
    return java.util.Optional.of(files);
  }

  /**
   * The packet filters that {@code isolate} and {@code cut} faults hold in place now, as the
   * kernel lists them with the packets each dropped; empty when none do.
   */
  public List<String> packetFilters() {
    return faults.packetFilters();
  }

  /**
   * The toxics on member {@code name}'s client proxy now, as the proxy lists them (e.g.
   * {@code latency 100 ms}); empty when it has none, or the cluster no client proxy.
   */
  public List<String> clientTrafficToxics(String name) {
    member(name);
    return proxies == null ? List.of() : proxies.toxics(name);
  }

  /**
   * What member {@code name}'s container did on the disk under its data so far, by the kernel's
   * own count (its block I/O group's {@code io_serviced} and {@code io_service_bytes}), and the
   * cap on it now, if any.
   *
   * @throws dev.refarch.platform.spi.PlatformException when the engine runs elsewhere or no block
   *     device holds its data
   */
  public DiskCount disk(String name) {
    MongoNode node = member(name);
    java.nio.file.Path group = node.blkioGroup();
    BlockIoThrottle.Device device = node.dataDevice();
    return new DiskCount(device, BlockIoThrottle.serviced(group, device),
        BlockIoThrottle.capOf(group, device));
  }

  /**
   * The kernel's count of member {@code name}'s block I/O, as {@link #disk} reads it, for reading
   * again and again: the member's block I/O group and disk are asked of the engine once, here,
   * and each read is one file of the kernel's — so a reading stamped beside it is not skewed by
   * an engine call (tens to hundreds of milliseconds on a loaded machine). Valid while the
   * member's container runs.
   *
   * @throws dev.refarch.platform.spi.PlatformException as {@link #disk}
   */
  public java.util.function.Supplier<BlockIoThrottle.Serviced> diskCounter(String name) {
    MongoNode node = member(name);
    java.nio.file.Path group = node.blkioGroup();
    BlockIoThrottle.Device device = node.dataDevice();
    return () -> BlockIoThrottle.serviced(group, device);
  }

  /**
   * A member's disk as the kernel counts it.
   *
   * @param device the disk
   * @param serviced what the member's container did there so far
   * @param cap the cap on it now, if any
   */
  public record DiskCount(BlockIoThrottle.Device device, BlockIoThrottle.Serviced serviced,
      java.util.Optional<BlockIoThrottle.Cap> cap) {
  }

  /** The layout this cluster was started from. */
  public ContainerPlan plan() {
    return plan;
  }

  @Override
  public PlatformState state() {
    Map<String, String> facts = new TreeMap<>();
    facts.put("topology", plan.topology().label());
    facts.put("image", settings.image().asCanonicalNameString());
    if (!plan.routers().isEmpty()) {
      facts.put("mongosImage", settings.mongosImage().asCanonicalNameString());
    }
    facts.put("connectionString", connectionString());
    facts.put("serverVersion", serverVersion());
    facts.put("wiredTigerCacheSizeGB", settings.cacheSizeArgument());
    settings.electionTimeoutMillis().ifPresent(ms ->
        facts.put("electionTimeoutMillis", String.valueOf(ms)));
    facts.put("publishedOn", launched.publication().bindHost());
    if (proxies != null) {
      facts.putAll(proxies.facts());
    }
    if (launched.publication().advertisedHost() != null) {
      facts.put("advertisedHost", launched.publication().advertisedHost());
    }
    for (MongoNode node : launched.nodes().values()) {
      String prefix = "member." + node.name() + ".";
      facts.put(prefix + "role", node.spec().role().name().toLowerCase(java.util.Locale.ROOT));
      facts.put(prefix + "container", shortId(node.container().getContainerId()));
      facts.put(prefix + "port", String.valueOf(node.externalPort()));
      // as the replica set's configuration names it, and so hello and its telemetry
      String host = launched.publication().advertisedHost() != null
          ? launched.publication().advertisedHost() : launched.publication().clientHost();
      facts.put(prefix + "address", host + ":" + node.externalPort());
      if (node.spec().group() != null) {
        facts.put(prefix + "replicaSet", node.spec().group());
      }
      if (node.spec().role() != NodeSpec.Role.ROUTER && node.isRunning()) {
        try {
          BlockIoThrottle.Device device = node.dataDevice();
          facts.put(prefix + "disk", device.name());
          BlockIoThrottle.capOf(node.blkioGroup(), device).ifPresent(cap ->
              facts.put(prefix + "io.cap", cap.toString()));
        } catch (RuntimeException e) {
          facts.put(prefix + "disk", "unknown: " + e.getMessage());
        }
      }
    }
    return new PlatformState(Map.of(COMPONENT, facts));
  }

  private static String shortId(String id) {
    return id == null ? "?" : id.substring(0, Math.min(12, id.length()));
  }

  @Override
  public FaultInjector faults() {
    return faults;
  }

  /**
   * Restores what faults left in place (packet filters, paused members), lifts the client
   * proxies' redirect and stops their server, stops every container and removes the network;
   * idempotent.
   */
  @Override
  public void close() {
    try {
      Runtime.getRuntime().removeShutdownHook(shutdownHook);
    } catch (IllegalStateException e) {
      // the JVM is exiting and runs the hook itself; stopAll is idempotent
    }
    stopAll();
  }

  private synchronized void stopAll() {
    if (closed) {
      return;
    }
    closed = true;
    try {
      faults.restore(); // this machine's packet filters outlive the containers
    } catch (RuntimeException e) {
      System.err.println("testcontainers: " + e.getMessage());
    }
    if (proxies != null) {
      try {
        proxies.close(); // so does the redirect to the proxies, and the proxy's process
      } catch (RuntimeException e) {
        System.err.println("testcontainers: " + e.getMessage());
      }
    }
    ContainerLauncher.stopAll(launched.nodes(), launched.network(), null);
  }

  /**
   * What both clusters' fluent front ends set the same way: the image, the election timeout and
   * any {@code testcontainers.*} setting. {@link #start()} validates and starts.
   *
   * @param <B> the concrete builder, returned by every setter
   * @param <C> the cluster it starts
   */
  public abstract static class Builder<B extends Builder<B, C>, C extends ContainerCluster> {
    private final Map<String, String> settings = new java.util.HashMap<>();

    Builder() {
    }

    /** The image of every {@code mongod} member, e.g. {@code mongo:7.0}. */
    public B image(String image) {
      return setting(ContainerSettings.IMAGE.key(), image);
    }

    /** Every replica set's election timeout in milliseconds (server default 10000). */
    public B electionTimeoutMillis(int millis) {
      return setting(ContainerSettings.ELECTION_TIMEOUT_MILLIS.key(), String.valueOf(millis));
    }

    /** Any {@code testcontainers.*} setting. */
    public B setting(String key, String value) {
      settings.put(key, value);
      return self();
    }

    /** The settings given so far. */
    Map<String, String> settings() {
      return settings;
    }

    @SuppressWarnings("unchecked")
    B self() {
      return (B) this;
    }

    /** Validates the settings and starts the cluster. */
    public abstract C start();
  }
}
