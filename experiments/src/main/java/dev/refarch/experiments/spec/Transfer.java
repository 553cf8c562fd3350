package dev.refarch.experiments.spec;

import java.util.Locale;
import java.util.Objects;

/**
 * What of a paper's figure carries over to a re-run on other hardware, and so what a report can
 * judge: a {@link Shape} — the direction of the change against the study's baseline, and its size
 * where that transfers too — or nothing at all beyond the platform the paper ran on
 * ({@link PlatformOnly}). Every shape says why it is what it is: from the paper's figure by a rule
 * ("the paper's ratio, from its square root to its square"), or why only the direction transfers
 * ("the size follows the journal's fsync latency, vSAN's there").
 */
public sealed interface Transfer {

  /** The text form in a spec, for messages. */
  String FORM = "{direction: up|down, why: <why only the direction transfers>},"
      + " {direction: up|down, atLeast: <percent>[, atMost: <percent>], why: <the rule>},"
      + " {direction: flat, within: <percent>, why: <the rule>} or {platform: <why it does not"
      + " transfer>}";

  /** One line for people, e.g. {@code up by +5 % to +200 %}. */
  String describe();

  /** What a 95 % interval of the measured change says of a shape. */
  enum Outcome {
    /** The whole interval lies in the band. */
    AGREES,
    /** The whole interval lies outside it. */
    DISAGREES,
    /** Part in, part out: noise decides. */
    INCONCLUSIVE
  }

  /**
   * The measured change against the baseline, in percent, must lie in [{@code lowPct},
   * {@code highPct}]; for a direction alone, on the right side of 0.
   *
   * @param direction {@code up}, {@code down} or {@code flat}, as declared
   * @param lowPct the smallest change that agrees (signed; may be {@code -Infinity}); 0 for a
   *     rise alone, −100 for a fall alone
   * @param highPct the largest (signed; may be {@code +Infinity}); +∞ for a rise alone, 0 for a
   *     fall alone
   * @param magnitude whether the size transfers (a band of sizes) or only the direction
   * @param why the rule the band comes from, or why only the direction transfers
   */
  record Shape(String direction, double lowPct, double highPct, boolean magnitude, String why)
      implements Transfer {
    public Shape {
      Objects.requireNonNull(direction, "direction");
      Objects.requireNonNull(why, "why");
      if (!(lowPct <= highPct)) {
        throw new IllegalArgumentException("band " + lowPct + ".." + highPct + " is empty");
      }
      if (!magnitude && direction.equals("flat")) {
        throw new IllegalArgumentException("a flat shape is a size: it needs its band");
      }
    }

    /** {@code up}, and only the direction transfers. */
    public static Shape up(String why) {
      return new Shape("up", 0, Double.POSITIVE_INFINITY, false, why);
    }

    /** {@code down}, and only the direction transfers. */
    public static Shape down(String why) {
      return new Shape("down", -100, 0, false, why);
    }

    /** {@code up}: a rise of at least {@code atLeast} % and at most {@code atMost} %. */
    public static Shape up(double atLeast, double atMost, String why) {
      return new Shape("up", atLeast, atMost, true, why);
    }

    /** {@code down}: a fall of at least {@code atLeast} % and at most {@code atMost} %. */
    public static Shape down(double atLeast, double atMost, String why) {
      return new Shape("down", -atMost, -atLeast, true, why);
    }

    /** {@code flat}: a change of at most {@code within} % either way. */
    public static Shape flat(double within, String why) {
      return new Shape("flat", -within, within, true, why);
    }

    /**
     * What the 95 % interval [{@code low}, {@code high}] of the measured change (percent) says:
     * for a band of sizes, whether it lies wholly inside, wholly outside or across an edge; for a
     * direction alone, whether it lies wholly on the declared side of 0, wholly on the other, or
     * across 0.
     */
    public Outcome judge(double low, double high) {
      if (!magnitude) {
        return direction(low, high);
      }
      if (low >= lowPct && high <= highPct) {
        return Outcome.AGREES;
      }
      return high < lowPct || low > highPct ? Outcome.DISAGREES : Outcome.INCONCLUSIVE;
    }

    /** Whether the interval lies on the declared side of 0; for {@code flat}, within the band. */
    public Outcome direction(double low, double high) {
      return switch (direction) {
        case "up" -> low > 0 ? Outcome.AGREES : high < 0 ? Outcome.DISAGREES
            : Outcome.INCONCLUSIVE;
        case "down" -> high < 0 ? Outcome.AGREES : low > 0 ? Outcome.DISAGREES
            : Outcome.INCONCLUSIVE;
        default -> judge(low, high);
      };
    }

    /**
     * The edges an interval is judged against, in percent: the band's for a size, 0 for a
     * direction ({@code [0, +∞]} up, {@code [−100, 0]} down).
     */
    public double[] edges() {
      return magnitude ? new double[] {lowPct, highPct}
          : new double[] {direction.equals("up") ? lowPct : highPct};
    }

    @Override
    public String describe() {
      if (!magnitude) {
        return direction + " (the direction transfers, not the size)";
      }
      return switch (direction) {
        case "up" -> "up by " + pct(lowPct) + (Double.isInfinite(highPct) ? " or more"
            : " to " + pct(highPct));
        case "down" -> "down by " + pct(highPct) + (Double.isInfinite(lowPct) ? " or more"
            : " to " + pct(lowPct));
        default -> "flat within " + pct(lowPct) + " to " + pct(highPct);
      };
    }

    private static String pct(double v) {
      String s = String.format(Locale.ROOT, "%+.0f %%", v);
      return s.replace("+-", "-");
    }
  }

  /**
   * The figure belongs to the paper's platform (an absolute number, a storage-policy effect, a
   * hardware swap): a re-run elsewhere cannot agree or disagree with it.
   *
   * @param why what the figure depends on that a re-run here does not have
   */
  record PlatformOnly(String why) implements Transfer {
    public PlatformOnly {
      Objects.requireNonNull(why, "why");
    }

    @Override
    public String describe() {
      return "platform only: " + why;
    }
  }

  /** The reference declares nothing: shown beside the measurement, never judged. */
  record Undeclared() implements Transfer {
    @Override
    public String describe() {
      return "not declared";
    }
  }
}
