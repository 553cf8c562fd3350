package dev.refarch.platform.kubernetes.topology;

import dev.refarch.platform.spi.FaultTargets;
import dev.refarch.platform.spi.Topology;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * How a {@link Topology} maps onto Kubernetes: one StatefulSet (with a headless Service of the
 * same name) per group — a replica set's data members, its arbiter, the config replica set, each
 * shard, the routers — and the stable DNS names of their pods, from which the replica set
 * configurations and the connection string are built.
 *
 * <p>Immutable and thread-safe.
 *
 * <pre>{@code
 * ClusterLayout l = ClusterLayout.of(Topology.parse("pss"), "refarch", "bench");
 * l.connectionString();  // mongodb://refarch-rs0-0.refarch-rs0.bench.svc.cluster.local:27017,...
 * }</pre>
 *
 * @param topology what was asked for
 * @param namespace where the pods run
 * @param domain the cluster's DNS domain
 * @param groups the StatefulSets, in creation order
 */
public record ClusterLayout(Topology topology, String namespace, String domain,
    List<Group> groups) {

  /** The usual cluster domain of the pods' DNS names ({@code k8s.clusterDomain}'s default). */
  public static final String DOMAIN = "cluster.local";
  /** MongoDB's port in every pod. */
  public static final int PORT = 27017;
  /** The container of every MongoDB pod (mongod or mongos). */
  public static final String CONTAINER = "mongod";

  public ClusterLayout {
    groups = List.copyOf(groups);
  }

  /** What a group's pods run. */
  public enum Kind {
    /** A standalone {@code mongod}. */
    STANDALONE,
    /** Data members of a plain replica set. */
    DATA,
    /** The arbiter of a replica set. */
    ARBITER,
    /** The config server replica set. */
    CONFIG,
    /** One shard's replica set. */
    SHARD,
    /** {@code mongos} routers. */
    ROUTER;

    /** Whether its pods keep data on a PersistentVolume. */
    public boolean hasVolume() {
      return this != ARBITER && this != ROUTER;
    }
  }

  /**
   * One StatefulSet.
   *
   * @param name the StatefulSet's, Service's and pods' name prefix, e.g. {@code refarch-rs0}
   * @param kind what its pods run
   * @param replicaSet the replica set its members form (empty for standalone and routers)
   * @param replicas how many pods
   */
  public record Group(String name, Kind kind, String replicaSet, int replicas) {

    /** The pod names, {@code name-0} … */
    public List<String> pods() {
      return IntStream.range(0, replicas).mapToObj(i -> name + "-" + i).toList();
    }
  }

  /** The layout of {@code topology} with object names starting with {@code prefix}. */
  public static ClusterLayout of(Topology topology, String prefix, String namespace) {
    return of(topology, prefix, namespace, DOMAIN);
  }

  /** As {@link #of(Topology, String, String)}, in a cluster whose DNS domain is {@code domain}. */
  public static ClusterLayout of(Topology topology, String prefix, String namespace,
      String domain) {
    List<Group> groups = new ArrayList<>();
    if (topology instanceof Topology.Standalone) {
      groups.add(new Group(prefix + "-standalone", Kind.STANDALONE, "", 1));
    } else if (topology instanceof Topology.ReplicaSet rs) {
      groups.add(new Group(prefix + "-rs0", Kind.DATA, "rs0", rs.dataMembers()));
      if (rs.arbiter()) {
        groups.add(new Group(prefix + "-rs0-arbiter", Kind.ARBITER, "rs0", 1));
      }
    } else if (topology instanceof Topology.Sharded s) {
      groups.add(new Group(prefix + "-cfg", Kind.CONFIG, "cfg", s.configMembers()));
      for (int i = 0; i < s.shards(); i++) {
        groups.add(new Group(prefix + "-shard" + i, Kind.SHARD, "shard" + i, s.membersPerShard()));
      }
      groups.add(new Group(prefix + "-mongos", Kind.ROUTER, "", s.routers()));
    }
    return new ClusterLayout(topology, namespace, domain, groups);
  }

  /** The stable DNS name and port of a pod of {@code group}, e.g. {@code refarch-rs0-1.refarch-rs0.ns.svc.cluster.local:27017}. */
  public String host(Group group, int ordinal) {
    return group.name() + "-" + ordinal + "." + group.name() + "." + namespace
        + ".svc." + domain + ":" + PORT;
  }

  public List<String> hosts(Group group) {
    return IntStream.range(0, group.replicas()).mapToObj(i -> host(group, i)).toList();
  }

  /**
   * The connection string clients inside the cluster use: the routers of a sharded cluster, the
   * data members (with {@code replicaSet}) of a replica set.
   */
  public String connectionString() {
    Group entry = groups.stream().filter(g -> g.kind() == Kind.ROUTER).findFirst()
        .orElse(groups.get(0));
    String hosts = String.join(",", hosts(entry));
    return "mongodb://" + hosts + "/" + (entry.kind() == Kind.DATA ? "?replicaSet="
        + entry.replicaSet() : "");
  }

  /**
   * The targets a fault can name in this cluster: every pod by name, and the roles of each
   * replica set. A standalone forms no replica set here: its pod is named.
   */
  public FaultTargets faultTargets() {
    List<FaultTargets.Member> members = new ArrayList<>();
    for (Group g : groups) {
      String set = g.replicaSet().isEmpty() ? null : g.replicaSet();
      FaultTargets.Kind kind = switch (g.kind()) {
        case STANDALONE, DATA, SHARD -> FaultTargets.Kind.DATA;
        case CONFIG -> FaultTargets.Kind.CONFIG;
        case ARBITER -> FaultTargets.Kind.ARBITER;
        case ROUTER -> FaultTargets.Kind.ROUTER;
      };
      g.pods().forEach(pod -> members.add(new FaultTargets.Member(pod, set, kind)));
    }
    return new FaultTargets(members);
  }

  /** The groups whose pods are members of {@code replicaSet}: data members and its arbiter. */
  public List<Group> membersOf(String replicaSet) {
    return groups.stream().filter(g -> replicaSet.equals(g.replicaSet())).toList();
  }

  /**
   * The {@code rs.initiate} document of the replica set whose data members are {@code group}, as
   * JSON: members in ordinal order, an arbiter of the same set last with {@code arbiterOnly}.
   */
  public String initiateConfig(Group group) {
    List<String> members = new ArrayList<>(hosts(group));
    List<String> arbiters = groups.stream().filter(g -> g.kind() == Kind.ARBITER
        && g.replicaSet().equals(group.replicaSet())).flatMap(g -> hosts(g).stream()).toList();
    StringBuilder json = new StringBuilder("{\"_id\":\"").append(group.replicaSet()).append('"');
    if (group.kind() == Kind.CONFIG) {
      json.append(",\"configsvr\":true");
    }
    json.append(",\"members\":[");
    int id = 0;
    List<String> entries = new ArrayList<>();
    for (String h : members) {
      entries.add("{\"_id\":" + id++ + ",\"host\":\"" + h + "\"}");
    }
    for (String h : arbiters) {
      entries.add("{\"_id\":" + id++ + ",\"host\":\"" + h + "\",\"arbiterOnly\":true}");
    }
    return json.append(String.join(",", entries)).append("]}").toString();
  }

  /** The config servers as {@code mongos --configdb} wants them: {@code cfg/h0,h1,h2}. */
  public String configDb() {
    Group cfg = groups.stream().filter(g -> g.kind() == Kind.CONFIG).findFirst().orElseThrow();
    return cfg.replicaSet() + "/" + String.join(",", hosts(cfg));
  }

  /** The shards as {@code sh.addShard} wants them, space-separated: {@code shard0/h0,h1 …}. */
  public String shards() {
    return groups.stream().filter(g -> g.kind() == Kind.SHARD)
        .map(g -> g.replicaSet() + "/" + String.join(",", hosts(g)))
        .collect(Collectors.joining(" "));
  }

  /** Every pod of the deployment, in group order. */
  public List<String> pods() {
    return groups.stream().flatMap(g -> g.pods().stream()).toList();
  }

  /** The group a pod belongs to. */
  public Group groupOf(String pod) {
    return groups.stream().filter(g -> g.pods().contains(pod)).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no pod " + pod + " in " + pods()));
  }
}
