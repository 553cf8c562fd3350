package dev.refarch.platform.local.deploy;

import dev.refarch.platform.local.binary.MongoBinary;
import dev.refarch.platform.local.config.LocalSettings;
import dev.refarch.platform.local.process.FreePorts;
import dev.refarch.platform.local.process.Member;
import dev.refarch.platform.local.process.MemberSpec;
import dev.refarch.platform.local.process.Role;
import dev.refarch.platform.spi.PlatformException;
import dev.refarch.platform.spi.Topology;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;

/**
 * Turns a {@link Topology} into a {@link Deployment} of not-yet-started members: names, roles,
 * ports, directories and command lines. Nothing runs yet, so a plan can be inspected (and unit
 * tested) without processes.
 *
 * <p>Member names: {@code standalone}; {@code rs0-0}…; {@code config-0}…, {@code shard0-0}…,
 * {@code mongos-0}…. A replica set's arbiter comes last ({@code rs=3}: {@code rs0-2}).
 *
 * <p>Stateless and thread-safe.
 */
public final class Planner {

  /** The name of the one replica set of a replica-set topology. */
  public static final String REPLICA_SET = "rs0";
  /** The name of a sharded cluster's config server replica set. */
  public static final String CONFIG = "config";

  private Planner() {
  }

  /**
   * Creates the work directory under {@link LocalSettings#workDir()} and lays out the members.
   *
   * @param mongos required for sharded topologies
   * @throws PlatformException when the directory cannot be created or ports are short
   */
  public static Deployment plan(Topology topology, LocalSettings settings, MongoBinary mongod,
      Optional<MongoBinary> mongos) {
    Path workDir = createWorkDir(settings.workDir());
    Layout layout = new Layout(workDir, settings, mongod,
        FreePorts.allocate(processCount(topology)).iterator());
    if (topology instanceof Topology.Standalone) {
      Member standalone = layout.mongod("standalone", Role.STANDALONE, "standalone", List.of());
      return new Deployment(topology, workDir, standalone, List.of(), List.of(), mongod, mongos);
    }
    if (topology instanceof Topology.ReplicaSet rs) {
      ReplicaSetGroup set = layout.replicaSet(REPLICA_SET, rs.dataMembers(), rs.arbiter(),
          Role.DATA, List.of());
      return new Deployment(topology, workDir, null, List.of(set), List.of(), mongod, mongos);
    }
    Topology.Sharded sharded = (Topology.Sharded) topology;
    MongoBinary router = mongos.orElseThrow(() -> new PlatformException(
        "plan " + topology.label(), "a sharded topology needs a mongos binary"));
    List<ReplicaSetGroup> sets = new ArrayList<>();
    sets.add(layout.replicaSet(CONFIG, sharded.configMembers(), false, Role.CONFIG,
        List.of("--configsvr")));
    for (int s = 0; s < sharded.shards(); s++) {
      sets.add(layout.replicaSet("shard" + s, sharded.membersPerShard(), false, Role.DATA,
          List.of("--shardsvr")));
    }
    List<Member> routers = new ArrayList<>();
    for (int r = 0; r < sharded.routers(); r++) {
      routers.add(layout.router("mongos-" + r, router, CONFIG + "/" + sets.get(0).seedList()));
    }
    return new Deployment(topology, workDir, null, sets, routers, mongod, mongos);
  }

  static int processCount(Topology topology) {
    if (topology instanceof Topology.ReplicaSet rs) {
      return rs.members();
    }
    if (topology instanceof Topology.Sharded s) {
      return s.configMembers() + s.shards() * s.membersPerShard() + s.routers();
    }
    return 1;
  }

  private static Path createWorkDir(Path parent) {
    try {
      Files.createDirectories(parent);
      return Files.createTempDirectory(parent, "ycsb-local-").toAbsolutePath();
    } catch (IOException e) {
      throw new PlatformException("create work directory in " + parent, e.toString(), e);
    }
  }

  /** Hands out ports and directories while members are laid out. */
  private record Layout(Path workDir, LocalSettings settings, MongoBinary mongod,
      Iterator<Integer> ports) {

    ReplicaSetGroup replicaSet(String name, int dataMembers, boolean arbiter, Role dataRole,
        List<String> clusterRole) {
      List<String> options = new ArrayList<>(List.of("--replSet", name));
      options.addAll(clusterRole);
      List<Member> members = new ArrayList<>();
      for (int i = 0; i < dataMembers; i++) {
        members.add(mongod(name + "-" + i, dataRole, name, options));
      }
      if (arbiter) {
        members.add(mongod(name + "-" + dataMembers, Role.ARBITER, name, options));
      }
      return new ReplicaSetGroup(name, dataRole == Role.CONFIG, members);
    }

    Member mongod(String name, Role role, String group, List<String> roleOptions) {
      List<String> options = new ArrayList<>(roleOptions);
      options.addAll(List.of("--wiredTigerCacheSizeGB", settings.cacheSizeArgument(),
          "--setParameter", "shutdownTimeoutMillisForSignaledShutdown="
              + settings.shutdownTimeoutMillis()));
      options.addAll(settings.extraArgs());
      return new Member(new MemberSpec(name, role, group, ports.next(), workDir.resolve(name),
          mongod.path(), options));
    }

    Member router(String name, MongoBinary mongos, String configDb) {
      return new Member(new MemberSpec(name, Role.ROUTER, null, ports.next(),
          workDir.resolve(name), mongos.path(), List.of("--configdb", configDb)));
    }
  }
}
