package dev.refarch.testcontainers.cluster;

import com.mongodb.MongoException;
import dev.refarch.platform.local.process.FreePorts;
import dev.refarch.platform.spi.PlatformException;
import dev.refarch.platform.spi.Topology;
import dev.refarch.testcontainers.cluster.ContainerPlan.ReplicaSetPlan;
import dev.refarch.testcontainers.cluster.Waits.Observation;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletionException;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.bson.Document;
import org.testcontainers.containers.ContainerFetchException;
import org.testcontainers.containers.Network;
import org.testcontainers.lifecycle.Startables;

/**
 * Starts a {@link ContainerPlan} on Docker and waits until it accepts writes; on failure stops
 * whatever started and says why, with the tail of the failing member's output.
 *
 * <p>Order: every {@code mongod} container starts at once, each replica set is initiated and
 * awaited with one primary and every other member secondary or arbiter; then the routers start,
 * each shard is added, and a sharded cluster is ready when {@code listShards} shows every shard.
 * One deadline ({@code testcontainers.startTimeoutSeconds}) covers the waits.
 *
 * <p>How members name each other: in a sharded cluster and in a one-member replica set, by
 * network alias ({@code shard0-1:27017}) — clients outside Docker only ever talk to the routers,
 * or directly to the one member. A replica set of two or more members is seen whole by its
 * clients, so its members are named by an address both sides reach: the advertised host and each
 * member's published port (see {@link Publication}). Ports are chosen before the members start
 * and never change.
 *
 * <p>Stateless and thread-safe.
 */
final class ContainerLauncher {

  private static final int LOG_LINES = 15;

  /** What a launch produced. */
  record Launched(Network network, Map<String, MongoNode> nodes, String connectionString,
      String serverVersion, Publication publication) {
  }

  private ContainerLauncher() {
  }

  /**
   * Starts everything in {@code plan}.
   *
   * @throws PlatformException after stopping everything, naming what failed
   */
  static Launched launch(ContainerPlan plan, ContainerSettings settings) {
    Network network = Network.newNetwork();
    Map<String, MongoNode> nodes = new LinkedHashMap<>();
    String operation = "start testcontainers " + plan.topology().label();
    Instant started = Instant.now();
    Instant deadline = started.plus(settings.startTimeout());
    try {
      Publication publication = Publication.of(plan, settings, network);
      String extraHost = settings.advertisedHost().filter(h -> !isIpLiteral(h)).orElse(null);
      Iterator<Integer> ports = FreePorts.allocate(plan.members().size()).iterator();
      List<MongoNode> mongods = new ArrayList<>();
      for (ReplicaSetPlan set : plan.replicaSets()) {
        for (NodeSpec spec : set.members()) {
          MongoNode node = MongoNode.create(spec, network, settings.image(),
              settings.startTimeout(), extraHost, publication, ports.next());
          nodes.put(spec.name(), node);
          mongods.add(node);
        }
      }
      startAll(mongods);
      String advertised = publication.advertisedHost();
      Function<NodeSpec, String> address = advertised == null ? NodeSpec::internalAddress
          : spec -> advertised + ":" + nodes.get(spec.name()).externalPort();
      for (ReplicaSetPlan set : plan.replicaSets()) {
        nodes.get(set.members().get(0).name()).run(
            set.initiateCommand(address, settings.electionTimeoutMillis()));
      }
      for (ReplicaSetPlan set : plan.replicaSets()) {
        awaitHealthy(set, nodes, started, deadline);
      }
      startRouters(plan, network, settings, nodes, publication, ports, started, deadline);
      String version = nodes.values().iterator().next().run(new Document("buildInfo", 1))
          .getString("version");
      return new Launched(network, nodes, connectionString(plan, nodes, advertised), version,
          publication);
    } catch (RuntimeException e) {
      throw cleanUpAfter(operation, e, nodes, network);
    }
  }

  /** Whether clients see every member of the (one) replica set, rather than routers or one. */
  static boolean seenWhole(ContainerPlan plan) {
    return plan.topology() instanceof Topology.ReplicaSet rs && rs.members() > 1;
  }

  private static void startAll(List<MongoNode> nodes) {
    try {
      Startables.deepStart(nodes.stream().map(MongoNode::container)).join();
    } catch (CompletionException e) {
      Throwable cause = e.getCause() == null ? e : e.getCause();
      MongoNode failed = nodes.stream().filter(n -> !n.container().isRunning()).findFirst()
          .orElse(nodes.get(0));
      if (causedBy(cause, ContainerFetchException.class)) {
        throw new PlatformException("start container " + failed.name(), cause.getMessage()
            + "; where no registry is reachable, build the image here with src/bin/build-images"
            + " and name it in REFARCH_MONGOD_IMAGE or testcontainers.image", cause);
      }
      throw new PlatformException("start container " + failed.name(), cause.getMessage()
          + "\n--- last lines of " + failed.name() + " ---\n" + failed.logTail(LOG_LINES), cause);
    }
  }

