package dev.refarch.platform.spi.config;

import java.util.Collection;
import java.util.Optional;

/**
 * Finds the closest known word to a misspelt one. Written by hand because the SPI module takes no
 * dependencies; an edit distance is a dozen lines.
 */
public final class Suggestions {

  private Suggestions() {
  }

  /**
   * The candidate with the smallest case-insensitive edit distance to {@code given}, if that
   * distance is small enough to be a plausible typo (at most a third of the longer word, minimum 2).
   */
  public static Optional<String> closest(String given, Collection<String> candidates) {
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    for (String candidate : candidates) {
      int d = distance(given.toLowerCase(java.util.Locale.ROOT),
          candidate.toLowerCase(java.util.Locale.ROOT));
      if (d < bestDistance) {
        best = candidate;
        bestDistance = d;
      }
    }
    if (best == null) {
      return Optional.empty();
    }
    int limit = Math.max(2, Math.max(given.length(), best.length()) / 3);
    return bestDistance <= limit ? Optional.of(best) : Optional.empty();
  }

  /** Levenshtein distance, two rows. */
  static int distance(String a, String b) {
    int[] previous = new int[b.length() + 1];
    int[] current = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      previous[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      current[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
        current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
      }
      int[] swap = previous;
      previous = current;
      current = swap;
    }
    return previous[b.length()];
  }
}
