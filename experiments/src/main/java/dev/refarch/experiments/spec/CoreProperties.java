package dev.refarch.experiments.spec;

import dev.refarch.platform.spi.config.ConfigurationException;
import dev.refarch.platform.spi.config.ConfigurationProblems;
import dev.refarch.platform.spi.config.Setting;
import dev.refarch.ycsb.config.YcsbProperties;
import java.util.Map;
import java.util.Optional;

/**
 * The YCSB core keys a trial depends on — the runner splits {@code recordcount} and
 * {@code operationcount} over its clients, and YCSB itself runs {@code recordcount=-1} or
 * {@code fieldlength=0} as silent no-ops — checked against the binding's declarations
 * ({@link YcsbProperties}, declared once, with the combinations: a record within MongoDB's
 * 16 MiB, scan lengths, an operation mix that is not all zeros), so that a spec, a {@code --set}
 * and a dry run refuse exactly what a client would. YCSB's other keys pass unchecked.
 *
 * <p>Stateless and thread-safe.
 */
public final class CoreProperties {

  private CoreProperties() {
  }

  private static Optional<Setting<?>> setting(String key) {
    return YcsbProperties.GROUP.setting(key);
  }

  /** Whether {@code key} is one of the keys checked here. */
  public static boolean declares(String key) {
    return setting(key).isPresent();
  }

  /** What {@code key} allows; "a value" for keys not declared here. */
  static String allowed(String key) {
    return setting(key).map(Setting::allowed).orElse("a value");
  }

  /**
   * Checks one value; keys not declared here pass.
   *
   * @throws ConfigurationException naming the key, the value and what is allowed
   */
  public static void validate(String key, String value) {
    Optional<Setting<?>> s = setting(key);
    if (s.isEmpty()) {
      return;
    }
    if (value == null || value.isBlank()) {
      throw new ConfigurationException(key, value, s.get().allowed(),
          "an empty value would leave YCSB's default in force silently");
    }
    s.get().parse(value);
  }

  /**
   * Checks every declared key of a trial's properties and the combinations they make.
   *
   * @throws ConfigurationException naming every problem
   */
  public static void validate(Map<String, String> properties) {
    ConfigurationProblems problems = new ConfigurationProblems();
    YcsbProperties.check(properties, problems);
    problems.throwIfAny();
  }
}