  private static boolean causedBy(Throwable t, Class<? extends Throwable> type) {
    for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
      if (type.isInstance(c)) {
        return true;
      }
    }
    return false;
  }

  private static void startRouters(ContainerPlan plan, Network network,
      ContainerSettings settings, Map<String, MongoNode> nodes, Publication publication,
      Iterator<Integer> ports, Instant started, Instant deadline) {
    if (plan.routers().isEmpty()) {
      return;
    }
    List<MongoNode> routers = new ArrayList<>();
    for (NodeSpec spec : plan.routers()) {
      MongoNode node = MongoNode.create(spec, network, settings.mongosImage(),
          settings.startTimeout(), null, publication, ports.next());
      nodes.put(spec.name(), node);
      routers.add(node);
    }
    startAll(routers);
    MongoNode router = routers.get(0);
    for (ReplicaSetPlan shard : plan.shards()) {
      router.run(new Document("addShard", shard.name() + "/"
          + shard.seedList(NodeSpec::internalAddress)).append("name", shard.name()));
    }
    Set<String> wanted = plan.shards().stream().map(ReplicaSetPlan::name)
        .collect(Collectors.toSet());
    Waits.until(started, deadline, "listShards to show " + wanted, () -> {
      try {
        Set<String> ids = router.run(new Document("listShards", 1))
            .getList("shards", Document.class).stream().map(d -> d.getString("_id"))
            .collect(Collectors.toSet());
        return ids.containsAll(wanted) ? Observation.done(ids) : Observation.pending(ids.toString());
      } catch (PlatformException e) {
        return Observation.pending(e.getMessage());
      }
    });
  }

  /**
   * Waits for one primary and every other member secondary or arbiter, and for the primary to
   * accept writes (a newly elected primary reports PRIMARY before it has drained and is writable).
   */
  private static void awaitHealthy(ReplicaSetPlan set, Map<String, MongoNode> nodes,
      Instant started, Instant deadline) {
    MongoNode first = nodes.get(set.members().get(0).name());
    List<MongoNode> members = set.members().stream().map(m -> nodes.get(m.name())).toList();
    Waits.until(started, deadline, "replica set " + set.name() + " to have a primary and "
        + (set.members().size() - 1) + " healthy members", () -> {
          try {
            List<String> states = first.directClient().getDatabase("admin")
                .runCommand(new Document("replSetGetStatus", 1))
                .getList("members", Document.class).stream()
                .map(m -> m.getString("stateStr")).toList();
            long primaries = states.stream().filter("PRIMARY"::equals).count();
            long others = states.stream()
                .filter(s -> s.equals("SECONDARY") || s.equals("ARBITER")).count();
            boolean healthy = primaries == 1 && others == set.members().size() - 1
                && members.stream().anyMatch(m -> m.role().equals("primary"));
            return healthy ? Observation.done(states) : Observation.pending(states.toString());
          } catch (MongoException e) {
            return Observation.pending(e.getMessage());
          }
        });
  }

  private static String connectionString(ContainerPlan plan, Map<String, MongoNode> nodes,
      String advertised) {
    if (!plan.routers().isEmpty()) {
      return "mongodb://" + plan.routers().stream()
          .map(r -> nodes.get(r.name()).externalAddress()).collect(Collectors.joining(",")) + "/";
    }
    ReplicaSetPlan set = plan.replicaSets().get(0);
    if (advertised == null) {
      return "mongodb://" + nodes.get(set.members().get(0).name()).externalAddress()
          + "/?directConnection=true";
    }
    return "mongodb://" + set.members().stream()
        .filter(m -> m.role() != NodeSpec.Role.ARBITER)
        .map(m -> advertised + ":" + nodes.get(m.name()).externalPort())
        .collect(Collectors.joining(",")) + "/?replicaSet=" + set.name();
  }

  static boolean isIpLiteral(String host) {
    return host.matches("[0-9.]+") || host.contains(":");
  }

  private static PlatformException cleanUpAfter(String operation, RuntimeException failure,
      Map<String, MongoNode> nodes, Network network) {
    String tail = "";
    if (failure instanceof PlatformException pe && !(pe.operation().startsWith("start container"))) {
      String member = memberNamed(pe.operation(), nodes.keySet());
      if (member != null) {
        tail = "\n--- last lines of " + member + " ---\n" + nodes.get(member).logTail(LOG_LINES);
      }
    }
    stopAll(nodes, network, failure);
    return new PlatformException(operation, failure.getMessage() + tail, failure);
  }

  private static String memberNamed(String operation, Set<String> names) {
    return names.stream().filter(n -> operation.endsWith(" " + n)).findFirst().orElse(null);
  }

  /** Stops routers first, then the rest, then removes the network; records failures. */
  static void stopAll(Map<String, MongoNode> nodes, Network network, Throwable into) {
    List<MongoNode> reversed = new ArrayList<>(nodes.values());
    java.util.Collections.reverse(reversed);
    for (MongoNode node : reversed) {
      try {
        node.close();
      } catch (RuntimeException e) {
        if (into != null) {
          into.addSuppressed(e);
        }
      }
    }
    try {
      network.close();
    } catch (RuntimeException e) {
      if (into != null) {
        into.addSuppressed(e);
      }
    }
  }
}
