package dev.refarch.platform.vsan.config;

import dev.refarch.platform.spi.Phase;
import dev.refarch.platform.spi.PhaseOutcome;
import java.util.Locale;

/**
 * When the hooks put back what they changed. Restoring a storage policy makes vSAN rebuild the
 * objects, so between a load and a run of the same trial it can pay to keep the policy.
 */
public enum RestoreMode {
  /** After every phase (also after a failed one). Safe in any pipeline. */
  TRUE,
  /**
   * Only after a failed phase: a successful phase leaves its state in place (e.g. a baseline for
   * later trials); a failed one is never left half-applied.
   */
  FALSE,
  /**
   * After the run phase, or after any failed phase. Needs the same hook instance (or the recorded
   * platform state) for load and run, as the experiment runner provides.
   */
  AFTER_RUN;

  /** The value as written in properties, e.g. {@code after-run}. */
  public String label() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  /** Whether {@code after(phase, outcome)} restores. */
  public boolean restoresAfter(Phase phase, PhaseOutcome outcome) {
    return switch (this) {
      case TRUE -> true;
      case FALSE -> !outcome.succeeded();
      case AFTER_RUN -> phase == Phase.RUN || !outcome.succeeded();
    };
  }
}
