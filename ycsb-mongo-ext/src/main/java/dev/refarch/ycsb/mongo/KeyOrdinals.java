package dev.refarch.ycsb.mongo;

/**
 * Reads and writes the ordinal in a YCSB key's trailing digits: {@code user000123} has prefix
 * {@code user}, ordinal 123 and width 6. This is how {@code range} and {@code index} scans learn
 * where a scan starts and ends from YCSB's {@code scan(startkey, n)}, whose signature has no end
 * key: the end key is the start key with its ordinal increased by {@code n}, same prefix, same
 * zero-padded width.
 *
 * <p>Stateless and thread-safe; allocation is one string per derived key.
 *
 * <pre>{@code
 * KeyOrdinals.ordinal("user000123");          // 123
 * KeyOrdinals.withOrdinal("user000123", 223); // "user000223"
 * }</pre>
 */
public final class KeyOrdinals {

  /** At most 18 digits, so that every ordinal and ordinal + scan length fit in a long. */
  private static final int MAX_DIGITS = 18;

  private KeyOrdinals() {
  }

  /**
   * The ordinal in the key's trailing digits.
   *
   * @throws IllegalArgumentException when the key does not end in 1 to 18 digits
   */
  public static long ordinal(String key) {
    int start = digitsStart(key);
    long value = 0;
    for (int i = start; i < key.length(); i++) {
      value = value * 10 + (key.charAt(i) - '0');
    }
    return value;
  }

  /**
   * {@code key} with its trailing digits replaced by {@code ordinal}, zero-padded to the same
   * width (wider only when the ordinal needs more digits).
   *
   * @throws IllegalArgumentException when the key does not end in 1 to 18 digits, or for a
   *     negative ordinal
   */
  public static String withOrdinal(String key, long ordinal) {
    if (ordinal < 0) {
      throw new IllegalArgumentException("negative ordinal " + ordinal);
    }
    int start = digitsStart(key);
    int width = key.length() - start;
    String digits = Long.toString(ordinal);
    StringBuilder out = new StringBuilder(start + Math.max(width, digits.length()));
    out.append(key, 0, start);
    for (int i = digits.length(); i < width; i++) {
      out.append('0');
    }
    return out.append(digits).toString();
  }

  private static int digitsStart(String key) {
    int start = key.length();
    while (start > 0 && key.charAt(start - 1) >= '0' && key.charAt(start - 1) <= '9') {
      start--;
    }
    int digits = key.length() - start;
    if (digits == 0 || digits > MAX_DIGITS) {
      throw new IllegalArgumentException("key '" + key + "' does not end in 1 to " + MAX_DIGITS
          + " digits (a record ordinal, as YCSB builds keys: user<ordinal>)");
    }
    return start;
  }
}
