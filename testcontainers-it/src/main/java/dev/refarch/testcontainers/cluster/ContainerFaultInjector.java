package dev.refarch.testcontainers.cluster;

import dev.refarch.platform.local.blkio.BlockIoThrottle;
import dev.refarch.platform.spi.Fault;
import dev.refarch.platform.spi.FaultEvent;
import dev.refarch.platform.spi.FaultInjector;
import dev.refarch.platform.spi.FaultTarget;
import dev.refarch.platform.spi.FaultTargets;
import dev.refarch.platform.spi.PlatformException;
import dev.refarch.platform.spi.UndoAll;
import dev.refarch.platform.spi.config.ConfigurationException;
import dev.refarch.testcontainers.cluster.ContainerFault.Disruption;
import dev.refarch.testcontainers.cluster.Waits.Observation;
import java.time.Duration;
import java.time.Instant;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.bson.Document;

/**
 * Breaks members of a container cluster with the actions of {@link ContainerFault}: {@code kill},
 * {@code stop} and {@code restart}; {@code pause} and {@code resume}; {@code partition},
 * {@code isolate} ({@code from=peers|clients|all}), {@code cut} ({@code to=<members>}) and
 * {@code heal}; {@code stepdown} (parameters {@code seconds}, default 60, and {@code force});
 * {@code slow-disk} and {@code restore-disk}; {@code delay} ({@code ms}, {@code jitterMs}),
 * {@code bandwidth} ({@code bps}) and {@code restore-network}. Every action takes
 * {@code timeoutSeconds} (default 30). {@code isolate} and {@code cut} are packet filters
 * ({@link NetworkCuts}) in the members' network namespaces and, for clients, in this machine's;
 * {@code delay} and {@code bandwidth} are toxics on the member's client proxy
 * ({@link ClientProxies}, with {@code testcontainers.clientProxy}); the member keeps running.
 *
 * <p>Targets as {@link FaultTargets} parses them; a role is asked of the live members, over direct
 * connections through their published ports, when the fault fires. For {@code restart},
 * {@code resume} and {@code heal} a role means the member that had it when it was taken out, so
 * "partition primary … heal primary" pairs up.
 *
 * <p>{@link #inject} returns once the fault took effect, and the event's time is that moment:
 * {@code kill} and {@code stop} once the container no longer runs, {@code pause} once Docker froze
 * it, {@code partition} once it is off the network, {@code resume} once unpaused,
 * {@code restart} and {@code heal} once it runs or is reconnected — they then wait until the
 * member is back as primary, secondary or arbiter and report that wait as {@code rejoined} in
 * the event's durations.
 *
 * <p>{@link #restore} undoes what is still in place when a trial ends — packet filters lifted,
 * paused members resumed, partitioned ones reconnected, disk caps and client-traffic toxics
 * lifted — also when the trial failed midway.
 * Killed and stopped members stay down.
 *
 * <p>Thread-safe: faults run one at a time.
 */
final class ContainerFaultInjector implements FaultInjector {

  static final Set<String> ACTIONS = Collections.unmodifiableSet(
      new LinkedHashSet<>(ContainerFault.labels()));
  private static final Set<String> BACK = Set.of("primary", "secondary", "arbiter", "router");

  /** What a slowing fault left on a member: what the member was then, and in which order. */
  private interface Slowed {
    String role();

    long sequence();
  }

  /** A member's capped disk: where, at what, what the member was then, and in which order. */
  private record Throttled(java.nio.file.Path group, BlockIoThrottle.Device device,
      BlockIoThrottle.Cap cap, String role, long sequence) implements Slowed {
  }

  /** A member's slowed client traffic: what the member was then, and in which order. */
  private record SlowNetwork(String role, long sequence) implements Slowed {
  }

  /** How a member was taken out, what it was then, and in which order. */
  private record Disrupted(Disruption disruption, String role, long sequence) {
  }

