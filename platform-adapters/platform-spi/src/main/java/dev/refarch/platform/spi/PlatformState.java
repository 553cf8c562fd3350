package dev.refarch.platform.spi;

import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * What the platform looked like during a trial: per component (a hook's or provisioner's name),
 * the facts it saw and set — policy id and rules, volume ids, cache state, StorageClass, PV
 * handles, shard distribution. Stored with every trial's results, so every figure can be traced
 * to the exact platform that produced it.
 *
 * <p>Immutable and thread-safe; {@link #with} returns a copy. Keys and values are plain strings so
 * that every result format can carry them without a schema; nested facts use dotted keys
 * ({@code shard.rs0.chunks}). Iteration order is sorted, so serialised state is stable.
 *
 * <pre>{@code
 * PlatformState s = PlatformState.empty()
 *     .with("vsan-spbm", "policy.id", "aa6d5a82-...")
 *     .with("vsan-spbm", "policy.stripeWidth", "4");
 * }</pre>
 *
 * @param components component name to its facts
 */
public record PlatformState(Map<String, Map<String, String>> components) {

  public PlatformState {
    TreeMap<String, Map<String, String>> copy = new TreeMap<>();
    components.forEach((name, facts) ->
        copy.put(Objects.requireNonNull(name), Collections.unmodifiableMap(new TreeMap<>(facts))));
    components = Collections.unmodifiableMap(copy);
  }

  public static PlatformState empty() {
    return new PlatformState(Map.of());
  }

  /** A copy with one more fact (replacing an earlier value of the same key). */
  public PlatformState with(String component, String key, String value) {
    TreeMap<String, Map<String, String>> copy = new TreeMap<>(components);
    TreeMap<String, String> facts = new TreeMap<>(copy.getOrDefault(component, Map.of()));
    facts.put(Objects.requireNonNull(key, "key"), Objects.requireNonNull(value, "value"));
    copy.put(component, facts);
    return new PlatformState(copy);
  }

  /** A copy holding the facts of both; {@code other} wins where both name the same key. */
  public PlatformState merge(PlatformState other) {
    PlatformState merged = this;
    for (var component : other.components.entrySet()) {
      for (var fact : component.getValue().entrySet()) {
        merged = merged.with(component.getKey(), fact.getKey(), fact.getValue());
      }
    }
    return merged;
  }

  /** The facts of one component, empty when it recorded none. */
  public Map<String, String> of(String component) {
    return components.getOrDefault(component, Map.of());
  }

  /**
   * Member name to the value of its {@code fact}, from the {@code member.<name>.<fact>} keys that
   * provisioners record (e.g. {@code member.rs0-1.pid}), of every component, in name order.
   */
  public Map<String, String> memberFacts(String fact) {
    Map<String, String> found = new TreeMap<>();
    components.values().forEach(facts -> found.putAll(memberFacts(facts, fact)));
    return found;
  }

  /** The same for one component's {@code facts}. */
  public static Map<String, String> memberFacts(Map<String, String> facts, String fact) {
    String suffix = "." + fact;
    Map<String, String> found = new TreeMap<>();
    facts.forEach((key, value) -> {
      if (key.startsWith("member.") && key.endsWith(suffix)
          && key.length() > "member.".length() + suffix.length()) {
        found.put(key.substring("member.".length(), key.length() - suffix.length()), value);
      }
    });
    return Collections.unmodifiableMap(found);
  }

  public boolean isEmpty() {
    return components.isEmpty();
  }
}
