package dev.refarch.platform.vsan.config;

import dev.refarch.platform.spi.config.ConfigurationException;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Where and how to reach vCenter: URL, credentials (or an existing session), TLS trust, timeout.
 *
 * <p>Immutable and thread-safe. {@code toString()} masks the password and session cookie.
 *
 * <pre>{@code
 * Connection c = Connection.from(properties, System.getenv());
 * }</pre>
 *
 * @param url the SDK endpoint, e.g. {@code https://vc.example.com/sdk}
 * @param username the user; empty when attaching to an existing session
 * @param password the password; {@code null} when attaching to an existing session
 * @param sessionCookie an existing {@code vmware_soap_session} (environment
 *     {@code VSAN_SESSION_COOKIE}, e.g. from yavijava); {@code null} to log in
 * @param insecure trust any certificate and host name (this client only)
 * @param caFile certificates to trust instead of the JVM's; {@code null} for the JVM's
 * @param timeout longest wait for one task or for compliance
 */
public record Connection(URI url, String username, Secret password, Secret sessionCookie,
    boolean insecure, Path caFile, Duration timeout) {

  /** Environment variable holding the password. */
  public static final String PASSWORD_ENV = "VSAN_PASSWORD";
  /** Environment variable holding the user when {@code vsan.username} is unset. */
  public static final String USERNAME_ENV = "VSAN_USERNAME";
  /** Environment variable holding an existing session cookie to attach to. */
  public static final String SESSION_ENV = "VSAN_SESSION_COOKIE";

  public Connection {
    Objects.requireNonNull(url, "url");
    Objects.requireNonNull(username, "username");
    Objects.requireNonNull(timeout, "timeout");
    if (password == null && sessionCookie == null) {
      throw new IllegalArgumentException("a password or a session cookie is needed");
    }
  }

  /**
   * Reads the connection from {@code vsan.*} settings and the environment.
   *
   * @throws ConfigurationException naming the missing or bad setting
   */
  public static Connection from(Map<String, String> settings, Map<String, String> env) {
    URI url = VsanSettings.URL.find(settings).orElseThrow(() -> new ConfigurationException(
        VsanSettings.URL.key(), null, VsanSettings.URL.allowed()));
    Duration timeout = Duration.ofSeconds(VsanSettings.TIMEOUT_SECONDS.from(settings));
    boolean insecure = VsanSettings.INSECURE.from(settings);
    Path caFile = VsanSettings.CA_FILE.find(settings).map(Path::of).orElse(null);
    if (caFile != null && !Files.isReadable(caFile)) {
      throw new ConfigurationException(VsanSettings.CA_FILE.key(), caFile.toString(),
          "a readable PEM file");
    }
    String session = env.get(SESSION_ENV);
    if (session != null && !session.isBlank()) {
      return new Connection(url, "", null, Secret.of(session.trim()), insecure, caFile, timeout);
    }
    String username = VsanSettings.USERNAME.find(settings).orElse(env.get(USERNAME_ENV));
    if (username == null || username.isBlank()) {
      throw new ConfigurationException(VsanSettings.USERNAME.key(), null,
          "a vCenter user name (or the environment variable " + USERNAME_ENV + ")");
    }
    return new Connection(url, username.trim(), password(settings, env), null, insecure, caFile,
        timeout);
  }

  private static Secret password(Map<String, String> settings, Map<String, String> env) {
    var file = VsanSettings.PASSWORD_FILE.find(settings);
    if (file.isPresent()) {
      try {
        List<String> lines = Files.readAllLines(Path.of(file.get()), StandardCharsets.UTF_8);
        if (lines.isEmpty() || lines.get(0).isEmpty()) {
          throw new ConfigurationException(VsanSettings.PASSWORD_FILE.key(), file.get(),
              "a file whose first line is the password", "the file is empty");
        }
        return Secret.of(lines.get(0));
      } catch (IOException e) {
        throw new ConfigurationException(VsanSettings.PASSWORD_FILE.key(), file.get(),
            "a readable file whose first line is the password", e.toString());
      }
    }
    String password = env.get(PASSWORD_ENV);
    if (password == null || password.isEmpty()) {
      throw new ConfigurationException(VsanSettings.PASSWORD_FILE.key(), null,
          "a file holding the password, or the environment variable " + PASSWORD_ENV);
    }
    return Secret.of(password);
  }
}
