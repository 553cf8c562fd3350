package dev.refarch.experiments.spec;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * Repetitions that stop when the answer is clear: every point runs {@code min} times, interleaved;
 * then, round by round, a point runs once more while any verdict that rests on it is
 * inconclusive, up to the spec's {@link ExperimentSpec#repetitions() repetitions} (the most), and
 * while the next round fits in {@code budget}. Immutable.
 *
 * <p>In a spec: {@code repetitions: {min: 2, max: 5, budget: 6m}}, or {@code repetitions: auto}
 * for {@link #DEFAULT_MIN} to {@link #DEFAULT_MAX} without a budget.
 *
 * @param min repetitions every point runs, at least 1
 * @param budget how long the whole experiment may take before no further round starts, if limited
 */
public record AutoRepetitions(int min, Optional<Duration> budget) {

  /** The fewest repetitions of {@code repetitions: auto}: two tell a point's scatter. */
  public static final int DEFAULT_MIN = 2;
  /** The most of {@code repetitions: auto}. */
  public static final int DEFAULT_MAX = 5;

  public AutoRepetitions {
    if (min < 1) {
      throw new IllegalArgumentException("repetitions.min is " + min + "; at least 1");
    }
    Objects.requireNonNull(budget, "budget");
    budget.ifPresent(b -> {
      if (b.isNegative() || b.isZero()) {
        throw new IllegalArgumentException("repetitions.budget is " + b + "; a positive duration");
      }
    });
  }
}
