package dev.refarch.platform.spi.config;

import dev.refarch.platform.spi.Redaction;
import java.util.ArrayList;
import java.util.List;

/**
 * A setting has a value that is not allowed. The message names the key, the value given, what is
 * allowed and, where one is known, how to fix it:
 *
 * <pre>
 * mongodb.durability='fast' is not allowed; allowed: throughput, balanced, ... (did you mean 'balanced'?)
 * </pre>
 *
 * Values that look like connection strings are masked, and so is the whole value of a key whose
 * name says it holds a secret (a mistyped {@code santricity.pasword} included).
 *
 * <p>Several problems of one input travel together ({@link #of(List)}, built by
 * {@link ConfigurationProblems}): the message then has one line per problem, and
 * {@link #problems()} lists them; {@link #key()} and the other accessors describe the first.
 */
public class ConfigurationException extends IllegalArgumentException {

  private static final long serialVersionUID = 1L;

  private final String key;
  private final String value;
  private final String allowed;
  private final String hint;
  /** Every problem when this stands for several; empty when it is one. */
  private final List<ConfigurationException> problems;

  public ConfigurationException(String key, String value, String allowed) {
    this(key, value, allowed, null);
  }

  public ConfigurationException(String key, String value, String allowed, String hint) {
    super(format(key, value, allowed, hint));
    this.key = key;
    this.value = value;
    this.allowed = allowed;
    this.hint = hint;
    this.problems = List.of();
  }

  private ConfigurationException(List<ConfigurationException> problems) {
    super(problems.size() + " settings are not allowed:\n  "
        + String.join("\n  ", problems.stream().map(Throwable::getMessage).toList()));
    this.key = problems.get(0).key;
    this.value = problems.get(0).value;
    this.allowed = problems.get(0).allowed;
    this.hint = problems.get(0).hint;
    this.problems = List.copyOf(problems);
  }

  /**
   * One exception for every problem given: the problem itself when there is one, else one whose
   * message lists each on its own line, in the order given.
   *
   * @throws IllegalArgumentException when {@code problems} is empty
   */
  public static ConfigurationException of(List<ConfigurationException> problems) {
    List<ConfigurationException> flat = new ArrayList<>();
    problems.forEach(p -> flat.addAll(p.problems()));
    if (flat.isEmpty()) {
      throw new IllegalArgumentException("no problems to report");
    }
    return flat.size() == 1 ? flat.get(0) : new ConfigurationException(flat);
  }

  private static String format(String key, String value, String allowed, String hint) {
    String shown = value == null ? "(missing)"
        : Redaction.isSecretKey(key) ? "'" + Redaction.MASK + "'"
        : "'" + Redaction.maskUri(value) + "'";
    return key + "=" + shown + " is not allowed; allowed: " + allowed
        + (hint == null ? "" : " (" + hint + ")");
  }

  /** The setting's key, e.g. {@code mongodb.durability}. */
  public String key() {
    return key;
  }

  /** The value given, unmasked; {@code null} when the setting was missing. */
  public String value() {
    return value;
  }

  /** What would have been accepted. */
  public String allowed() {
    return allowed;
  }

  /** The single problems this exception reports: itself, or each of several. */
  public List<ConfigurationException> problems() {
    return problems.isEmpty() ? List.of(this) : problems;
  }

  /** How to fix it, e.g. {@code did you mean 'balanced'?}; {@code null} when none is known. */
  public String hint() {
    return hint;
  }

  /** {@link #allowed()} followed by the hint in parentheses, as the message shows them. */
  public String allowedWithHint() {
    return allowed + (hint == null ? "" : " (" + hint + ")");
  }
}