  private final Map<String, MongoNode> nodes;
  private final List<String> memberNames;
  private final Map<String, NodeSpec> specs = new LinkedHashMap<>();
  private final FaultTargets targets;
  private final Map<String, Disrupted> disrupted = new LinkedHashMap<>();
  /** Members whose disk a {@code slow-disk} capped, by name. */
  private final Map<String, Throttled> throttled = new LinkedHashMap<>();
  /** Members whose client traffic a {@code delay} or {@code bandwidth} slowed, by name. */
  private final Map<String, SlowNetwork> slowNetwork = new LinkedHashMap<>();
  /** The cluster's client proxies; {@code null} without {@code testcontainers.clientProxy}. */
  private final ClientProxies proxies;
  /** The packet-filter chains in place, by the member whose {@code heal} lifts them. */
  private final Map<String, List<Chain>> chains = new LinkedHashMap<>();
  private long sequence;

  /**
   * One chain of packet filters: in a member's network namespace, or this machine's when
   * {@code owner} is null.
   */
  private record Chain(MongoNode owner, String name, List<NetworkCuts.Endpoint> endpoints,
      String origin) {
    int pid() {
      return owner == null ? 0 : owner.pid();
    }

    String where() {
      return owner == null ? "this machine" : owner.name();
    }
  }

  ContainerFaultInjector(ContainerPlan plan, Map<String, MongoNode> nodes,
      ClientProxies proxies) {
    this.nodes = Map.copyOf(nodes);
    this.proxies = proxies;
    this.memberNames = plan.members().stream().map(NodeSpec::name).toList();
    plan.members().forEach(m -> specs.put(m.name(), m));
    this.targets = plan.faultTargets();
  }

  @Override
  public String name() {
    return "testcontainers";
  }

  @Override
  public Set<String> actions() {
    return ACTIONS;
  }

  @Override
  public List<String> members() {
    return memberNames;
  }

  @Override
  public synchronized FaultEvent inject(Fault fault) {
    ContainerFault action = ContainerFault.parse(fault.action());
    action.check(fault.parameters());
    FaultTarget target = targets.parse(fault.target());
    if (action == ContainerFault.STEPDOWN) {
      checkStepDownTarget(target);
    }
    if (action.needsClientProxy() && proxies == null) {
      throw new ConfigurationException(ContainerSettings.CLIENT_PROXY.key(), "false",
          "true, for " + action.label() + ": it slows client traffic on the proxy set up when the"
              + " cluster starts");
    }
    Duration timeout = Duration.ofSeconds(ContainerFault.TIMEOUT_SECONDS.from(fault.parameters()));
    Instant started = Instant.now();
    Instant deadline = started.plus(timeout);
    MongoNode node = action == ContainerFault.RESTORE_DISK
        ? slowedMember(action, target, throttled)
        : action == ContainerFault.RESTORE_NETWORK ? slowedMember(action, target, slowNetwork)
        : action.needs == null ? live(action, target, started, deadline)
        : disrupted(action, target);
    return switch (action) {
      case STEPDOWN -> stepDown(target, node, fault.parameters());
      case KILL -> takeOut(action, target, node, "docker kill", () -> {
        node.kill();
        awaitStopped(node, started, deadline);
      });
      case STOP -> takeOut(action, target, node, "docker stop", () -> node.stop(timeout));
      case PAUSE -> takeOut(action, target, node, "docker pause", node::pause);
      case PARTITION -> takeOut(action, target, node, "disconnected from the network",
          node::disconnect);
      case ISOLATE -> isolate(target, node, ContainerFault.FROM.from(fault.parameters()));
      case CUT -> cut(target, node, ContainerFault.TO.from(fault.parameters()), started,
          deadline);
      case SLOW_DISK -> slowDisk(target, node, BlockIoThrottle.capOfFault(fault.parameters()));
      case RESTORE_DISK -> restoreDisk(target, node);
      case DELAY -> slowNetwork(action, target, node, () -> proxies.delay(node.name(),
          ContainerFault.MS.from(fault.parameters()),
          ContainerFault.JITTER_MS.from(fault.parameters())));
      case BANDWIDTH -> slowNetwork(action, target, node, () -> proxies.bandwidth(node.name(),
          ContainerFault.RATE_BPS.from(fault.parameters()) / 1000));
      case RESTORE_NETWORK -> restoreNetwork(target, node);
      case RESUME -> bringBack(action, target, node, "docker unpause", node::unpause, null);
      case RESTART -> bringBack(action, target, node, "docker start", () -> {
        node.start();
        follow(node);
      }, deadline);
      case HEAL -> chains.containsKey(node.name())
          ? bringBack(action, target, node, "packet filters lifted", () -> lift(node.name()),
              deadline)
          : bringBack(action, target, node, "reconnected to the network", () -> {
            node.reconnect();
            follow(node);
          }, deadline);
    };
  }

