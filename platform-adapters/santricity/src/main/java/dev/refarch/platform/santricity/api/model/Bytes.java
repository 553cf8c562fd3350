package dev.refarch.platform.santricity.api.model;

/** Capacities arrive as decimal strings of bytes (they overflow JSON doubles on large arrays). */
public final class Bytes {

  /** SANtricity's {@code gb} size unit is binary: 1 gb = 1 GiB. */
  public static final long GIB = 1L << 30;

  private Bytes() {
  }

  /** The number in {@code text}, 0 when absent or not a number. */
  public static long parse(String text) {
    if (text == null || text.isBlank()) {
      return 0;
    }
    try {
      return Long.parseLong(text.trim());
    } catch (NumberFormatException e) {
      try {
        return (long) Double.parseDouble(text.trim());
      } catch (NumberFormatException again) {
        return 0;
      }
    }
  }
}
