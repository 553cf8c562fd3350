package dev.refarch.platform.spi.config;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;

/**
 * Reads a settings map the same way whether it is a plain {@code Map} or a {@link Properties}
 * layered over defaults ({@code new Properties(defaults)}), so that a key set only in the
 * defaults is seen by every reader: value look-ups, unknown-key detection and copies.
 *
 * <p>{@code Map.get} and {@code Map.keySet} on a {@code Properties} ignore its defaults, while
 * {@link Properties#getProperty(String)} and {@link Properties#stringPropertyNames()} see them;
 * mixing the two made a value set in the defaults count in one place and not in another. Here a
 * {@code Properties}' own entries come first (any value type, as {@code Map.get} sees them), then
 * its defaults (string values, as {@code getProperty} sees them).
 *
 * <p>Stateless and thread-safe; the maps passed in must not change while they are read.
 *
 * <pre>{@code
 * Properties defaults = new Properties();
 * defaults.setProperty("mongodb.url", "mongodb://127.0.0.1:27017/ycsb");
 * Properties p = new Properties(defaults);
 * PropertyMaps.get(p, "mongodb.url");   // "mongodb://127.0.0.1:27017/ycsb"
 * PropertyMaps.flatten(p);              // {mongodb.url=mongodb://127.0.0.1:27017/ycsb}
 * }</pre>
 */
public final class PropertyMaps {

  private PropertyMaps() {
  }

  /** The value of {@code key}, looking into a {@code Properties}' defaults; {@code null} if absent. */
  public static Object get(Map<?, ?> settings, String key) {
    Object v = settings.get(key);
    if (v == null && settings instanceof Properties p) {
      v = p.getProperty(key);
    }
    return v;
  }

  /** Every key, a {@code Properties}' defaults included, as text, sorted. */
  public static Set<String> keys(Map<?, ?> settings) {
    Set<String> keys = new TreeSet<>();
    settings.keySet().forEach(k -> keys.add(k.toString()));
    if (settings instanceof Properties p) {
      keys.addAll(p.stringPropertyNames());
    }
    return keys;
  }

  /** A plain copy, defaults included, keys and values as text, in sorted key order. */
  public static Map<String, String> flatten(Map<?, ?> settings) {
    Map<String, String> copy = new LinkedHashMap<>();
    for (String k : keys(settings)) {
      Object v = get(settings, k);
      if (v != null) {
        copy.put(k, v.toString());
      }
    }
    return copy;
  }

  /** As {@link #flatten}, as a {@code Properties} without defaults, for APIs that take one. */
  public static Properties flattenToProperties(Map<?, ?> settings) {
    Properties p = new Properties();
    p.putAll(flatten(settings));
    return p;
  }
}
