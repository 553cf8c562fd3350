package dev.refarch.platform.santricity.fault;

import java.util.Objects;

/**
 * One observation of a long-running pool action, for the trial's timeline.
 *
 * @param epochMillis when it was observed, milliseconds since the epoch (local clock, to line up
 *     with the clients' timelines)
 * @param pool the pool's name
 * @param volumeRef the volume the action runs on; empty for the final "none" sample
 * @param action e.g. {@code reconstructing}, {@code rebalancing}, {@code copyback}, or {@code none}
 *     once the pool is quiet again
 * @param percentComplete 0–100
 * @param estimatedMinutes the controller's estimate of the time left, minutes; -1 when unknown
 * @param cause the fault that started it, e.g. {@code fail-drive 0100…}
 */
public record ProgressSample(long epochMillis, String pool, String volumeRef, String action,
    int percentComplete, int estimatedMinutes, String cause) {

  public ProgressSample {
    Objects.requireNonNull(pool, "pool");
    Objects.requireNonNull(volumeRef, "volumeRef");
    Objects.requireNonNull(action, "action");
    Objects.requireNonNull(cause, "cause");
    if (percentComplete < 0 || percentComplete > 100) {
      throw new IllegalArgumentException("percentComplete must be 0-100: " + percentComplete);
    }
  }

  /** Whether this is the sample saying the pool is quiet again. */
  public boolean isFinal() {
    return "none".equals(action);
  }
}
