package dev.refarch.experiments.spec;

import java.time.Duration;
import java.util.Objects;

/**
 * A run phase that lasts until its throughput is steady: the runner watches the clients' merged
 * throughput once every client's warm-up has passed and stops them as soon as the last
 * {@link SteadyRule#windowSeconds()} seconds are steady and at least {@code min} has been
 * measured — or when {@code max} of measured time has passed, after which the trial is marked not
 * steady. {@code min} is for runs whose throughput climbs in steps (a fresh client JVM's code is
 * compiled in tiers: throughput can hold a level for several seconds before jumping): a window
 * can pass the rule on such a step, and stopping there would judge the run on it. Immutable.
 *
 * @param rule when throughput counts as steady
 * @param max the longest measured time (after warm-up), at least the rule's window
 * @param min the shortest measured time before the runner stops a steady run, from the rule's
 *     window to {@code max}
 */
public record UntilSteady(SteadyRule rule, Duration max, Duration min) {

  public UntilSteady {
    Objects.requireNonNull(rule, "rule");
    Objects.requireNonNull(max, "max");
    Objects.requireNonNull(min, "min");
    if (max.toSeconds() < rule.windowSeconds()) {
      throw new IllegalArgumentException("steady.max must be at least the window ("
          + rule.windowSeconds() + " s), got " + max.toSeconds() + " s");
    }
    if (min.toSeconds() < rule.windowSeconds() || min.compareTo(max) > 0) {
      throw new IllegalArgumentException("steady.min must lie between the window ("
          + rule.windowSeconds() + " s) and max (" + max.toSeconds() + " s), got "
          + min.toSeconds() + " s");
    }
  }

  /** Until steady, stopping as soon as one window is. */
  public UntilSteady(SteadyRule rule, Duration max) {
    this(rule, max, Duration.ofSeconds(rule.windowSeconds()));
  }
}
