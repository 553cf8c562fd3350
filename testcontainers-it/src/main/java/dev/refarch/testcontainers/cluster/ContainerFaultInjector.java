package dev.refarch.testcontainers.cluster;

import dev.refarch.platform.spi.Fault;
import dev.refarch.platform.spi.FaultEvent;
import dev.refarch.platform.spi.FaultInjector;
import dev.refarch.platform.spi.PlatformException;
import dev.refarch.platform.spi.config.ConfigurationException;
import dev.refarch.platform.spi.config.Setting;
import dev.refarch.platform.spi.config.Suggestions;
import dev.refarch.testcontainers.cluster.MemberTargets.Target;
import dev.refarch.testcontainers.cluster.Waits.Observation;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.bson.Document;

/**
 * Breaks members of a container cluster: {@code stepdown} ({@code replSetStepDown}, parameters
 * {@code seconds} (default 60) and {@code force}), {@code pause} ({@code docker pause}, which
 * freezes every process of the container) and {@code resume} ({@code docker unpause}). Every
 * action takes {@code timeoutSeconds} (default 30) for finding the target.
 *
 * <p>Targets as in {@link MemberTargets}; a role is asked of the live members, over direct
 * connections through their mapped ports, when the fault fires. For {@code resume} a role means
 * the member that had it when it was paused, so "pause primary … resume primary" pairs up.
 * Killing and restarting containers is not offered: a restarted container may get another mapped
 * port, which a replica set advertising mapped ports cannot follow.
 *
 * <p>Thread-safe: faults run one at a time.
 */
final class ContainerFaultInjector implements FaultInjector {

  static final Set<String> ACTIONS = java.util.Collections.unmodifiableSet(
      new LinkedHashSet<>(List.of("stepdown", "pause", "resume")));

  static final Setting<Integer> TIMEOUT_SECONDS = Setting.integer("timeoutSeconds", 30, 1, 3600,
      "how long finding the target may take");
  static final Setting<Integer> SECONDS = Setting.integer("seconds", 60, 1, 86_400,
      "stepdown: seconds the old primary may not become primary again");
  static final Setting<Boolean> FORCE = Setting.bool("force", false,
      "stepdown: step down even when no secondary has caught up");

  private final Map<String, MongoNode> nodes;
  private final List<String> memberNames;
  private final MemberTargets targets;
  private final Map<String, String> paused = new LinkedHashMap<>(); // member -> role when paused

  ContainerFaultInjector(ContainerPlan plan, Map<String, MongoNode> nodes) {
    this.nodes = Map.copyOf(nodes);
    this.memberNames = plan.members().stream().map(NodeSpec::name).toList();
    this.targets = new MemberTargets(plan.members());
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
    String action = fault.action().trim().toLowerCase(Locale.ROOT);
    if (!ACTIONS.contains(action)) {
      throw new ConfigurationException("fault.action", fault.action(),
          String.join(", ", actions()), Suggestions.closest(action, ACTIONS)
              .map(c -> "did you mean '" + c + "'?").orElse(null));
    }
    checkParameters(action, fault.parameters());
    Target target = targets.parse(fault.target());
    Instant started = Instant.now();
    Instant deadline = started.plusSeconds(TIMEOUT_SECONDS.from(fault.parameters()));
    return switch (action) {
      case "stepdown" -> stepDown(target, fault.parameters(), started, deadline);
      case "pause" -> pause(target, started, deadline);
      default -> resume(target);
    };
  }

  private static void checkParameters(String action, Map<String, String> parameters) {
    List<Setting<?>> accepted = action.equals("stepdown")
        ? List.of(TIMEOUT_SECONDS, SECONDS, FORCE) : List.of(TIMEOUT_SECONDS);
    List<String> keys = accepted.stream().map(Setting::key).toList();
    parameters.keySet().stream().sorted().filter(k -> !keys.contains(k)).findFirst()
        .ifPresent(k -> {
          throw new ConfigurationException(k, parameters.get(k), "parameters of " + action
              + ": " + String.join(", ", keys), "unknown parameter");
        });
    accepted.forEach(s -> s.find(parameters));
  }

