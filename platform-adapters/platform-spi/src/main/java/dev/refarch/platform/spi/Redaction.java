package dev.refarch.platform.spi;

import java.util.regex.Pattern;

/**
 * Masks secrets before text reaches a log, an exception, a result or a report.
 *
 * <p>Stateless and thread-safe.
 */
public final class Redaction {

  /** Replaces credentials with this. */
  public static final String MASK = "***";

  // userinfo of any URI-like string: scheme://user:password@host or scheme://user@host
  private static final Pattern USERINFO =
      Pattern.compile("([a-zA-Z][a-zA-Z0-9+.-]*://)([^/@\\s?#]+)@");
  private static final Pattern SECRET_OPTION = Pattern.compile(
      "(?i)((?:password|pwd|secret|token|sslclientcertificatekeypassword|tlscertificatekeyfilepassword)=)[^&\\s]*");

  private static final Pattern SECRET_KEY = Pattern.compile(
      "(?i).*(passw|pasw|pwd|secret|token|credential|apikey|api-key|cookie).*");

  private Redaction() {
  }

  /** Whether a setting's key names a secret, e.g. {@code vsan.password} or {@code k8s.token}. */
  public static boolean isSecretKey(String key) {
    return key != null && SECRET_KEY.matcher(key).matches();
  }

  /**
   * Masks the user info and secret-bearing options of every URI in {@code text}, e.g.
   * {@code mongodb://app:s3cret@db:27017/ycsb} → {@code mongodb://***@db:27017/ycsb}. Safe on
   * text without URIs and on {@code null} (returned as is).
   */
  public static String maskUri(String text) {
    if (text == null) {
      return null;
    }
    String masked = USERINFO.matcher(text).replaceAll("$1" + MASK + "@");
    return SECRET_OPTION.matcher(masked).replaceAll("$1" + MASK);
  }
}