  /** Points {@code node}'s client proxy, if any, at its address after a restart or reconnect. */
  private void follow(MongoNode node) {
    if (proxies != null) {
      proxies.follow(node);
    }
  }

  private FaultEvent slowNetwork(ContainerFault action, FaultTarget target, MongoNode node,
      java.util.function.Supplier<String> slow) {
    String was = node.role();
    String what = slow.get();
    slowNetwork.putIfAbsent(node.name(), new SlowNetwork(was, ++sequence));
    return event(action, target, node, System.currentTimeMillis(), what + " (was " + was + ")",
        Map.of());
  }

  private FaultEvent restoreNetwork(FaultTarget target, MongoNode node) {
    List<String> lifted = proxies.lift(node.name()); // a failure leaves it to restore()
    SlowNetwork s = slowNetwork.remove(node.name());
    return event(ContainerFault.RESTORE_NETWORK, target, node, System.currentTimeMillis(),
        "lifted from its client traffic: " + String.join(", ", lifted) + " (was " + s.role()
            + " before)", Map.of());
  }

  private FaultEvent isolate(FaultTarget target, MongoNode node, ContainerFault.Isolation from) {
    requireCuts();
    List<Chain> planned = new java.util.ArrayList<>();
    if (from.peers) {
      List<MongoNode> peers = nodes.values().stream().filter(n -> n != node).toList();
      NetworkCuts.Endpoint self = node.peerEndpoint();
      planned.add(new Chain(node, NetworkCuts.chain("iso", node.name()),
          peers.stream().map(MongoNode::peerEndpoint).toList(), null));
      peers.forEach(p -> planned.add(new Chain(p, NetworkCuts.chain("iso", node.name()),
          List.of(self), null)));
    }
    if (from.clients) {
      NetworkCuts.Endpoint client = node.clientEndpoint();
      // this machine's namespace is shared by every cluster here: named by the published port
      planned.add(new Chain(null, NetworkCuts.chain("cli", String.valueOf(client.port())),
          List.of(client), client.ip()));
    }
    String what = "isolated from " + from.name().toLowerCase(java.util.Locale.ROOT)
        + " by packet filters";
    return takeOut(ContainerFault.ISOLATE, target, node, what, () -> apply(node, planned));
  }

  private FaultEvent cut(FaultTarget target, MongoNode node, List<String> to, Instant started,
      Instant deadline) {
    requireCuts();
    List<MongoNode> ends = new java.util.ArrayList<>();
    for (String t : to) {
      MongoNode end = live(ContainerFault.CUT, targets.parse(t), started, deadline);
      if (end == node) {
        throw new ConfigurationException("to", String.join(",", to), "members other than "
            + node.name() + ", the member whose connections are cut");
      }
      ends.add(end);
    }
    Chain chain = new Chain(node, NetworkCuts.chain("cut", node.name()),
        ends.stream().map(MongoNode::peerEndpoint).toList(), null);
    return takeOut(ContainerFault.CUT, target, node, "its connections to "
        + ends.stream().map(MongoNode::name).toList() + " cut by packet filters",
        () -> apply(node, List.of(chain)));
  }

