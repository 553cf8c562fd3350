package dev.refarch.platform.spi.config;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The declared settings under one prefix ({@code mongodb.}, {@code measurement.}, {@code vsan.}).
 * Rejects keys under the prefix that nobody declared, suggesting the closest declared one, and
 * renders the README's property table, so documentation and parser cannot drift apart.
 *
 * <p>Immutable and thread-safe.
 *
 * <pre>{@code
 * static final SettingGroup MONGODB = SettingGroup.of("mongodb.", URL, DURABILITY, BATCH);
 * MONGODB.rejectUnknown(properties);
 * }</pre>
 */
public final class SettingGroup {

  private final String prefix;
  private final Map<String, Setting<?>> settings;

  private SettingGroup(String prefix, List<Setting<?>> settings) {
    this.prefix = prefix;
    Map<String, Setting<?>> byKey = new LinkedHashMap<>();
    for (Setting<?> s : settings) {
      if (!s.key().startsWith(prefix)) {
        throw new IllegalArgumentException(s.key() + " is not under " + prefix);
      }
      if (byKey.put(s.key(), s) != null) {
        throw new IllegalArgumentException(s.key() + " is declared twice");
      }
    }
    this.settings = Collections.unmodifiableMap(byKey);
  }

  public static SettingGroup of(String prefix, Setting<?>... settings) {
    return new SettingGroup(prefix, List.of(settings));
  }

  public static SettingGroup of(String prefix, List<Setting<?>> settings) {
    return new SettingGroup(prefix, settings);
  }

  /** A group holding this group's settings and {@code more}, under the same prefix. */
  public SettingGroup plus(List<Setting<?>> more) {
    List<Setting<?>> all = new ArrayList<>(settings.values());
    all.addAll(more);
    return new SettingGroup(prefix, all);
  }

  public String prefix() {
    return prefix;
  }

  public List<Setting<?>> settings() {
    return List.copyOf(settings.values());
  }

  public Optional<Setting<?>> setting(String key) {
    return Optional.ofNullable(settings.get(key));
  }

  /**
   * Throws for every key under this prefix that is not declared, each naming the closest declared
   * key, all in one exception. Keys in a {@code Properties}' defaults count too.
   *
   * @throws ConfigurationException for unknown keys
   */
  public void rejectUnknown(Map<?, ?> properties) {
    List<ConfigurationException> unknown = unknownKeys(properties);
    if (!unknown.isEmpty()) {
      throw ConfigurationException.of(unknown);
    }
  }

  /** One problem per key under this prefix that is not declared, in sorted key order. */
  public List<ConfigurationException> unknownKeys(Map<?, ?> properties) {
    return PropertyMaps.keys(properties).stream()
        .filter(k -> k.startsWith(prefix) && !settings.containsKey(k))
        .map(unknown -> {
          Optional<String> closest = Suggestions.closest(unknown, settings.keySet());
          return new ConfigurationException(unknown,
              String.valueOf(PropertyMaps.get(properties, unknown)),
              "a known key under '" + prefix + "': " + String.join(", ", settings.keySet()),
              closest.map(c -> "unknown key; did you mean '" + c + "'?").orElse("unknown key"));
        })
        .toList();
  }

  /**
   * Parses every present setting so that all bad values fail now, before anything runs; every
   * unknown key and bad value is reported in one exception.
   */
  public void validate(Map<?, ?> properties) {
    ConfigurationProblems problems = new ConfigurationProblems();
    problems.addAll(unknownKeys(properties));
    settings.values().forEach(s -> problems.check(() -> s.find(properties)));
    problems.throwIfAny();
  }

  /** The settings as a Markdown table: key, type, default, allowed, description. */
  public String markdownTable() {
    StringBuilder out = new StringBuilder("| key | default | allowed | description |\n");
    out.append("|---|---|---|---|\n");
    for (Setting<?> s : settings.values()) {
      out.append("| `").append(s.key()).append("` | ")
          .append(s.defaultValue() == null ? "—" : "`" + s.defaultText() + "`").append(" | ")
          .append(s.allowed().replace("|", "\\|")).append(" | ")
          .append(s.description().replace("|", "\\|")).append(" |\n");
    }
    return out.toString();
  }
}
