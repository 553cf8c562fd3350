package dev.refarch.platform.local;

import dev.refarch.platform.local.config.LocalSettings;
import dev.refarch.platform.local.deploy.Deployment;
import dev.refarch.platform.local.fault.LocalFaultInjector;
import dev.refarch.platform.local.process.Member;
import dev.refarch.platform.spi.FaultInjector;
import dev.refarch.platform.spi.PlatformException;
import dev.refarch.platform.spi.PlatformState;
import dev.refarch.platform.spi.RunningCluster;
import dev.refarch.platform.spi.Topology;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * A running local deployment: its connection string, its state, its fault injector, and the
 * duty to stop every process and delete its directory on {@link #close()} — or, if the JVM exits
 * without a close, from a shutdown hook.
 *
 * <p>Thread-safe. {@link #close()} is idempotent; a second caller waits for the first to finish.
 */
final class LocalCluster implements RunningCluster {

  /** The component name under which {@link #state()} records facts. */
  static final String COMPONENT = "local";

  private final Deployment deployment;
  private final LocalSettings settings;
  private final LocalFaultInjector faults;
  private final Thread shutdownHook;
  private volatile String version = "unknown";
  private boolean closed; // guarded by this

  /** Registers the shutdown hook at once, so processes started from now on are covered. */
  LocalCluster(Deployment deployment, LocalSettings settings) {
    this.deployment = deployment;
    this.settings = settings;
    this.faults = new LocalFaultInjector(deployment.members(), settings.startTimeout(),
        deployment.workDir().getFileName().toString(), settings.ioCap().orElse(null));
    this.shutdownHook = new Thread(this::stopAndClean,
        "ycsb-local-shutdown-" + deployment.workDir().getFileName());
    Runtime.getRuntime().addShutdownHook(shutdownHook);
  }

  /** Records the server version once the deployment runs. */
  void started(String serverVersion) {
    this.version = serverVersion;
  }

  /** Caps every {@code mongod}'s disk at {@code local.io.maxIops}/{@code io.maxBps}, if set. */
  void capDisks() {
    faults.capForLife();
  }

  /** Gives up a cluster whose start failed and was cleaned up by the launcher. */
  synchronized void abandon() {
    closed = true;
    removeShutdownHook();
  }

  @Override
  public Topology topology() {
    return deployment.topology();
  }

  @Override
  public String connectionString() {
    return deployment.connectionString();
  }

  @Override
  public PlatformState state() {
    Map<String, String> facts = new TreeMap<>();
    facts.put("topology", deployment.topology().label());
    facts.put("connectionString", deployment.connectionString());
    facts.put("mongod.version", version);
    facts.put("mongod.path", deployment.mongod().path().toString());
    facts.put("mongod.source", deployment.mongod().source());
    deployment.mongos().ifPresent(m -> {
      facts.put("mongos.path", m.path().toString());
      facts.put("mongos.source", m.source());
    });
    facts.put("workDir", deployment.workDir().toString());
    facts.put("keepData", String.valueOf(settings.keepData()));
    facts.put("wiredTigerCacheSizeGB", settings.cacheSizeArgument());
    settings.electionTimeoutMillis().ifPresent(ms ->
        facts.put("electionTimeoutMillis", String.valueOf(ms)));
    for (Member m : deployment.members()) {
      String prefix = "member." + m.name() + ".";
      facts.put(prefix + "port", String.valueOf(m.spec().port()));
      facts.put(prefix + "role", m.spec().role().label());
      facts.put(prefix + "process", m.status().label());
      m.lastPid().ifPresent(pid -> facts.put(prefix + "pid", String.valueOf(pid)));
      if (!m.spec().process().equals("mongos")) {
        facts.put(prefix + "dbPath", m.spec().dbPath().toString());
      }
      if (m.spec().role().inReplicaSet()) {
        facts.put(prefix + "replicaSet", m.spec().group());
      }
      faults.diskCap(m.name()).ifPresent(cap -> facts.put(prefix + "io.cap", cap.toString()));
    }
    return new PlatformState(Map.of(COMPONENT, facts));
  }

  /** Every data member's {@code <dbPath>/rollback} files, read from this machine's disk. */
  @Override
  public Optional<Map<String, Map<String, byte[]>>> rollbackFiles() {
    Map<String, Map<String, byte[]>> files = new java.util.LinkedHashMap<>();
    for (Member m : deployment.members()) {
      Path folder = m.spec().dbPath().resolve("rollback");
      if (!m.spec().role().bearsData() || !Files.isDirectory(folder)) {
        continue;
      }
      Map<String, byte[]> mine = new TreeMap<>();
      try (Stream<Path> walk = Files.walk(folder)) {
        for (Path f : walk.filter(Files::isRegularFile).toList()) {
          mine.put(folder.relativize(f).toString(), Files.readAllBytes(f));
        }
      } catch (IOException e) {
        throw new PlatformException("read " + folder, e.toString(), e);
      }
      files.put(m.name(), mine);
    }
    return Optional.of(files);
  }

  @Override
  public FaultInjector faults() {
    return faults;
  }

  @Override
  public void close() {
    stopAndClean();
    removeShutdownHook();
  }

  private void removeShutdownHook() {
    try {
      Runtime.getRuntime().removeShutdownHook(shutdownHook);
    } catch (IllegalStateException shuttingDown) {
      // The JVM is already exiting and runs the hook itself; stopAndClean is idempotent.
    }
  }

  private synchronized void stopAndClean() {
    if (closed) {
      return;
    }
    closed = true;
    deployment.stopAll();
    try {
      faults.releaseDisks();
    } catch (RuntimeException e) {
      System.err.println("local cluster: " + e.getMessage());
    }
    if (!settings.keepData()) {
      deployment.deleteFiles(Set.of());
    }
  }
}
