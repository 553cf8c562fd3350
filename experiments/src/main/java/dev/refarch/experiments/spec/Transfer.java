package dev.refarch.experiments.spec;

import java.util.Locale;
import java.util.Objects;

/**
 * What of a paper's figure carries over to a re-run on other hardware, and so what a report can
 * judge: a {@link Shape} — the direction and size of the change against the study's baseline — or
 * nothing at all beyond the platform the paper ran on ({@link PlatformOnly}).
 */
public sealed interface Transfer {

  /** The text form in a spec, for messages. */
  String FORM = "{direction: up|down, atLeast: <percent>[, atMost: <percent>]},"
      + " {direction: flat, within: <percent>} or {platform: <why it does not transfer>}";

  /** One line for people, e.g. {@code up by +5 % to +200 %}. */
  String describe();

  /**
   * The measured change against the baseline, in percent, must lie in
   * [{@code lowPct}, {@code highPct}].
   *
   * @param direction {@code up}, {@code down} or {@code flat}, as declared
   * @param lowPct the smallest change that agrees (signed; may be {@code -Infinity})
   * @param highPct the largest (signed; may be {@code +Infinity})
   */
  record Shape(String direction, double lowPct, double highPct) implements Transfer {
    public Shape {
      Objects.requireNonNull(direction, "direction");
      if (!(lowPct <= highPct)) {
        throw new IllegalArgumentException("band " + lowPct + ".." + highPct + " is empty");
      }
    }

    /** {@code up}: a rise of at least {@code atLeast} % and at most {@code atMost} %. */
    public static Shape up(double atLeast, double atMost) {
      return new Shape("up", atLeast, atMost);
    }

    /** {@code down}: a fall of at least {@code atLeast} % and at most {@code atMost} %. */
    public static Shape down(double atLeast, double atMost) {
      return new Shape("down", -atMost, -atLeast);
    }

    /** {@code flat}: a change of at most {@code within} % either way. */
    public static Shape flat(double within) {
      return new Shape("flat", -within, within);
    }

    /** Whether a measured change of {@code pct} % agrees. */
    public boolean agrees(double pct) {
      return pct >= lowPct && pct <= highPct;
    }

    @Override
    public String describe() {
      return switch (direction) {
        case "up" -> "up by " + pct(lowPct) + (Double.isInfinite(highPct) ? " or more" : " to " + pct(highPct));
        case "down" -> "down by " + pct(highPct) + (Double.isInfinite(lowPct) ? " or more" : " to " + pct(lowPct));
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
