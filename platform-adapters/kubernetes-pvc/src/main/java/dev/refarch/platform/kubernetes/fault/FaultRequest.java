package dev.refarch.platform.kubernetes.fault;

import dev.refarch.platform.spi.Fault;
import dev.refarch.platform.spi.config.ConfigurationException;
import dev.refarch.platform.spi.config.Setting;
import dev.refarch.platform.spi.config.Suggestions;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * A {@link Fault} for Kubernetes, checked before anything is done: the action, and its parameters
 * declared once — {@code timeoutSeconds}, {@code awaitReady}, {@code gracePeriodSeconds} and, for
 * a node failure, {@code mode}.
 *
 * <p>Immutable and thread-safe.
 *
 * @param action what to do
 * @param timeout how long resolving the target, and the pod coming back, may take
 * @param awaitReady whether {@code inject} waits until the pod is Ready again and measures it
 * @param gracePeriodSeconds the deletion's grace period; empty keeps the pod's own (30 s)
 * @param mode how a node fails
 * @param down how long a {@code stop-kubelet} node stays failed before it returns
 */
public record FaultRequest(Action action, Duration timeout, boolean awaitReady,
    Optional<Long> gracePeriodSeconds, NodeMode mode, Duration down) {

  /** The actions of the Kubernetes fault injector. */
  public enum Action {
    /** Delete the target's pod; its StatefulSet recreates it (study B4's primary failure). */
    DELETE_POD,
    /** Take the target's node out of service; the pod comes back elsewhere (B4's node failure). */
    NODE_FAILURE,
    /** Put a node back in service (target: a node name or {@code all}). */
    RESTORE_NODE,
    /** Delete the target's pod with grace period 0 and return: the local {@code kill -9}. */
    KILL,
    /** Wait until the pods {@code kill} deleted are Ready again: the local {@code restart}. */
    RESTART;

    public String label() {
      return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** Every action's label, for checking fault schedules before a cluster exists. */
    public static List<String> labels() {
      return Arrays.stream(values()).map(Action::label).toList();
    }
  }

  /** How {@code node-failure} takes the node out. */
  public enum NodeMode {
    /**
     * Cordon the node and add {@code node.kubernetes.io/out-of-service=nodeshutdown:NoExecute}:
     * what an operator does after a node shut down, making Kubernetes delete its pods and detach
     * their volumes at once.
     */
    OUT_OF_SERVICE,
    /** Cordon the node and delete the pod (a drain of that one pod). */
    DRAIN,
    /**
     * Fail the node as a power loss does: {@code k8s.node.stopCommand} kills its kubelet and the
     * target's containers; after {@code downSeconds} {@code k8s.node.startCommand} returns it
     * and the kubelet restarts the pod in place, on its volume.
     */
    STOP_KUBELET
  }

  static final Setting<Integer> TIMEOUT_SECONDS = Setting.integer("timeoutSeconds", null, 1,
      86_400, "how long resolving the target and the pod coming back may take;"
          + " default k8s.timeoutSeconds");
  static final Setting<Boolean> AWAIT_READY = Setting.bool("awaitReady", true,
      "wait until the recreated pod is Ready and record the time");
  static final Setting<Long> GRACE_PERIOD = Setting.longInteger("gracePeriodSeconds", null, 0,
      3600, "grace period of the pod's deletion; 0 kills at once; default the pod's own (30)");
  static final Setting<NodeMode> MODE = Setting.ofEnum("mode", NodeMode.OUT_OF_SERVICE,
      NodeMode.class, "node-failure: out-of-service (cordon + taint), drain (cordon + delete) or"
          + " stop-kubelet (kubelet and the target's containers killed; needs k8s.node.*Command)");
  static final Setting<Integer> DOWN_SECONDS = Setting.integer("downSeconds", 30, 0, 3600,
      "node-failure mode=stop-kubelet: how long the node stays failed before it returns (over"
          + " 20 s the local cluster marks it NotReady)");

  /** The parameters each action accepts. */
  static List<Setting<?>> accepted(Action action) {
    return switch (action) {
      case DELETE_POD -> List.of(TIMEOUT_SECONDS, AWAIT_READY, GRACE_PERIOD);
      case NODE_FAILURE -> List.of(TIMEOUT_SECONDS, AWAIT_READY, GRACE_PERIOD, MODE,
          DOWN_SECONDS);
      case RESTORE_NODE -> List.of();
      case KILL -> List.of(TIMEOUT_SECONDS);
      case RESTART -> List.of(TIMEOUT_SECONDS);
    };
  }

  /**
   * Reads and checks {@code fault}.
   *
   * @throws ConfigurationException for an unknown action, a parameter the action does not take,
   *     or a bad value
   */
  public static FaultRequest parse(Fault fault, Duration defaultTimeout) {
    Action action = Arrays.stream(Action.values())
        .filter(a -> a.label().equals(fault.action().trim().toLowerCase(Locale.ROOT)))
        .findFirst().orElseThrow(() -> new ConfigurationException("fault.action", fault.action(),
            String.join(", ", Action.labels()), Suggestions.closest(fault.action(), Action.labels())
                .map(c -> "did you mean '" + c + "'?").orElse(null)));
    Map<String, String> p = fault.parameters();
    List<String> keys = accepted(action).stream().map(Setting::key).toList();
    p.keySet().stream().sorted().filter(k -> !keys.contains(k)).findFirst().ifPresent(k -> {
      throw new ConfigurationException(k, p.get(k), "parameters of " + action.label() + ": "
          + (keys.isEmpty() ? "none" : String.join(", ", keys)), Suggestions.closest(k, keys)
          .map(c -> "did you mean '" + c + "'?").orElse("unknown parameter"));
    });
    Integer timeout = TIMEOUT_SECONDS.from(p);
    return new FaultRequest(action, timeout == null ? defaultTimeout : Duration.ofSeconds(timeout),
        action != Action.KILL && AWAIT_READY.from(p), GRACE_PERIOD.find(p), MODE.from(p),
        Duration.ofSeconds(DOWN_SECONDS.from(p)));
  }
}
