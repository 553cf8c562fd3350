package dev.refarch.platform.santricity.config;

import dev.refarch.platform.santricity.api.ApiGeneration;
import dev.refarch.platform.santricity.api.AuthMode;
import dev.refarch.platform.santricity.api.ClientConfig;
import dev.refarch.platform.santricity.api.Credentials;
import dev.refarch.platform.spi.Redaction;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * Where the Web Services are and how to log in; the password itself is never part of settings
 * (see {@link PasswordSource}).
 *
 * @param apiRoot the API root, ending in {@code /devmgr/v2}
 * @param systemId storage system id or WWN
 * @param user user name
 * @param passwordFile file holding the password, or empty for {@value SantricityKeys#PASSWORD_ENV}
 * @param auth basic or session
 * @param insecure accept any certificate, for this adapter's client only
 * @param trustCertificates PEM certificates to trust
 * @param timeoutSeconds seconds per request, 1–600
 * @param api the API generation, or empty to detect it
 */
public record ConnectionSettings(String apiRoot, String systemId, String user,
    Optional<Path> passwordFile, AuthMode auth, boolean insecure, Optional<Path> trustCertificates,
    int timeoutSeconds, Optional<ApiGeneration> api) {

  public ConnectionSettings {
    Objects.requireNonNull(apiRoot, "apiRoot");
    Objects.requireNonNull(systemId, "systemId");
    Objects.requireNonNull(user, "user");
    Objects.requireNonNull(passwordFile, "passwordFile");
    Objects.requireNonNull(auth, "auth");
    Objects.requireNonNull(trustCertificates, "trustCertificates");
    Objects.requireNonNull(api, "api");
  }

  /** The client configuration for these settings and the resolved credentials. */
  public ClientConfig clientConfig(Credentials credentials) {
    return new ClientConfig(URI.create(apiRoot), systemId, credentials, auth, insecure,
        trustCertificates, Duration.ofSeconds(timeoutSeconds), api);
  }

  /** The API root for logs and recorded state. */
  public String printableRoot() {
    return Redaction.maskUri(apiRoot);
  }
}
