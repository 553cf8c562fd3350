package dev.refarch.experiments.telemetry;

import dev.refarch.platform.spi.PlatformState;
import java.util.Map;
import java.util.TreeMap;

/**
 * What provisioners record of their members in a cluster's state, under any component:
 * {@code member.<name>.<fact>}, e.g. {@code member.rs0-1.pid}, {@code member.rs0-1.dbPath}.
 *
 * <p>Stateless and thread-safe.
 */
final class MemberFacts {

  private MemberFacts() {
  }

  /** Member name to the value of its {@code fact}, in name order. */
  static Map<String, String> of(PlatformState state, String fact) {
    String suffix = "." + fact;
    Map<String, String> found = new TreeMap<>();
    for (Map<String, String> facts : state.components().values()) {
      facts.forEach((key, value) -> {
        if (key.startsWith("member.") && key.endsWith(suffix)
            && key.length() > "member.".length() + suffix.length()) {
          found.put(key.substring("member.".length(), key.length() - suffix.length()), value);
        }
      });
    }
    return found;
  }
}
