package dev.refarch.platform.spi;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.util.Collection;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509ExtendedTrustManager;

/**
 * Builds the TLS context of one platform client (vCenter, SANtricity): the JVM's trust store (the
 * default), the certificates of a PEM file, or — only when asked — any certificate. Each call returns a new
 * {@link SSLContext} that is handed to one {@code HttpClient}; nothing here touches JVM-wide state
 * such as {@code SSLContext.setDefault} or system properties.
 *
 * <p>Stateless and thread-safe.
 *
 * <pre>{@code
 * HttpClient http = HttpClient.newBuilder().sslContext(TlsTrust.pemFile(Path.of("vc-ca.pem"))).build();
 * }</pre>
 */
public final class TlsTrust {

  private TlsTrust() {
  }

  /** The JVM's default trust: certificate chain and host name are verified. */
  public static SSLContext verified() {
    try {
      return SSLContext.getDefault();
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("the JVM has no default TLS context", e);
    }
  }

  /**
   * Trusts exactly the certificates in a PEM (or DER) file, e.g. vCenter's VMCA root or an array's CA; the host
   * name is still verified.
   *
   * @throws IllegalArgumentException naming the file when it cannot be read or holds no certificate
   */
  public static SSLContext pemFile(Path file) {
    try (InputStream in = Files.newInputStream(file)) {
      Collection<? extends Certificate> certificates =
          CertificateFactory.getInstance("X.509").generateCertificates(in);
      if (certificates.isEmpty()) {
        throw new IllegalArgumentException(file + " holds no certificate (expected PEM, -----BEGIN"
            + " CERTIFICATE-----, or DER)");
      }
      KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
      store.load(null, null);
      int i = 0;
      for (Certificate certificate : certificates) {
        store.setCertificateEntry("trusted-" + i++, certificate);
      }
      TrustManagerFactory factory =
          TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
      factory.init(store);
      SSLContext context = SSLContext.getInstance("TLS");
      context.init(null, factory.getTrustManagers(), null);
      return context;
    } catch (IOException | GeneralSecurityException e) {
      throw new IllegalArgumentException("cannot read certificates from " + file + ": "
          + e.getMessage(), e);
    }
  }

  /**
   * Trusts any certificate for any host name. An {@link X509ExtendedTrustManager} is used on
   * purpose: the JDK then skips its own host-name check for this context only, where a plain
   * {@code X509TrustManager} would be wrapped in one that still checks.
   */
  public static SSLContext insecure() {
    try {
      SSLContext context = SSLContext.getInstance("TLS");
      context.init(null, new TrustManager[] {new TrustEverything()}, null);
      return context;
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("the JVM cannot create a TLS context", e);
    }
  }
}
