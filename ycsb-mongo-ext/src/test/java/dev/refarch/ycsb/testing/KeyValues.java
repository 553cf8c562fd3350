package dev.refarch.ycsb.testing;

import java.util.LinkedHashMap;
import java.util.Map;

/** Settings written inline in tests as {@code key, value, key, value, ...}. */
public final class KeyValues {

  private KeyValues() {
  }

  /** A new, mutable map of the pairs, in their order; a later key wins. */
  public static Map<String, String> of(String... keysAndValues) {
    if (keysAndValues.length % 2 != 0) {
      throw new IllegalArgumentException("key without a value: " + String.join(", ", keysAndValues));
    }
    Map<String, String> m = new LinkedHashMap<>();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      m.put(keysAndValues[i], keysAndValues[i + 1]);
    }
    return m;
  }
}
