package dev.refarch.platform.spi;

import java.util.Objects;
import java.util.Optional;

/**
 * How a phase ended, handed to {@link PlatformHook#after}; hooks restore platform state either way.
 *
 * @param succeeded whether every client thread initialised, ran and cleaned up
 * @param failure what went wrong when {@code succeeded} is false; empty otherwise
 */
public record PhaseOutcome(boolean succeeded, Optional<String> failure) {

  public PhaseOutcome {
    Objects.requireNonNull(failure, "failure");
    if (succeeded == failure.isPresent()) {
      throw new IllegalArgumentException("a phase that succeeded has no failure, and vice versa");
    }
  }

  public static PhaseOutcome success() {
    return new PhaseOutcome(true, Optional.empty());
  }

  public static PhaseOutcome failed(String reason) {
    return new PhaseOutcome(false, Optional.of(reason));
  }
}
