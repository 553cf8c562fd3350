package dev.refarch.testcontainers.cluster;

import dev.refarch.platform.spi.config.ConfigurationException;
import dev.refarch.platform.spi.config.Setting;
import dev.refarch.platform.spi.config.Suggestions;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What the container fault injector does to a member, the state the member must be in, the state
 * it leaves it in, and the parameters it takes. The names are the local provisioner's, so that a
 * fault schedule runs on either kind of cluster.
 */
enum ContainerFault {
  /** {@code replSetStepDown}: the primary hands over. */
  STEPDOWN(null, null),
  /** {@code docker kill}: SIGKILL to every process of the container, as in a crash. */
  KILL(null, Disruption.DOWN),
  /** {@code docker stop}: SIGTERM, SIGKILL after {@code timeoutSeconds}; a clean shutdown. */
  STOP(null, Disruption.DOWN),
  /** {@code docker start} of a killed or stopped member: same data, same port; back in its set. */
  RESTART(Disruption.DOWN, null),
  /** {@code docker pause}: every process frozen, as in a hung host. */
  PAUSE(null, Disruption.PAUSED),
  /** {@code docker unpause}. */
  RESUME(Disruption.PAUSED, null),
  /** Cut off the cluster's network: neither the other members nor clients reach it, nor it them. */
  PARTITION(null, Disruption.PARTITIONED),
  /** Reconnected to the network under its name and port; back in its set. */
  HEAL(Disruption.PARTITIONED, null);

  /** What a fault leaves a member as, until the matching fault undoes it. */
  enum Disruption {
    DOWN("down (killed or stopped)"),
    PAUSED("paused"),
    PARTITIONED("cut off (partitioned)");

    final String label;

    Disruption(String label) {
      this.label = label;
    }
  }

  static final Setting<Integer> TIMEOUT_SECONDS = Setting.integer("timeoutSeconds", 30, 1, 3600,
      "how long finding the target and the fault taking effect may take; stop: the grace before"
          + " SIGKILL");
  static final Setting<Integer> SECONDS = Setting.integer("seconds", 60, 1, 86_400,
      "stepdown: seconds the old primary may not become primary again");
  static final Setting<Boolean> FORCE = Setting.bool("force", false,
      "stepdown: step down even when no secondary has caught up");

  /** The disruption the member must have; {@code null}: a live member. */
  final Disruption needs;
  /** The disruption the fault leaves; {@code null}: the member is live afterwards. */
  final Disruption leaves;

  ContainerFault(Disruption needs, Disruption leaves) {
    this.needs = needs;
    this.leaves = leaves;
  }

  /** The lower-case name used in fault schedules, e.g. {@code partition}. */
  String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  static List<String> labels() {
    return Arrays.stream(values()).map(ContainerFault::label).toList();
  }

  /**
   * The action named {@code text} (any case).
   *
   * @throws ConfigurationException listing the actions, with the closest one
   */
  static ContainerFault parse(String text) {
    String t = text.trim().toLowerCase(Locale.ROOT);
    return Arrays.stream(values()).filter(a -> a.label().equals(t)).findFirst()
        .orElseThrow(() -> new ConfigurationException("fault.action", text,
            String.join(", ", labels()), Suggestions.closest(t, labels())
                .map(c -> "did you mean '" + c + "'?").orElse(null)));
  }

  /**
   * Checks {@code parameters} against what this action takes.
   *
   * @throws ConfigurationException for a parameter it does not take or a bad value
   */
  void check(Map<String, String> parameters) {
    List<Setting<?>> accepted = this == STEPDOWN ? List.of(TIMEOUT_SECONDS, SECONDS, FORCE)
        : List.of(TIMEOUT_SECONDS);
    List<String> keys = accepted.stream().map(Setting::key).toList();
    parameters.keySet().stream().sorted().filter(k -> !keys.contains(k)).findFirst()
        .ifPresent(k -> {
          throw new ConfigurationException(k, parameters.get(k), "parameters of " + label()
              + ": " + String.join(", ", keys), Suggestions.closest(k, keys)
                  .map(c -> "did you mean '" + c + "'?").orElse("unknown parameter"));
        });
    accepted.forEach(s -> s.find(parameters));
  }
}
