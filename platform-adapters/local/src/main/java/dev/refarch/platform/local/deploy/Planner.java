package dev.refarch.platform.local.deploy;

import dev.refarch.platform.local.binary.MongoBinary;
import dev.refarch.platform.local.config.LocalSettings;
import dev.refarch.platform.local.process.FreePorts;
import dev.refarch.platform.local.process.Member;
import dev.refarch.platform.local.process.MemberSpec;
import dev.refarch.platform.local.process.Role;
import dev.refarch.platform.spi.FaultTargets;
import dev.refarch.platform.spi.PlatformException;
import dev.refarch.platform.spi.Topology;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
   * One member of a layout before it has a port, a directory or a binary: what a fault target
   * can name before the cluster exists.
   *
   * @param name the member's name, e.g. {@code rs0-1}
   * @param role what it is for
   * @param group its replica set ({@code standalone} for a standalone); {@code null} for a router
   */
  public record Slot(String name, Role role, String group) {

    /** This member as fault targets see it. */
    public FaultTargets.Member target() {
      return new FaultTargets.Member(name, group, role.targetKind());
    }
  }

  /**
   * The members {@code topology} is laid out as, in the order {@link #plan} starts them: the
   * names, roles and sets of every deployment of it. Pure: nothing is created.
   */
  public static List<Slot> slots(Topology topology) {
    List<Slot> slots = new ArrayList<>();
    if (topology instanceof Topology.Standalone) {
      slots.add(new Slot("standalone", Role.STANDALONE, "standalone"));
    } else if (topology instanceof Topology.ReplicaSet rs) {
      addSet(slots, REPLICA_SET, rs.dataMembers(), rs.arbiter(), Role.DATA);
    } else {
      Topology.Sharded sharded = (Topology.Sharded) topology;
      addSet(slots, CONFIG, sharded.configMembers(), false, Role.CONFIG);
      for (int s = 0; s < sharded.shards(); s++) {
        addSet(slots, "shard" + s, sharded.membersPerShard(), false, Role.DATA);
      }
      for (int r = 0; r < sharded.routers(); r++) {
        slots.add(new Slot("mongos-" + r, Role.ROUTER, null));
      }
    }
    return slots;
  }

  /** The fault targets of every deployment of {@code topology}, checked before one exists. */
  public static FaultTargets targets(Topology topology) {
    return new FaultTargets(slots(topology).stream().map(Slot::target).toList());
  }

  /** A replica set's data members, then its arbiter. */
  private static void addSet(List<Slot> slots, String name, int dataMembers, boolean arbiter,
      Role dataRole) {
    for (int i = 0; i < dataMembers; i++) {
      slots.add(new Slot(name + "-" + i, dataRole, name));
    }
    if (arbiter) {
      slots.add(new Slot(name + "-" + dataMembers, Role.ARBITER, name));
    }
  }

  /**
   * Creates the work directory under {@link LocalSettings#workDir()} and lays out the members
   * {@link #slots} names.
   *
   * @param mongos required for sharded topologies
   * @throws PlatformException when the directory cannot be created or ports are short
   */
  public static Deployment plan(Topology topology, LocalSettings settings, MongoBinary mongod,
      Optional<MongoBinary> mongos) {
    MongoBinary router = topology instanceof Topology.Sharded ? mongos.orElseThrow(() ->
        new PlatformException("plan " + topology.label(), "a sharded topology needs a mongos"
            + " binary")) : null;
    Path workDir = createWorkDir(settings.workDir());
    Layout layout = new Layout(workDir, settings, mongod,
        FreePorts.allocate(processCount(topology)).iterator());
    List<Slot> slots = slots(topology);
    if (topology instanceof Topology.Standalone) {
      Member standalone = layout.mongod(slots.get(0), List.of());
      return new Deployment(topology, workDir, standalone, List.of(), List.of(), mongod, mongos);
    }
    // a shard's or config server's members say so on their command line
    Map<String, List<Member>> sets = new LinkedHashMap<>();
    for (Slot slot : slots) {
      if (slot.role() != Role.ROUTER) {
        List<String> options = new ArrayList<>(List.of("--replSet", slot.group()));
        if (topology instanceof Topology.Sharded) {
          options.add(slot.role() == Role.CONFIG ? "--configsvr" : "--shardsvr");
        }
        sets.computeIfAbsent(slot.group(), g -> new ArrayList<>())
            .add(layout.mongod(slot, options));
      }
    }
    List<ReplicaSetGroup> groups = new ArrayList<>();
    sets.forEach((name, members) -> groups.add(new ReplicaSetGroup(name,
        members.get(0).spec().role() == Role.CONFIG, members)));
    List<Member> routers = new ArrayList<>();
    for (Slot slot : slots) {
      if (slot.role() == Role.ROUTER) {
        routers.add(layout.router(slot.name(), router, CONFIG + "/" + groups.get(0).seedList()));
      }
    }
    return new Deployment(topology, workDir, null, groups, routers, mongod, mongos);
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

    Member mongod(Slot slot, List<String> roleOptions) {
      List<String> options = new ArrayList<>(roleOptions);
      options.addAll(List.of("--wiredTigerCacheSizeGB", settings.cacheSizeArgument(),
          "--setParameter", "shutdownTimeoutMillisForSignaledShutdown="
              + settings.shutdownTimeoutMillis()));
      options.addAll(settings.extraArgs());
      return new Member(new MemberSpec(slot.name(), slot.role(), slot.group(), ports.next(),
          workDir.resolve(slot.name()), mongod.path(), options));
    }

    Member router(String name, MongoBinary mongos, String configDb) {
      return new Member(new MemberSpec(name, Role.ROUTER, null, ports.next(),
          workDir.resolve(name), mongos.path(), List.of("--configdb", configDb)));
    }
  }
}