  private FaultEvent slowDisk(FaultTarget target, MongoNode node, BlockIoThrottle.Cap cap) {
    String reason = BlockIoThrottle.unavailableReason();
    if (reason != null) {
      throw new PlatformException("slow-disk " + target.text(), reason);
    }
    if (throttled.containsKey(node.name())) {
      throw new PlatformException("slow-disk " + target.text(), node.name() + "'s disk is"
          + " already capped at " + throttled.get(node.name()).cap() + "; restore-disk first");
    }
    String was = node.role();
    BlockIoThrottle.Device device = node.dataDevice();
    java.nio.file.Path group = node.blkioGroup();
    BlockIoThrottle.cap(group, device, cap);
    throttled.put(node.name(), new Throttled(group, device, cap, was, ++sequence));
    return event(ContainerFault.SLOW_DISK, target, node, System.currentTimeMillis(),
        "block I/O on " + device.name() + " (" + device.id() + ") capped at " + cap + " (was "
            + was + ")", Map.of());
  }

  private FaultEvent restoreDisk(FaultTarget target, MongoNode node) {
    Throttled t = throttled.remove(node.name());
    BlockIoThrottle.lift(t.group(), t.device());
    BlockIoThrottle.Serviced s = BlockIoThrottle.serviced(t.group(), t.device());
    return event(ContainerFault.RESTORE_DISK, target, node, System.currentTimeMillis(),
        "cap of " + t.cap() + " on " + t.device().name() + " lifted (was " + t.role()
            + " before); the kernel counts " + s.reads() + " reads and " + s.writes()
            + " writes by the container so far", Map.of());
  }

  /**
   * The member among {@code slowed} (capped disks, slowed client traffic) that {@code target}
   * names, or the latest slowed while it had the role.
   */
  private MongoNode slowedMember(ContainerFault action, FaultTarget target,
      Map<String, ? extends Slowed> slowed) {
    String name = target.isRole()
        ? slowed.entrySet().stream()
            .filter(e -> target.replicaSet().equals(specs.get(e.getKey()).group())
                && e.getValue().role().equals(target.role().label()))
            .max(Comparator.comparingLong(e -> e.getValue().sequence()))
            .map(Map.Entry::getKey).orElse(null)
        : slowed.containsKey(target.member()) ? target.member() : null;
    if (name == null) {
      throw new PlatformException(action.label() + " " + target.text(), "no member "
          + (action == ContainerFault.RESTORE_DISK ? "with a capped disk" : "with slowed client"
              + " traffic") + " matches; slowed: " + (slowed.isEmpty() ? "none"
              : slowed.entrySet().stream().map(e -> e.getKey() + " (" + (e.getValue()
                  instanceof Throttled t ? t.cap() + ", " : "") + "was " + e.getValue().role()
                  + ")").toList()));
    }
    return nodes.get(name);
  }

  private static void requireCuts() {
    String reason = NetworkCuts.unavailableReason();
    if (reason != null) {
      throw new PlatformException("packet filters", reason);
    }
  }

  /** Puts {@code planned} in place for {@code member}; on a failure lifts what it had put. */
  private void apply(MongoNode member, List<Chain> planned) {
    List<Chain> applied = new java.util.ArrayList<>();
    try {
      for (Chain c : planned) {
        NetworkCuts.cut(c.pid(), c.name(), c.endpoints(), c.origin());
        applied.add(c);
      }
    } catch (RuntimeException e) {
      applied.forEach(c -> {
        try {
          NetworkCuts.lift(c.pid(), c.name());
        } catch (RuntimeException again) {
          e.addSuppressed(again);
        }
      });
      throw e;
    }
    chains.put(member.name(), applied);
  }

  /**
   * Lifts every chain put in place for {@code member}, all of them even when one fails.
   *
   * @throws PlatformException naming the first that could not be lifted
   */
  private void lift(String member) {
    UndoAll undo = new UndoAll();
    for (Chain c : chains.getOrDefault(member, List.of())) {
      undo.attempt("lift packet filter " + c.name() + " in " + c.where(),
          () -> NetworkCuts.lift(c.pid(), c.name()));
    }
    chains.remove(member);
    undo.throwIfFailed();
  }