  private FaultEvent stepDown(Target target, Map<String, String> parameters, Instant started,
      Instant deadline) {
    if (target.isRole() ? !target.role().equals("primary")
        : targets.member(target.member()).role() == NodeSpec.Role.ROUTER
            || targets.member(target.member()).role() == NodeSpec.Role.ARBITER) {
      throw new ConfigurationException("fault.target", target.text(),
          "a replica set's primary or a data member's name for stepdown");
    }
    MongoNode node = live(target, started, deadline);
    int seconds = SECONDS.from(parameters);
    boolean force = FORCE.from(parameters);
    node.run(new Document("replSetStepDown", seconds)
        .append("secondaryCatchUpPeriodSecs", Math.min(10, seconds / 2)).append("force", force));
    return event("stepdown", target, node, "replSetStepDown " + seconds + " s"
        + (force ? ", force" : ""));
  }

  private FaultEvent pause(Target target, Instant started, Instant deadline) {
    MongoNode node = live(target, started, deadline);
    String was = roleOf(node);
    node.container().getDockerClient().pauseContainerCmd(node.container().getContainerId())
        .exec();
    paused.put(node.name(), was);
    return event("pause", target, node, "docker pause (was " + was + ")");
  }

  private FaultEvent resume(Target target) {
    String name = target.isRole()
        ? paused.entrySet().stream().filter(e -> target.group().equals(
            targets.member(e.getKey()).group()) && e.getValue().equals(target.role()))
            .map(Map.Entry::getKey).findFirst().orElse(null)
        : paused.containsKey(target.member()) ? target.member() : null;
    if (name == null) {
      throw new PlatformException("resume " + target.text(), "no paused member matches; paused: "
          + (paused.isEmpty() ? "none" : paused.toString()));
    }
    MongoNode node = nodes.get(name);
    node.container().getDockerClient().unpauseContainerCmd(node.container().getContainerId())
        .exec();
    String was = paused.remove(name);
    return event("resume", target, node, "docker unpause (was " + was + " when paused)");
  }

  /** Unpauses every member this injector paused, so that the containers can be stopped. */
  synchronized void resumeAllPaused() {
    for (String name : List.copyOf(paused.keySet())) {
      MongoNode node = nodes.get(name);
      try {
        node.container().getDockerClient().unpauseContainerCmd(node.container().getContainerId())
            .exec();
      } catch (RuntimeException e) {
        // The container is stopped next anyway; a failed unpause only makes that slower.
      }
      paused.remove(name);
    }
  }

  /** The member the target names, or the live member holding its role now. */
  private MongoNode live(Target target, Instant started, Instant deadline) {
    if (!target.isRole()) {
      if (paused.containsKey(target.member())) {
        throw new PlatformException("fault on " + target.text(), target.member() + " is paused");
      }
      return nodes.get(target.member());
    }
    List<MongoNode> group = targets.group(target.group()).stream()
        .filter(s -> s.role() != NodeSpec.Role.ARBITER && !paused.containsKey(s.name()))
        .map(s -> nodes.get(s.name())).toList();
    return Waits.until(started, deadline, "a " + target.role() + " in " + target.group(), () -> {
      Map<String, String> roles = new LinkedHashMap<>();
      for (MongoNode node : group) {
        String role = roleOf(node);
        if (role.equals(target.role())) {
          return Observation.done(node);
        }
        roles.put(node.name(), role);
      }
      return Observation.pending(roles.toString());
    });
  }

  /** {@code primary}, {@code secondary}, {@code arbiter}, {@code router} or what else it said. */
  static String roleOf(MongoNode node) {
    try {
      Document hello = node.run(new Document("hello", 1));
      if ("isdbgrid".equals(hello.getString("msg"))) {
        return "router";
      }
      if (Boolean.TRUE.equals(hello.getBoolean("isWritablePrimary"))) {
        return "primary";
      }
      if (Boolean.TRUE.equals(hello.getBoolean("secondary"))) {
        return "secondary";
      }
      return Boolean.TRUE.equals(hello.getBoolean("arbiterOnly")) ? "arbiter" : "other";
    } catch (PlatformException e) {
      return "unreachable";
    }
  }

  private static FaultEvent event(String action, Target target, MongoNode node, String detail) {
    return new FaultEvent(System.currentTimeMillis(), action, target.text(), node.name(), detail);
  }
}
