package dev.refarch.experiments.spec;

import dev.refarch.platform.spi.Redaction;

/**
 * An experiment spec that cannot be used, with where and why:
 *
 * <pre>
 * catalog/A1.yaml:12: sweep.mode='diagonal' is not allowed; allowed: cartesian, zipped
 * </pre>
 */
public class SpecException extends IllegalArgumentException {

  private static final long serialVersionUID = 1L;

  private final String file;
  private final int line;
  private final String key;

  public SpecException(String file, int line, String key, String value, String allowed) {
    super(file + ":" + line + ": " + key + "=" + (value == null ? "(missing)"
        : Redaction.isSecretKey(key) ? "'***'" : "'" + Redaction.maskUri(value) + "'")
        + " is not allowed; allowed: " + allowed);
    this.file = file;
    this.line = line;
    this.key = key;
  }

  public String file() {
    return file;
  }

  public int line() {
    return line;
  }

  public String key() {
    return key;
  }
}