  /**
   * The packet filters of this project in place now, as the kernel lists them — in every running
   * member's namespace, and this machine's for the members' published ports — whether or not a
   * fault of this injector put them there: {@code <where>: <chain> dropped <packets> packets}.
   */
  synchronized List<String> packetFilters() {
    List<String> found = new java.util.ArrayList<>();
    for (MongoNode node : nodes.values()) {
      if (node.isRunning()) {
        int pid = node.pid();
        NetworkCuts.chains(pid).forEach(c -> found.add(node.name() + ": " + c + " dropped "
            + NetworkCuts.dropped(pid, c) + " packets"));
      }
    }
    for (MongoNode node : nodes.values()) {
      String host = NetworkCuts.chain("cli", String.valueOf(node.externalPort()));
      if (NetworkCuts.exists(0, host)) {
        found.add("this machine: " + host + " dropped " + NetworkCuts.dropped(0, host)
            + " packets");
      }
    }
    return found;
  }

  private void checkStepDownTarget(FaultTarget target) {
    boolean applicable = target.isRole() ? target.role() == FaultTarget.Role.PRIMARY
        : specs.get(target.member()).role() != NodeSpec.Role.ROUTER
            && specs.get(target.member()).role() != NodeSpec.Role.ARBITER;
    if (!applicable) {
      throw new ConfigurationException("fault.target", target.text(),
          "a replica set's primary or a data member's name for stepdown");
    }
  }

  private FaultEvent stepDown(FaultTarget target, MongoNode node,
      Map<String, String> parameters) {
    int seconds = ContainerFault.SECONDS.from(parameters);
    boolean force = ContainerFault.FORCE.from(parameters);
    node.run(new Document("replSetStepDown", seconds)
        .append("secondaryCatchUpPeriodSecs", Math.min(10, seconds / 2)).append("force", force));
    return event(ContainerFault.STEPDOWN, target, node, System.currentTimeMillis(),
        "replSetStepDown " + seconds + " s" + (force ? ", force" : ""), Map.of());
  }

  /** Records the member's role, applies the fault and marks the member disrupted. */
  private FaultEvent takeOut(ContainerFault action, FaultTarget target, MongoNode node,
      String what, Runnable fault) {
    String was = node.role();
    fault.run();
    disrupted.put(node.name(), new Disrupted(action.leaves, was, ++sequence));
    return event(action, target, node, System.currentTimeMillis(), what + " (was " + was + ")",
        Map.of());
  }

  /**
   * Undoes a disruption and, given a deadline, waits until the member is back in its set,
   * reporting that wait as {@code rejoined}.
   */
  private FaultEvent bringBack(ContainerFault action, FaultTarget target, MongoNode node,
      String what, Runnable repair, Instant deadline) {
    repair.run();
    long at = System.currentTimeMillis();
    String was = disrupted.remove(node.name()).role();
    if (deadline == null) {
      return event(action, target, node, at, what + " (was " + was + " before)", Map.of());
    }
    String now = Waits.until(Instant.ofEpochMilli(at), deadline, node.name()
        + " to be back as primary, secondary or arbiter", () -> {
          String role = node.role();
          return BACK.contains(role) ? Observation.done(role) : Observation.pending(role);
        });
    long rejoined = System.currentTimeMillis() - at;
    return event(action, target, node, at, what + " (was " + was + " before), back as " + now
        + " after " + rejoined + " ms", Map.of("rejoined", rejoined));
  }

  private static void awaitStopped(MongoNode node, Instant started, Instant deadline) {
    Waits.until(started, deadline, node.name() + " to stop running", () ->
        node.isRunning() ? Observation.pending("running") : Observation.done(Boolean.TRUE));
  }

