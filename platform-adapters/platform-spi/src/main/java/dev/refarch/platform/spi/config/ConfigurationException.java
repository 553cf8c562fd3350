package dev.refarch.platform.spi.config;

import dev.refarch.platform.spi.Redaction;

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
 */
public class ConfigurationException extends IllegalArgumentException {

  private static final long serialVersionUID = 1L;

  private final String key;
  private final String value;
  private final String allowed;
  private final String hint;

  public ConfigurationException(String key, String value, String allowed) {
    this(key, value, allowed, null);
  }

  public ConfigurationException(String key, String value, String allowed, String hint) {
    super(format(key, value, allowed, hint));
    this.key = key;
    this.value = value;
    this.allowed = allowed;
    this.hint = hint;
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

  /** How to fix it, e.g. {@code did you mean 'balanced'?}; {@code null} when none is known. */
  public String hint() {
    return hint;
  }

  /** {@link #allowed()} followed by the hint in parentheses, as the message shows them. */
  public String allowedWithHint() {
    return allowed + (hint == null ? "" : " (" + hint + ")");
  }
}
