package dev.refarch.testcontainers.cluster;

import dev.refarch.platform.spi.FaultTargets;
import dev.refarch.platform.spi.Topology;
import dev.refarch.platform.spi.config.ConfigurationException;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.bson.Document;

/**
 * Lays out a container cluster before anything runs: members, names, replica sets and command
 * lines, and the {@code replSetInitiate} of each set. Pure, so that the layout is unit-tested
 * without Docker.
 *
 * <p>Names follow the local provisioner's: a replica set {@code rs0} of {@code rs0-0}…
 * (an arbiter last); a sharded cluster's {@code config-0}…, {@code shard0-0}… and
 * {@code mongos-0}…. Every member listens on {@value NodeSpec#PORT} inside its container.
 *
 * <p>Immutable.
 *
 * @param topology what was asked for
 * @param replicaSets every replica set, the config servers first
 * @param routers the {@code mongos} members, empty for a replica set
 */
public record ContainerPlan(Topology topology, List<ReplicaSetPlan> replicaSets,
    List<NodeSpec> routers) {

  /** The name of a replica-set topology's one replica set. */
  public static final String REPLICA_SET = "rs0";
  /** The name of a sharded cluster's config server replica set. */
  public static final String CONFIG = "config";

  public ContainerPlan {
    replicaSets = List.copyOf(replicaSets);
    routers = List.copyOf(routers);
  }

  /**
   * The layout of {@code topology}.
   *
   * @throws ConfigurationException for a standalone, which container clusters do not offer
   */
  public static ContainerPlan of(Topology topology, ContainerSettings settings) {
    List<String> mongodArgs = List.of("--wiredTigerCacheSizeGB", settings.cacheSizeArgument(),
        "--setParameter", "shutdownTimeoutMillisForSignaledShutdown="
            + settings.shutdownTimeoutMillis());
    if (topology instanceof Topology.ReplicaSet rs) {
      return new ContainerPlan(topology, List.of(replicaSet(REPLICA_SET, rs.dataMembers(),
          rs.arbiter(), NodeSpec.Role.DATA, List.of(), mongodArgs)), List.of());
    }
    if (topology instanceof Topology.Sharded s) {
      List<ReplicaSetPlan> sets = new ArrayList<>();
      sets.add(replicaSet(CONFIG, s.configMembers(), false, NodeSpec.Role.CONFIG,
          List.of("--configsvr"), mongodArgs));
      for (int i = 0; i < s.shards(); i++) {
        sets.add(replicaSet("shard" + i, s.membersPerShard(), false, NodeSpec.Role.DATA,
            List.of("--shardsvr"), mongodArgs));
      }
      String configDb = CONFIG + "/" + sets.get(0).seedList(NodeSpec::internalAddress);
      List<NodeSpec> routers = new ArrayList<>();
      for (int r = 0; r < s.routers(); r++) {
        routers.add(new NodeSpec("mongos-" + r, null, NodeSpec.Role.ROUTER, List.of("mongos",
            "--port", String.valueOf(NodeSpec.PORT), "--bind_ip_all", "--configdb", configDb)));
      }
      return new ContainerPlan(topology, sets, routers);
    }
    throw new ConfigurationException("topology", topology.label(),
        "a replica set or a sharded cluster on Testcontainers", "use rs=1 for a single member");
  }

  private static ReplicaSetPlan replicaSet(String name, int dataMembers, boolean arbiter,
      NodeSpec.Role role, List<String> clusterRole, List<String> mongodArgs) {
    List<NodeSpec> members = new ArrayList<>();
    for (int i = 0; i < dataMembers + (arbiter ? 1 : 0); i++) {
      List<String> command = new ArrayList<>(List.of("mongod", "--port",
          String.valueOf(NodeSpec.PORT), "--bind_ip_all", "--replSet", name));
      command.addAll(clusterRole);
      command.addAll(mongodArgs);
      members.add(new NodeSpec(name + "-" + i, name, i < dataMembers ? role
          : NodeSpec.Role.ARBITER, command));
    }
    return new ReplicaSetPlan(name, role == NodeSpec.Role.CONFIG, members);
  }

  /** Every member, replica sets first (in order), then routers. */
  public List<NodeSpec> members() {
    return Stream.concat(replicaSets.stream().flatMap(s -> s.members().stream()),
        routers.stream()).toList();
  }

  /** The targets a fault can name in this cluster, members in {@link #members()}'s order. */
  public FaultTargets faultTargets() {
    return new FaultTargets(members().stream().map(m -> new FaultTargets.Member(m.name(),
        m.group(), switch (m.role()) {
          case DATA -> FaultTargets.Kind.DATA;
          case CONFIG -> FaultTargets.Kind.CONFIG;
          case ARBITER -> FaultTargets.Kind.ARBITER;
          case ROUTER -> FaultTargets.Kind.ROUTER;
        })).toList());
  }

  /** The shard replica sets, in order; empty for a replica-set topology. */
  public List<ReplicaSetPlan> shards() {
    return topology instanceof Topology.Sharded
        ? replicaSets.stream().filter(s -> !s.configServer()).toList() : List.of();
  }

  /**
   * One replica set of the plan.
   *
   * @param name the set's name ({@code rs0}, {@code config}, {@code shard0})
   * @param configServer whether it is the config server replica set
   * @param members its members, data members first
   */
  public record ReplicaSetPlan(String name, boolean configServer, List<NodeSpec> members) {
    public ReplicaSetPlan {
      members = List.copyOf(members);
    }

    /** {@code a:27017,b:27017}, each member as {@code address} names it. */
    public String seedList(Function<NodeSpec, String> address) {
      return members.stream().map(address).collect(Collectors.joining(","));
    }

    /**
     * The {@code replSetInitiate} command for this set.
     *
     * @param address how each member is named in the set's configuration
     */
    public Document initiateCommand(Function<NodeSpec, String> address,
        OptionalInt electionTimeoutMillis) {
      List<Document> config = new ArrayList<>();
      for (int i = 0; i < members.size(); i++) {
        NodeSpec m = members.get(i);
        Document d = new Document("_id", i).append("host", address.apply(m));
        if (m.role() == NodeSpec.Role.ARBITER) {
          d.append("arbiterOnly", true);
        }
        config.add(d);
      }
      Document rs = new Document("_id", name);
      if (configServer) {
        rs.append("configsvr", true);
      }
      rs.append("members", config);
      electionTimeoutMillis.ifPresent(ms ->
          rs.append("settings", new Document("electionTimeoutMillis", ms)));
      return new Document("replSetInitiate", rs);
    }
  }
}