  /**
   * Undoes every disruption still in place except a member down: lifts packet filters, resumes
   * paused members, reconnects partitioned ones — each even when another fails.
   *
   * @return one line per member restored, e.g. {@code rs0-0: packet filters lifted (isolated
   *     ..., was primary)}
   * @throws PlatformException naming what could not be undone, after trying everything
   */
  @Override
  public synchronized List<String> restore() {
    List<String> restored = new java.util.ArrayList<>();
    UndoAll undo = new UndoAll();
    for (var e : List.copyOf(disrupted.entrySet())) {
      String name = e.getKey();
      Disruption d = e.getValue().disruption();
      MongoNode node = nodes.get(name);
      undo.attempt("restore " + name + " (" + d.label + ")", () -> {
        String what = switch (d) {
          case ISOLATED -> {
            lift(name);
            yield "packet filters lifted";
          }
          case PAUSED -> {
            node.unpause();
            yield "docker unpause";
          }
          case PARTITIONED -> {
            node.reconnect();
            yield "reconnected to the network";
          }
          case DOWN -> null;
        };
        if (what != null) {
          disrupted.remove(name);
          restored.add(name + ": " + what + " (was " + d.label + ", " + e.getValue().role()
              + " before)");
        }
      });
    }
    for (var e : List.copyOf(throttled.entrySet())) {
      undo.attempt("restore " + e.getKey() + "'s disk", () -> {
        BlockIoThrottle.lift(e.getValue().group(), e.getValue().device());
        throttled.remove(e.getKey());
        restored.add(e.getKey() + ": disk cap of " + e.getValue().cap() + " lifted (was "
            + e.getValue().role() + " before)");
      });
    }
    for (var e : List.copyOf(slowNetwork.entrySet())) {
      undo.attempt("restore " + e.getKey() + "'s client traffic", () -> {
        List<String> lifted = proxies.lift(e.getKey());
        slowNetwork.remove(e.getKey());
        restored.add(e.getKey() + ": lifted from its client traffic: " + String.join(", ", lifted)
            + " (was " + e.getValue().role() + " before)");
      });
    }
    undo.throwIfFailed();
    return restored;
  }

  /** The member the target names, or the live member holding its role now. */
  private MongoNode live(ContainerFault action, FaultTarget target, Instant started,
      Instant deadline) {
    if (!target.isRole()) {
      Disrupted d = disrupted.get(target.member());
      if (d != null) {
        throw new PlatformException(action.label() + " " + target.text(), target.member()
            + " is " + d.disruption().label + "; " + action.label() + " needs a live member");
      }
      return nodes.get(target.member());
    }
    List<MongoNode> group = specs.values().stream()
        .filter(s -> target.replicaSet().equals(s.group()) && !disrupted.containsKey(s.name()))
        .map(s -> nodes.get(s.name())).toList();
    return Waits.until(started, deadline, "a " + target.describe() + " in "
        + target.replicaSet(), () -> {
          Map<String, String> roles = new LinkedHashMap<>();
          group.forEach(node -> roles.put(node.name(), node.role()));
          return target.pick(roles.entrySet().stream()
                  .filter(e -> e.getValue().equals(target.role().label()))
                  .map(Map.Entry::getKey).toList())
              .map(nodes::get).map(Observation::done)
              .orElseGet(() -> Observation.pending(roles.toString()));
        });
  }

  /** The member a fault took out as {@code action} needs: named, or the latest with the role. */
  private MongoNode disrupted(ContainerFault action, FaultTarget target) {
    String name = target.isRole()
        ? disrupted.entrySet().stream()
            .filter(e -> action.undoes(e.getValue().disruption())
                && target.replicaSet().equals(specs.get(e.getKey()).group())
                && e.getValue().role().equals(target.role().label()))
            .max(Comparator.comparingLong(e -> e.getValue().sequence()))
            .map(Map.Entry::getKey).orElse(null)
        : disrupted.containsKey(target.member())
            && action.undoes(disrupted.get(target.member()).disruption()) ? target.member() : null;
    if (name == null) {
      throw new PlatformException(action.label() + " " + target.text(), "no member that is "
          + action.needsLabel() + " matches; taken out: " + (disrupted.isEmpty() ? "none"
              : disrupted.entrySet().stream().map(e -> e.getKey() + " ("
                  + e.getValue().disruption().label + ", was " + e.getValue().role() + ")")
                  .toList()));
    }
    return nodes.get(name);
  }

  private static FaultEvent event(ContainerFault action, FaultTarget target, MongoNode node,
      long epochMillis, String detail, Map<String, Long> durations) {
    return new FaultEvent(epochMillis, action.label(), target.text(), node.name(), detail,
        durations);
  }
}
