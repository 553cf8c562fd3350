package dev.refarch.platform.local;

import dev.refarch.platform.local.binary.MongoBinaries;
import dev.refarch.platform.local.blkio.BlockIoThrottle;
import dev.refarch.platform.local.binary.MongoBinary;
import dev.refarch.platform.local.config.LocalSettings;
import dev.refarch.platform.local.deploy.Deployment;
import dev.refarch.platform.local.deploy.Launcher;
import dev.refarch.platform.local.deploy.Planner;
import dev.refarch.platform.local.fault.LocalFaultInjector;
import dev.refarch.platform.spi.ClusterProvisioner;
import dev.refarch.platform.spi.Fault;
import dev.refarch.platform.spi.PlatformException;
import dev.refarch.platform.spi.RunningCluster;
import dev.refarch.platform.spi.Topology;
import dev.refarch.platform.spi.config.ConfigurationException;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Starts real {@code mongod} (and {@code mongos}) processes on 127.0.0.1 with free ports and a
 * temporary directory: a standalone, a replica set ({@code rs=1}, {@code rs=3} = 2 data members +
 * arbiter, {@code pss}), or — when a {@code mongos} binary is found — a sharded cluster.
 *
 * <p>Registered as {@code local} for {@link java.util.ServiceLoader}. Thread-safe; every
 * {@link #start} returns an independent cluster. Settings are the {@code local.*} keys of
 * {@link LocalSettings}; binaries come from {@link MongoBinaries}.
 *
 * <pre>{@code
 * try (RunningCluster c = new LocalProvisioner().start(Topology.parse("rs=3"), Map.of())) {
 *   MongoClients.create(c.connectionString());
 *   c.faults().inject(Fault.of("kill", "primary"));
 * }
 * }</pre>
 */
public final class LocalProvisioner implements ClusterProvisioner {

  private final MongoBinaries binaries;

  /** Discovers binaries in this process's environment, installing {@code mongod} if needed. */
  public LocalProvisioner() {
    this(MongoBinaries.fromEnvironment());
  }

  public LocalProvisioner(MongoBinaries binaries) {
    this.binaries = Objects.requireNonNull(binaries);
  }

  /** The actions of the fault injector its clusters bring, for checks before one runs. */
  @Override
  public Optional<Set<String>> faultActions() {
    return Optional.of(LocalFaultInjector.ACTIONS);
  }

  @Override
  public void checkFaultParameters(Fault fault) {
    dev.refarch.platform.local.fault.FaultParameters.parse(
        dev.refarch.platform.local.fault.FaultAction.parse(fault.action()), fault.parameters(),
        java.time.Duration.ofSeconds(1));
  }

  /** Against the members {@link Planner} lays {@code topology} out as; no setting renames them. */
  @Override
  public void checkFaultTarget(Fault fault, Topology topology, Map<String, String> settings) {
    Planner.targets(topology).parse(fault.target());
  }

  @Override
  public String name() {
    return "local";
  }

  @Override
  public String description() {
    return "mongod/mongos processes on 127.0.0.1: standalone, replica set, sharded (needs mongos)";
  }

  @Override
  public String unavailableReason(Topology topology) {
    try {
      String mongod = binaries.mongodUnavailableReason();
      if (mongod != null) {
        return mongod;
      }
      return topology instanceof Topology.Sharded ? binaries.mongosUnavailableReason() : null;
    } catch (ConfigurationException e) {
      return e.getMessage(); // MONGOD_BIN or MONGOS_BIN names no executable
    }
  }

  /**
   * Starts {@code topology} and waits until it accepts writes.
   *
   * @throws ConfigurationException for an unknown or bad {@code local.*} setting, before
   *     anything starts
   * @throws PlatformException when the topology cannot run here or a member fails; nothing is
   *     left running
   */
  @Override
  public RunningCluster start(Topology topology, Map<String, String> settings) {
    LocalSettings local = LocalSettings.from(settings);
    String operation = "start local " + topology.label();
    String reason = unavailableReason(topology);
    if (reason != null) {
      throw new PlatformException(operation, reason);
    }
    local.ioCap().ifPresent(cap -> requireBlockDevice(local));
    MongoBinary mongod = binaries.mongod();
    Optional<MongoBinary> mongos = topology instanceof Topology.Sharded
        ? binaries.mongos() : Optional.empty();
    Deployment deployment = Planner.plan(topology, local, mongod, mongos);
    LocalCluster cluster = new LocalCluster(deployment, local);
    try {
      cluster.started(Launcher.start(deployment, local));
    } catch (RuntimeException e) {
      // The launcher has stopped everything and kept the failed member's logs; a close would
      // delete them.
      cluster.abandon();
      throw e;
    }
    try {
      cluster.capDisks();
    } catch (RuntimeException e) {
      cluster.close();
      throw e;
    }
    return cluster;
  }

  /** A cap needs the members' data on a block device: refused before anything starts. */
  private static void requireBlockDevice(LocalSettings local) {
    try {
      BlockIoThrottle.deviceOf(local.workDir());
    } catch (PlatformException e) {
      BlockIoThrottle.Cap cap = local.ioCap().orElseThrow();
      throw new ConfigurationException((cap.iops() > 0 ? LocalSettings.IO_MAX_IOPS
          : LocalSettings.IO_MAX_BPS).key(), cap.toString(), "unset, or local.workDir on a block"
          + " device", e.getMessage());
    }
  }
}
