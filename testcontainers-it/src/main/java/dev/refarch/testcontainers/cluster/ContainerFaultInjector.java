package dev.refarch.testcontainers.cluster;

import dev.refarch.platform.spi.Fault;
import dev.refarch.platform.spi.FaultEvent;
import dev.refarch.platform.spi.FaultInjector;
import dev.refarch.platform.spi.FaultTarget;
import dev.refarch.platform.spi.FaultTargets;
import dev.refarch.platform.spi.PlatformException;
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
 * {@code stop} and {@code restart}; {@code pause} and {@code resume}; {@code partition} and
 * {@code heal}; {@code stepdown} (parameters {@code seconds}, default 60, and {@code force}).
 * Every action takes {@code timeoutSeconds} (default 30).
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
 * <p>Thread-safe: faults run one at a time.
 */
final class ContainerFaultInjector implements FaultInjector {

  static final Set<String> ACTIONS = Collections.unmodifiableSet(
      new LinkedHashSet<>(ContainerFault.labels()));
  private static final Set<String> BACK = Set.of("primary", "secondary", "arbiter", "router");

  /** How a member was taken out, what it was then, and in which order. */
  private record Disrupted(Disruption disruption, String role, long sequence) {
  }

  private final Map<String, MongoNode> nodes;
  private final List<String> memberNames;
  private final Map<String, NodeSpec> specs = new LinkedHashMap<>();
  private final FaultTargets targets;
  private final Map<String, Disrupted> disrupted = new LinkedHashMap<>();
  private long sequence;

  ContainerFaultInjector(ContainerPlan plan, Map<String, MongoNode> nodes) {
    this.nodes = Map.copyOf(nodes);
    this.memberNames = plan.members().stream().map(NodeSpec::name).toList();
    plan.members().forEach(m -> specs.put(m.name(), m));
    this.targets = new FaultTargets(plan.members().stream().map(m -> new FaultTargets.Member(
        m.name(), m.group(), kind(m.role()))).toList());
  }

  private static FaultTargets.Kind kind(NodeSpec.Role role) {
    return switch (role) {
      case DATA -> FaultTargets.Kind.DATA;
      case CONFIG -> FaultTargets.Kind.CONFIG;
      case ARBITER -> FaultTargets.Kind.ARBITER;
      case ROUTER -> FaultTargets.Kind.ROUTER;
    };
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
    Duration timeout = Duration.ofSeconds(ContainerFault.TIMEOUT_SECONDS.from(fault.parameters()));
    Instant started = Instant.now();
    Instant deadline = started.plus(timeout);
    MongoNode node = action.needs == null ? live(action, target, started, deadline)
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
      case RESUME -> bringBack(action, target, node, "docker unpause", node::unpause, null);
      case RESTART -> bringBack(action, target, node, "docker start", node::start, deadline);
      case HEAL -> bringBack(action, target, node, "reconnected to the network", node::reconnect,
          deadline);
    };
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

  /** Unpauses every member this injector paused, so that the containers can be stopped. */
  synchronized void unpauseAll() {
    disrupted.forEach((name, d) -> {
      if (d.disruption() == Disruption.PAUSED) {
        try {
          nodes.get(name).unpause();
        } catch (RuntimeException e) {
          // The container is removed next anyway; a failed unpause only makes that slower.
        }
      }
    });
    disrupted.clear();
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
            .filter(e -> e.getValue().disruption() == action.needs
                && target.replicaSet().equals(specs.get(e.getKey()).group())
                && e.getValue().role().equals(target.role().label()))
            .max(Comparator.comparingLong(e -> e.getValue().sequence()))
            .map(Map.Entry::getKey).orElse(null)
        : disrupted.containsKey(target.member())
            && disrupted.get(target.member()).disruption() == action.needs ? target.member() : null;
    if (name == null) {
      throw new PlatformException(action.label() + " " + target.text(), "no member that is "
          + action.needs.label + " matches; taken out: " + (disrupted.isEmpty() ? "none"
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
