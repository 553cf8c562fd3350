package dev.refarch.experiments.spec;

import java.time.Duration;
import java.util.Objects;

/**
 * A run phase that lasts until its throughput is steady: the runner watches the clients' merged
 * throughput once every client's warm-up has passed and stops them as soon as the last
 * {@link SteadyRule#windowSeconds()} seconds are steady — or when {@code max} of measured time has
 * passed, after which the trial is marked not steady. Immutable.
 *
 * @param rule when throughput counts as steady
 * @param max the longest measured time (after warm-up), at least the rule's window
 */
public record UntilSteady(SteadyRule rule, Duration max) {

  public UntilSteady {
    Objects.requireNonNull(rule, "rule");
    if (max.toSeconds() < rule.windowSeconds()) {
      throw new IllegalArgumentException("steady.max must be at least the window ("
          + rule.windowSeconds() + " s), got " + max.toSeconds() + " s");
    }
  }
}
