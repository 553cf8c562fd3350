package dev.refarch.testcontainers.cluster;

import dev.refarch.platform.spi.ClusterProvisioner;
import dev.refarch.platform.spi.Fault;
import dev.refarch.platform.spi.FaultTargets;
import dev.refarch.platform.spi.PlatformException;
import dev.refarch.platform.spi.RunningCluster;
import dev.refarch.platform.spi.Topology;
import dev.refarch.platform.spi.config.ConfigurationException;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The {@code testcontainers} provisioner: replica sets ({@link ReplicaSetCluster}) and sharded
 * clusters ({@link ShardedMongoCluster}) as MongoDB containers on Docker. Settings are the
 * {@code testcontainers.*} keys of {@link ContainerSettings}.
 *
 * <p>Registered for {@link java.util.ServiceLoader}. Thread-safe; every {@link #start} returns
 * an independent cluster.
 *
 * <pre>{@code
 * ClusterProvisioner p = Extensions.provisioner("testcontainers");
 * if (p.unavailableReason(topology) == null) {
 *   try (RunningCluster c = p.start(Topology.parse("sharded:2x3"), Map.of())) { ... }
 * }
 * }</pre>
 */
public final class TestcontainersProvisioner implements ClusterProvisioner {

  private final Supplier<String> dockerUnavailable;
  private final Function<String, Optional<Set<String>>> commandsOf;

  /** Asks Testcontainers whether a Docker engine is at hand, and the engine what images hold. */
  public TestcontainersProvisioner() {
    this(Docker::unavailableReason, Docker::commandsOf);
  }

  /**
   * @param dockerUnavailable why Docker cannot be used, or {@code null} when it can
   * @param commandsOf the MongoDB commands an image says it holds, empty when it does not say
   */
  TestcontainersProvisioner(Supplier<String> dockerUnavailable,
      Function<String, Optional<Set<String>>> commandsOf) {
    this.dockerUnavailable = Objects.requireNonNull(dockerUnavailable);
    this.commandsOf = Objects.requireNonNull(commandsOf);
  }

  @Override
  public String name() {
    return "testcontainers";
  }

  @Override
  public String description() {
    return "MongoDB containers on Docker through Testcontainers: replica sets, and sharded"
        + " clusters of a config replica set, shard replica sets and mongos routers";
  }

  @Override
  public Optional<Set<String>> faultActions() {
    return Optional.of(ContainerFaultInjector.ACTIONS);
  }

  @Override
  public void checkFaultParameters(Fault fault) {
    ContainerFault.parse(fault.action()).check(fault.parameters());
  }

  /**
   * Against the members {@link ContainerPlan} lays {@code topology} out as: the target, and each
   * member a {@code cut}'s {@code to} names. Left to {@link #start} when the settings or the
   * topology cannot be laid out (a standalone).
   */
  @Override
  public void checkFaultTarget(Fault fault, Topology topology, Map<String, String> settings) {
    FaultTargets targets;
    ContainerSettings parsed;
    try {
      parsed = ContainerSettings.from(settings);
      targets = ContainerPlan.of(topology, parsed).faultTargets();
    } catch (ConfigurationException unreadable) {
      return;
    }
    targets.parse(fault.target());
    ContainerFault action = ContainerFault.parse(fault.action());
    if (action.needsClientProxy() && !parsed.clientProxy()) {
      throw new ConfigurationException(ContainerSettings.CLIENT_PROXY.key(), settings.get(
          ContainerSettings.CLIENT_PROXY.key()), "true, for " + action.label() + ": it slows"
              + " client traffic on a proxy set up when the cluster starts, before clients"
              + " connect");
    }
    if (action == ContainerFault.CUT) {
      java.util.List<String> to = ContainerFault.TO.from(fault.parameters());
      for (String member : to) {
        try {
          targets.parse(member);
        } catch (ConfigurationException bad) {
          throw new ConfigurationException(ContainerFault.TO.key(), String.join(",", to),
              bad.allowed(), "not a target: '" + member + "'" + (bad.hint() == null ? ""
                  : ", " + bad.hint()));
        }
      }
    }
  }

  @Override
  public String unavailableReason(Topology topology) {
    if (topology instanceof Topology.Standalone) {
      return "starts replica sets and sharded clusters, not a standalone (use rs=1)";
    }
    return dockerUnavailable.get();
  }

  /**
   * As {@link #unavailableReason(Topology)}, and for a sharded cluster also when the routers'
   * image ({@code testcontainers.mongosImage}, else {@code testcontainers.image}) says it holds no
   * {@code mongos} — as the images of {@code src/bin/build-images} say unless given one. Bad
   * settings are left to {@link #start}, which reports them.
   */
  @Override
  public String unavailableReason(Topology topology, Map<String, String> settings) {
    String reason = unavailableReason(topology);
    if (reason != null || !(topology instanceof Topology.Sharded)) {
      return reason;
    }
    String image;
    try {
      image = ContainerSettings.from(settings).mongosImage().asCanonicalNameString();
    } catch (ConfigurationException e) {
      return null;
    }
    return commandsOf.apply(image).filter(commands -> !commands.contains("mongos"))
        .map(commands -> "no image with mongos: " + image + " holds only "
            + String.join(" ", new TreeSet<>(commands)) + " (label " + Docker.COMMANDS_LABEL
            + "); set testcontainers.mongosImage (or testcontainers.image) to an image with"
            + " mongos, e.g. the official " + ContainerSettings.DEFAULT_IMAGE + " where Docker Hub"
            + " is reachable, or build one with src/bin/build-images --mongos PATH")
        .orElse(null);
  }

  /**
   * Starts {@code topology} and waits until it accepts writes.
   *
   * @throws dev.refarch.platform.spi.config.ConfigurationException for a bad
   *     {@code testcontainers.*} setting, before anything starts
   * @throws PlatformException when Docker is unavailable or a member fails; nothing is left
   *     running
   */
  @Override
  public RunningCluster start(Topology topology, Map<String, String> settings) {
    ContainerSettings.from(settings);
    String reason = unavailableReason(topology, settings);
    if (reason != null) {
      throw new PlatformException("start testcontainers " + topology.label(), reason);
    }
    if (topology instanceof Topology.Sharded sharded) {
      return ShardedMongoCluster.start(sharded, settings);
    }
    return ReplicaSetCluster.start((Topology.ReplicaSet) topology, settings);
  }
}
