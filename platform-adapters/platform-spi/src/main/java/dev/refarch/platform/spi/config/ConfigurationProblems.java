package dev.refarch.platform.spi.config;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Collects every problem of one input, so that it is reported whole rather than one fix at a time:
 * parse each setting through {@link #find}, add cross-field checks with {@link #add}, then
 * {@link #throwIfAny()}.
 *
 * <p>{@link #find} is strict where {@link Setting#find} is lenient: a key that is present with an
 * empty value is a problem ({@code mongodb.durability=} would otherwise silently mean "unset").
 *
 * <p>The same problem found twice (two parsers reading one key) is reported once.
 *
 * <p>Not thread-safe: one per parse.
 *
 * <pre>{@code
 * ConfigurationProblems problems = new ConfigurationProblems();
 * problems.addAll(GROUP.unknownKeys(properties));
 * Optional<Integer> batch = problems.find(BATCH, properties);
 * int threads = problems.from(THREADS, properties);
 * problems.throwIfAny();   // one ConfigurationException naming every problem
 * }</pre>
 */
public final class ConfigurationProblems {

  private final List<ConfigurationException> found = new ArrayList<>();
  /** Problems reported, duplicates included. */
  private int reports;

  /**
   * The parsed value when the key is present and valid; empty when absent, and empty with a
   * problem recorded when the value is empty or not allowed.
   */
  public <T> Optional<T> find(Setting<T> setting, Map<?, ?> settings) {
    Object raw = PropertyMaps.get(settings, setting.key());
    if (raw == null) {
      return Optional.empty();
    }
    if (raw.toString().isBlank()) {
      add(new ConfigurationException(setting.key(), raw.toString(), setting.allowed(),
          "the value is empty; remove the key to " + (setting.defaultValue() == null
              ? "leave it unset" : "use the default, " + setting.defaultText())));
      return Optional.empty();
    }
    return get(() -> setting.parse(raw.toString()));
  }

  /** As {@link #find}, else the setting's default (also when the value was refused). */
  public <T> T from(Setting<T> setting, Map<?, ?> settings) {
    return find(setting, settings).orElse(setting.defaultValue());
  }

  /** Runs {@code parse}; a {@link ConfigurationException} it throws is recorded, not thrown. */
  public <T> Optional<T> get(Supplier<T> parse) {
    try {
      return Optional.ofNullable(parse.get());
    } catch (ConfigurationException e) {
      add(e);
      return Optional.empty();
    }
  }

  /** Runs {@code check}, recording a {@link ConfigurationException} it throws; true when none. */
  public boolean check(Runnable check) {
    int before = reports;
    get(() -> {
      check.run();
      return null;
    });
    return reports == before;
  }

  /** Records {@code problem} (each of its problems), unless the same was recorded before. */
  public void add(ConfigurationException problem) {
    reports++;
    for (ConfigurationException single : problem.problems()) {
      if (found.stream().noneMatch(p -> p.getMessage().equals(single.getMessage()))) {
        found.add(single);
      }
    }
  }

  public void addAll(List<ConfigurationException> problems) {
    problems.forEach(this::add);
  }

  /** Whether a problem was recorded for {@code key}. */
  public boolean has(String key) {
    return found.stream().anyMatch(p -> key.equals(p.key()));
  }

  /**
   * How many problems were reported so far, duplicates included: a step that reported any
   * changes this count, whether or not its problem was new.
   */
  public int reports() {
    return reports;
  }

  public boolean isEmpty() {
    return found.isEmpty();
  }

  /** Every problem so far, each single. */
  public List<ConfigurationException> problems() {
    return List.copyOf(found);
  }

  /** @throws ConfigurationException naming every recorded problem, if there is one */
  public void throwIfAny() {
    if (!found.isEmpty()) {
      throw ConfigurationException.of(found);
    }
  }
}
