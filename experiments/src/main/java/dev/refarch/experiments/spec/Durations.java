package dev.refarch.experiments.spec;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Durations as specs and the command line write them: {@code 90s}, {@code 6m}, {@code 1h}. */
public final class Durations {

  /** For messages. */
  public static final String FORM = "a duration, e.g. 90s, 6m or 1h";

  private static final Pattern DURATION = Pattern.compile("(\\d+)\\s*(s|m|h)");

  private Durations() {
  }

  /**
   * {@code 90s}, {@code 6m} or {@code 1h}: positive.
   *
   * @throws IllegalArgumentException for anything else
   */
  public static Duration parse(String text) {
    Matcher d = DURATION.matcher(text.trim());
    if (!d.matches() || Long.parseLong(d.group(1)) < 1) {
      throw new IllegalArgumentException(text);
    }
    long n = Long.parseLong(d.group(1));
    return switch (d.group(2)) {
      case "s" -> Duration.ofSeconds(n);
      case "m" -> Duration.ofMinutes(n);
      default -> Duration.ofHours(n);
    };
  }
}
