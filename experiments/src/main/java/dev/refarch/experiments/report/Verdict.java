package dev.refarch.experiments.report;

import dev.refarch.experiments.spec.Transfer;
import dev.refarch.experiments.stats.Effect;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * What a report concludes about one of the paper's figures, as a statistical statement: the
 * measured change against the baseline with its 95 % confidence interval, and whether that whole
 * interval lies in the band the reference declares ({@link Kind#AGREES}), wholly outside it
 * ({@link Kind#DISAGREES}), or across its edge ({@link Kind#INCONCLUSIVE}: noise decides, and more
 * repetitions might not); or that it cannot be compared here, and why ({@code not steady: t003's
 * last 10 s drifted …}, {@code fewer than 1000 samples for p99}). Immutable.
 *
 * @param kind the conclusion
 * @param reason why, always filled: the effect with its interval, what was expected, and what
 *     follows
 * @param effect the measured change and its interval, when both points were measured
 * @param direction whether the interval lies on the declared side of 0, for a shape whose size
 *     is judged too (reported apart from the size); empty otherwise
 * @param morePerPoint for an inconclusive verdict, about how many more repetitions of both points
 *     would likely decide it; empty when none would or it is decided
 * @param caveats what a reader should weigh besides the interval (clients that may have limited a
 *     point, repetitions left out), each with its figures
 * @param window which window of each trial the figures come from
 */
public record Verdict(Kind kind, String reason, Optional<Effect> effect,
    Optional<Transfer.Outcome> direction, OptionalInt morePerPoint, List<String> caveats,
    String window) {

  /** The four conclusions. */
  public enum Kind {
    AGREES("agrees"),
    DISAGREES("disagrees"),
    INCONCLUSIVE("inconclusive"),
    NOT_COMPARABLE("not comparable here");

    private final String label;

    Kind(String label) {
      this.label = label;
    }

    /** How every output writes it. */
    public String label() {
      return label;
    }

    static Kind of(Transfer.Outcome outcome) {
      return switch (outcome) {
        case AGREES -> AGREES;
        case DISAGREES -> DISAGREES;
        case INCONCLUSIVE -> INCONCLUSIVE;
      };
    }
  }

  public Verdict {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(reason, "reason");
    Objects.requireNonNull(effect, "effect");
    Objects.requireNonNull(direction, "direction");
    Objects.requireNonNull(morePerPoint, "morePerPoint");
    caveats = List.copyOf(caveats);
    Objects.requireNonNull(window, "window");
  }

  /** A conclusion without a measured effect. */
  public Verdict(Kind kind, String reason) {
    this(kind, reason, Optional.empty(), Optional.empty(), OptionalInt.empty(), List.of(), "");
  }

  static Verdict notComparable(String why) {
    return new Verdict(Kind.NOT_COMPARABLE, why);
  }

  /** {@code agrees: +34.5 % [+20.1, +49.9] against …}. */
  @Override
  public String toString() {
    return kind.label() + ": " + reason;
  }
}
