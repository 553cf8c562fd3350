package dev.refarch.platform.santricity.config;

import java.time.Duration;

/**
 * How drive faults are allowed and followed.
 *
 * @param allow whether destructive faults may run at all
 * @param pollMillis interval between progress polls
 * @param timeoutMinutes how long to follow reconstruction
 * @param confirmSeconds how long to wait for the array to confirm the drive's new state
 */
public record FaultSettings(boolean allow, long pollMillis, int timeoutMinutes,
    int confirmSeconds) {

  public Duration pollInterval() {
    return Duration.ofMillis(pollMillis);
  }

  public Duration timeout() {
    return Duration.ofMinutes(timeoutMinutes);
  }

  public Duration confirmTimeout() {
    return Duration.ofSeconds(confirmSeconds);
  }
}
