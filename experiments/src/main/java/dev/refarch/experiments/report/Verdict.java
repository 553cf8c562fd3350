package dev.refarch.experiments.report;

import java.util.Objects;

/**
 * What a report concludes about one of the paper's figures: the re-run agrees with the shape the
 * reference declares, disagrees with it, or cannot be compared here — and why, in words a reader
 * can act on ({@code not steady: t003 found no steady 10 s window in 60 s}, {@code client-bound:
 * 4 client JVMs on 2 cores}, {@code fewer than 1000 samples for p99}). Immutable.
 *
 * @param kind the conclusion
 * @param reason why, always filled
 */
public record Verdict(Kind kind, String reason) {

  /** The three conclusions. */
  public enum Kind {
    AGREES("agrees"),
    DISAGREES("disagrees"),
    NOT_COMPARABLE("not comparable here");

    private final String label;

    Kind(String label) {
      this.label = label;
    }

    /** How every output writes it. */
    public String label() {
      return label;
    }
  }

  public Verdict {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(reason, "reason");
  }

  static Verdict notComparable(String why) {
    return new Verdict(Kind.NOT_COMPARABLE, why);
  }

  /** {@code agrees (measured −34.5 % …)}. */
  @Override
  public String toString() {
    return kind.label() + ": " + reason;
  }
}
