package dev.refarch.platform.local.deploy;

import dev.refarch.platform.local.binary.MongoBinary;
import dev.refarch.platform.local.internal.Directories;
import dev.refarch.platform.local.process.Member;
import dev.refarch.platform.spi.Topology;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Every process of one local cluster and the directory they live in: a standalone, one replica
 * set, or config servers, shards and routers.
 *
 * <p>Thread-safe: the structure is fixed at planning time; members are thread-safe.
 */
public final class Deployment {

  /** How long a member gets to exit after {@code SIGTERM} before it is killed. */
  public static final Duration STOP_GRACE = Duration.ofSeconds(10);

  private final Topology topology;
  private final Path workDir;
  private final Member standalone;
  private final List<ReplicaSetGroup> replicaSets;
  private final List<Member> routers;
  private final MongoBinary mongod;
  private final Optional<MongoBinary> mongos;

  Deployment(Topology topology, Path workDir, Member standalone, List<ReplicaSetGroup> replicaSets,
      List<Member> routers, MongoBinary mongod, Optional<MongoBinary> mongos) {
    this.topology = topology;
    this.workDir = workDir;
    this.standalone = standalone;
    this.replicaSets = List.copyOf(replicaSets);
    this.routers = List.copyOf(routers);
    this.mongod = mongod;
    this.mongos = mongos;
  }

  public Topology topology() {
    return topology;
  }

  /** The cluster's own temporary directory; each member has a subdirectory named after it. */
  public Path workDir() {
    return workDir;
  }

  public MongoBinary mongod() {
    return mongod;
  }

  public Optional<MongoBinary> mongos() {
    return mongos;
  }

  /** Replica sets: the config servers first, then shards in order; or the one plain set. */
  public List<ReplicaSetGroup> replicaSets() {
    return replicaSets;
  }

  public List<Member> routers() {
    return routers;
  }

  /** Every {@code mongod}: the standalone, or replica set members in set order. */
  public List<Member> mongods() {
    List<Member> all = new ArrayList<>();
    if (standalone != null) {
      all.add(standalone);
    }
    replicaSets.forEach(g -> all.addAll(g.members()));
    return all;
  }

  /** Every member, routers last, in a stable order. */
  public List<Member> members() {
    List<Member> all = mongods();
    all.addAll(routers);
    return all;
  }

  /** What clients connect to: the routers, the replica set's data members, or the standalone. */
  public String connectionString() {
    if (!routers.isEmpty()) {
      return "mongodb://" + routers.stream().map(m -> m.spec().hostAndPort())
          .collect(Collectors.joining(",")) + "/";
    }
    if (standalone != null) {
      return "mongodb://" + standalone.spec().hostAndPort() + "/";
    }
    ReplicaSetGroup set = replicaSets.get(0);
    return "mongodb://" + set.seedList() + "/?replicaSet=" + set.name();
  }

  /**
   * Stops every process, routers first and config servers last so that each tier can shut down
   * cleanly; within a tier, all get {@code SIGTERM} at once and share the grace period.
   */
  public void stopAll() {
    List<List<Member>> tiers = new ArrayList<>();
    tiers.add(routers);
    replicaSets.stream().filter(g -> !g.configServer()).forEach(g -> tiers.add(g.members()));
    replicaSets.stream().filter(ReplicaSetGroup::configServer).forEach(g -> tiers.add(g.members()));
    if (standalone != null) {
      tiers.add(List.of(standalone));
    }
    for (List<Member> tier : tiers) {
      tier.forEach(Member::retire);
      tier.forEach(m -> m.awaitRetired(STOP_GRACE));
    }
  }

  /** Deletes the work directory, sparing the log and console files of {@code keepLogsOf}. */
  public void deleteFiles(Set<String> keepLogsOf) {
    Set<Path> keep = members().stream().filter(m -> keepLogsOf.contains(m.name()))
        .flatMap(m -> Set.of(m.spec().logPath(), m.spec().consolePath()).stream())
        .collect(Collectors.toSet());
    Directories.deleteExcept(workDir, keep::contains);
  }
}
