package dev.refarch.platform.local.fault;

import dev.refarch.platform.local.blkio.BlockIoThrottle;
import dev.refarch.platform.spi.config.ConfigurationException;
import dev.refarch.platform.spi.config.Setting;
import dev.refarch.platform.spi.config.Suggestions;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * The parameters a local fault accepts, declared once and validated before anything is done.
 *
 * <p>Immutable and thread-safe.
 *
 * @param timeout how long resolving the target plus the fault taking effect may take
 * @param stepDownSeconds {@code stepdown}: how long the old primary may not be re-elected
 * @param force {@code stepdown}: step down even if no secondary has caught up
 * @param cap {@code slow-disk}: the cap; {@code null} for every other action
 */
public record FaultParameters(Duration timeout, int stepDownSeconds, boolean force,
    BlockIoThrottle.Cap cap) {

  static final Setting<Integer> TIMEOUT_SECONDS = Setting.integer("timeoutSeconds", null, 1, 3600,
      "how long resolving the target and the fault taking effect may take;"
          + " default local.startTimeoutSeconds");
  static final Setting<Integer> SECONDS = Setting.integer("seconds", 60, 1, 86_400,
      "stepdown: seconds the old primary may not become primary again");
  static final Setting<Boolean> FORCE = Setting.bool("force", false,
      "stepdown: step down even when no secondary has caught up");

  /** The parameters each action accepts. */
  static List<Setting<?>> accepted(FaultAction action) {
    return switch (action) {
      case STEPDOWN -> List.of(TIMEOUT_SECONDS, SECONDS, FORCE);
      case SLOW_DISK -> List.of(TIMEOUT_SECONDS, BlockIoThrottle.IOPS, BlockIoThrottle.BPS);
      default -> List.of(TIMEOUT_SECONDS);
    };
  }

  /**
   * Reads and checks {@code parameters} for {@code action}.
   *
   * @throws ConfigurationException for a parameter the action does not take or a bad value
   */
  public static FaultParameters parse(FaultAction action, Map<String, String> parameters,
      Duration defaultTimeout) {
    List<String> keys = accepted(action).stream().map(Setting::key).toList();
    parameters.keySet().stream().sorted().filter(k -> !keys.contains(k)).findFirst()
        .ifPresent(k -> {
          throw new ConfigurationException(k, parameters.get(k), "parameters of "
              + action.label() + ": " + String.join(", ", keys), Suggestions.closest(k, keys)
              .map(c -> "did you mean '" + c + "'?").orElse("unknown parameter"));
        });
    Integer timeout = TIMEOUT_SECONDS.from(parameters);
    return new FaultParameters(timeout == null ? defaultTimeout : Duration.ofSeconds(timeout),
        SECONDS.from(parameters), FORCE.from(parameters),
        action == FaultAction.SLOW_DISK ? BlockIoThrottle.capOfFault(parameters) : null);
  }

  /** {@code secondaryCatchUpPeriodSecs} for a step-down; mongod wants it below the step-down. */
  int catchUpSeconds() {
    return Math.min(10, stepDownSeconds / 2);
  }
}
