package dev.refarch.platform.spi.config;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * One declared setting: key, type, default, what is allowed and a one-line description.
 *
 * <p>Immutable and thread-safe. Build with the static factories:
 *
 * <pre>{@code
 * static final Setting<Integer> BATCH = Setting.integer("mongodb.batchsize", 1, 1, 100_000,
 *     "documents per insertMany during load");
 * int batch = BATCH.from(properties);
 * }</pre>
 *
 * @param <T> the parsed type
 */
public final class Setting<T> {

  private final String key;
  private final String type;
  private final T defaultValue;
  private final String allowed;
  private final String description;
  private final Function<String, T> parser;

  private Setting(String key, String type, T defaultValue, String allowed, String description,
      Function<String, T> parser) {
    this.key = Objects.requireNonNull(key);
    this.type = type;
    this.defaultValue = defaultValue;
    this.allowed = allowed;
    this.description = description;
    this.parser = parser;
  }

  /** Free text; {@code defaultValue} may be {@code null} (unset). */
  public static Setting<String> string(String key, String defaultValue, String description) {
    return new Setting<>(key, "string", defaultValue, "any text", description, s -> s);
  }

  /** A whole number in {@code [min, max]}. */
  public static Setting<Integer> integer(String key, Integer defaultValue, int min, int max,
      String description) {
    return ranged(key, "integer", defaultValue, "an integer from " + min + " to " + max,
        description, Integer::parseInt, v -> v >= min && v <= max);
  }

  /** A long in {@code [min, max]}. */
  public static Setting<Long> longInteger(String key, Long defaultValue, long min, long max,
      String description) {
    return ranged(key, "integer", defaultValue, "an integer from " + min + " to " + max,
        description, Long::parseLong, v -> v >= min && v <= max);
  }

  /** A decimal number in {@code [min, max]}, written with a dot whatever the locale. */
  public static Setting<Double> decimal(String key, Double defaultValue, double min, double max,
      String description) {
    return ranged(key, "number", defaultValue, "a number from " + min + " to " + max,
        description, Double::parseDouble, v -> v >= min && v <= max);
  }

  /** A number {@code parse} reads (trimmed) that {@code inRange} accepts; NaN never is. */
  private static <T> Setting<T> ranged(String key, String type, T defaultValue, String allowed,
      String description, Function<String, T> parse, Predicate<T> inRange) {
    return new Setting<>(key, type, defaultValue, allowed, description, s -> {
      T v;
      try {
        v = parse.apply(s.trim());
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(allowed);
      }
      if (!inRange.test(v)) {
        throw new IllegalArgumentException(allowed);
      }
      return v;
    });
  }

  /** {@code true} or {@code false} (any case); nothing else. */
  public static Setting<Boolean> bool(String key, Boolean defaultValue, String description) {
    return new Setting<>(key, "boolean", defaultValue, "true, false", description, s -> {
      switch (s.trim().toLowerCase(Locale.ROOT)) {
        case "true":
          return true;
        case "false":
          return false;
        default:
          throw new IllegalArgumentException("true, false");
      }
    });
  }

  /** One of the named choices (matched case-insensitively), mapped to values. */
  public static <T> Setting<T> choice(String key, T defaultValue, Map<String, T> choices,
      String description) {
    Map<String, T> byLower = new LinkedHashMap<>();
    choices.forEach((name, value) -> byLower.put(name.toLowerCase(Locale.ROOT), value));
    String allowed = String.join(", ", choices.keySet());
    return new Setting<>(key, "choice", defaultValue, allowed, description, s -> {
      T v = byLower.get(s.trim().toLowerCase(Locale.ROOT));
      if (v == null) {
        throw new IllegalArgumentException(allowed);
      }
      return v;
    });
  }

  /** One of an enum's constants, written in lower case with dashes for underscores. */
  public static <E extends Enum<E>> Setting<E> ofEnum(String key, E defaultValue, Class<E> type,
      String description) {
    Map<String, E> choices = Arrays.stream(type.getEnumConstants()).collect(Collectors.toMap(
        e -> e.name().toLowerCase(Locale.ROOT).replace('_', '-'), e -> e, (a, b) -> a,
        LinkedHashMap::new));
    return choice(key, defaultValue, choices, description);
  }

  /** A setting of this key parsed by {@code parser}, which throws with what is allowed. */
  public static <T> Setting<T> custom(String key, String type, T defaultValue, String allowed,
      String description, Function<String, T> parser) {
    return new Setting<>(key, type, defaultValue, allowed, description, parser);
  }

  /**
   * Parses {@code raw}.
   *
   * @throws ConfigurationException naming this key, the value and what is allowed
   */
  public T parse(String raw) {
    if (raw == null) {
      throw new ConfigurationException(key, null, allowed);
    }
    try {
      return parser.apply(raw);
    } catch (ConfigurationException e) {
      throw e;
    } catch (IllegalArgumentException e) {
      String hint = closestChoice(raw);
      throw new ConfigurationException(key, raw, e.getMessage() == null ? allowed : e.getMessage(),
          hint == null ? null : "did you mean '" + hint + "'?");
    }
  }

  private String closestChoice(String raw) {
    if (!"choice".equals(type)) {
      return null;
    }
    return Suggestions.closest(raw.trim().toLowerCase(Locale.ROOT),
        Arrays.stream(allowed.split(", ")).toList()).orElse(null);
  }

  /** The value in {@code settings}, else the default (which may be {@code null}). */
  public T from(Map<?, ?> settings) {
    return find(settings).orElse(defaultValue);
  }

  /**
   * The value in {@code settings} when present and not blank; a {@code Properties}' defaults
   * count (see {@link PropertyMaps}).
   */
  public Optional<T> find(Map<?, ?> settings) {
    Object raw = PropertyMaps.get(settings, key);
    if (raw == null || raw.toString().isBlank()) {
      return Optional.empty();
    }
    return Optional.of(parse(raw.toString()));
  }

  public String key() {
    return key;
  }

  public String type() {
    return type;
  }

  public T defaultValue() {
    return defaultValue;
  }

  /** The default as it would be written in a property file; empty when there is none. */
  public String defaultText() {
    if (defaultValue == null) {
      return "";
    }
    if (defaultValue instanceof Enum<?> e) {
      return e.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
    return String.valueOf(defaultValue);
  }

  public String allowed() {
    return allowed;
  }

  public String description() {
    return description;
  }

  @Override
  public String toString() {
    return key;
  }
}
