package dev.refarch.platform.santricity.api.internal;

import dev.refarch.platform.santricity.api.ClientConfig;
import dev.refarch.platform.spi.PlatformException;
import dev.refarch.platform.spi.TlsTrust;
import javax.net.ssl.SSLContext;

/**
 * The {@link SSLContext} of one client, from its configuration: the JVM's default trust, the
 * certificates of a PEM file, or — when {@code insecure} — trust in any certificate and host name.
 * The context is handed to that client's {@code HttpClient} only; no JVM-wide property or default
 * is touched ({@link TlsTrust}).
 *
 * <p>Stateless and thread-safe.
 */
public final class Tls {

  private Tls() {
  }

  public static SSLContext context(ClientConfig config) {
    if (config.insecure()) {
      return TlsTrust.insecure();
    }
    if (config.trustCertificates().isPresent()) {
      try {
        return TlsTrust.pemFile(config.trustCertificates().get());
      } catch (IllegalArgumentException e) {
        throw new PlatformException("read trusted certificates", e.getMessage(), e);
      }
    }
    return TlsTrust.verified();
  }
}
