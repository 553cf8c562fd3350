package dev.refarch.platform.vsan.config;

import dev.refarch.platform.spi.Redaction;
import java.util.Objects;

/**
 * A password or session cookie that must never be printed: {@link #toString()} is masked, so a
 * secret inside a record or a log line shows as {@code ***}.
 *
 * <p>Immutable and thread-safe.
 */
public final class Secret {

  private final String value;

  private Secret(String value) {
    this.value = Objects.requireNonNull(value, "value");
  }

  public static Secret of(String value) {
    return new Secret(value);
  }

  /** The secret itself, for the one place that must send it. */
  public String reveal() {
    return value;
  }

  @Override
  public String toString() {
    return Redaction.MASK;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Secret s && s.value.equals(value);
  }

  @Override
  public int hashCode() {
    return value.hashCode();
  }
}
