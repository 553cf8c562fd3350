package dev.refarch.platform.santricity.api;

import dev.refarch.platform.spi.Redaction;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * Where and how to reach SANtricity Web Services.
 *
 * <p>Immutable and thread-safe. TLS certificates are verified unless {@code insecure} is set;
 * either setting affects only the client built from this configuration, never the JVM.
 *
 * <pre>{@code
 * ClientConfig config = ClientConfig.of("https://10.0.0.20:8443", "1", new Credentials("admin", pw))
 *     .withAuth(AuthMode.SESSION);
 * }</pre>
 *
 * @param apiRoot the API root, ending in {@code /devmgr/v2}
 * @param systemId the storage system id or WWN ({@code 1} on the embedded Web Services)
 * @param credentials user and password
 * @param auth basic or session authentication
 * @param insecure accept any certificate and host name (for this client only)
 * @param trustCertificates a PEM file of certificates to trust instead of the JVM's trust store
 * @param timeout how long one request may take
 * @param generation the API generation, or empty to detect it
 */
public record ClientConfig(URI apiRoot, String systemId, Credentials credentials, AuthMode auth,
    boolean insecure, Optional<Path> trustCertificates, Duration timeout,
    Optional<ApiGeneration> generation) {

  /** The API's base path. */
  public static final String BASE_PATH = "/devmgr/v2";

  public ClientConfig {
    Objects.requireNonNull(apiRoot, "apiRoot");
    Objects.requireNonNull(systemId, "systemId");
    Objects.requireNonNull(credentials, "credentials");
    Objects.requireNonNull(auth, "auth");
    Objects.requireNonNull(trustCertificates, "trustCertificates");
    Objects.requireNonNull(timeout, "timeout");
    Objects.requireNonNull(generation, "generation");
    String scheme = apiRoot.getScheme() == null ? "" : apiRoot.getScheme().toLowerCase(Locale.ROOT);
    if (!scheme.equals("https") && !scheme.equals("http") || apiRoot.getHost() == null) {
      throw new IllegalArgumentException("apiRoot '" + Redaction.maskUri(apiRoot.toString())
          + "' is not an http(s) URL with a host");
    }
    if (apiRoot.getUserInfo() != null) {
      throw new IllegalArgumentException("apiRoot must not carry credentials: "
          + Redaction.maskUri(apiRoot.toString()));
    }
    if (!apiRoot.getPath().endsWith(BASE_PATH)) {
      throw new IllegalArgumentException("apiRoot must end in " + BASE_PATH + ": " + apiRoot);
    }
    if (systemId.isBlank()) {
      throw new IllegalArgumentException("systemId is blank");
    }
    if (timeout.isNegative() || timeout.isZero()) {
      throw new IllegalArgumentException("timeout must be positive: " + timeout);
    }
    if (insecure && trustCertificates.isPresent()) {
      throw new IllegalArgumentException("insecure and trustCertificates exclude each other");
    }
  }

  /** Basic authentication, verified TLS, 30 s timeout, generation detected. */
  public static ClientConfig of(String url, String systemId, Credentials credentials) {
    return new ClientConfig(apiRoot(url), systemId, credentials, AuthMode.BASIC, false,
        Optional.empty(), Duration.ofSeconds(30), Optional.empty());
  }

  /**
   * The API root for a controller or proxy address: {@code https://host:8443} and
   * {@code https://host:8443/devmgr/v2/} both give {@code https://host:8443/devmgr/v2}.
   */
  public static URI apiRoot(String url) {
    String trimmed = url.trim();
    while (trimmed.endsWith("/")) {
      trimmed = trimmed.substring(0, trimmed.length() - 1);
    }
    return URI.create(trimmed.endsWith(BASE_PATH) ? trimmed : trimmed + BASE_PATH);
  }

  public ClientConfig withAuth(AuthMode mode) {
    return new ClientConfig(apiRoot, systemId, credentials, mode, insecure, trustCertificates,
        timeout, generation);
  }

  public ClientConfig withInsecure(boolean value) {
    return new ClientConfig(apiRoot, systemId, credentials, auth, value, trustCertificates,
        timeout, generation);
  }

  public ClientConfig withTrustCertificates(Path pem) {
    return new ClientConfig(apiRoot, systemId, credentials, auth, insecure, Optional.of(pem),
        timeout, generation);
  }

  public ClientConfig withTimeout(Duration value) {
    return new ClientConfig(apiRoot, systemId, credentials, auth, insecure, trustCertificates,
        value, generation);
  }

  /** The API root for messages, with any credentials masked. */
  public String printableRoot() {
    return Redaction.maskUri(apiRoot.toString());
  }
}
