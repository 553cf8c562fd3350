package dev.refarch.ycsb.measure;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How much of the start of a run is warm-up: left out of summaries, kept in the timeline and in
 * the HDR log under its own {@code .warmup} tags.
 *
 * @param unit seconds or operations
 * @param amount how many, 0 for no warm-up
 */
public record Warmup(Unit unit, long amount) {

  /** What {@link #amount} counts. */
  public enum Unit { SECONDS, OPERATIONS }

  public static final String ALLOWED = "0 (none), N or Ns (seconds from the first operation),"
      + " Nops (the first N operations of this client)";

  private static final Pattern FORM = Pattern.compile("(\\d+)\\s*(s|sec|seconds|ops|operations)?");

  public Warmup {
    if (amount < 0) {
      throw new IllegalArgumentException(ALLOWED);
    }
  }

  public static Warmup none() {
    return new Warmup(Unit.SECONDS, 0);
  }

  public static Warmup seconds(long seconds) {
    return new Warmup(Unit.SECONDS, seconds);
  }

  public static Warmup operations(long operations) {
    return new Warmup(Unit.OPERATIONS, operations);
  }

  /** Parses {@code 30}, {@code 30s} or {@code 5000ops}. */
  public static Warmup parse(String text) {
    Matcher m = FORM.matcher(text.trim().toLowerCase(Locale.ROOT));
    if (!m.matches()) {
      throw new IllegalArgumentException(ALLOWED);
    }
    long n = Long.parseLong(m.group(1));
    return m.group(2) != null && m.group(2).startsWith("op") ? operations(n) : seconds(n);
  }

  public boolean isNone() {
    return amount == 0;
  }

  @Override
  public String toString() {
    return amount + (unit == Unit.SECONDS ? "s" : "ops");
  }
}
