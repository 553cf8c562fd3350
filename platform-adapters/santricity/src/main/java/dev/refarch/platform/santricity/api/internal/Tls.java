package dev.refarch.platform.santricity.api.internal;

import dev.refarch.platform.santricity.api.ClientConfig;
import dev.refarch.platform.spi.PlatformException;
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

/**
 * Builds the {@link SSLContext} of one client: the JVM's default trust, the certificates of a PEM
 * file, or — when {@code insecure} — trust in any certificate and host name. The context is handed
 * to that client's {@code HttpClient} only; no JVM-wide property or default is touched.
 *
 * <p>Stateless and thread-safe.
 */
public final class Tls {

  private Tls() {
  }

  public static SSLContext context(ClientConfig config) {
    try {
      if (config.insecure()) {
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(null, new TrustManager[] {new dev.refarch.platform.spi.TrustEverything()}, null);
        return context;
      }
      if (config.trustCertificates().isPresent()) {
        return trusting(config.trustCertificates().get());
      }
      return SSLContext.getDefault();
    } catch (GeneralSecurityException e) {
      throw new PlatformException("set up TLS for " + config.printableRoot(), e.getMessage(), e);
    }
  }

  private static SSLContext trusting(Path pem) throws GeneralSecurityException {
    KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
    try (InputStream in = Files.newInputStream(pem)) {
      store.load(null, null);
      Collection<? extends Certificate> certificates =
          CertificateFactory.getInstance("X.509").generateCertificates(in);
      if (certificates.isEmpty()) {
        throw new PlatformException("read trusted certificates",
            pem + " holds no PEM certificate (expected -----BEGIN CERTIFICATE-----)");
      }
      int i = 0;
      for (Certificate certificate : certificates) {
        store.setCertificateEntry("santricity-" + i++, certificate);
      }
    } catch (IOException e) {
      throw new PlatformException("read trusted certificates", pem + ": " + e.getMessage(), e);
    }
    TrustManagerFactory factory =
        TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
    factory.init(store);
    SSLContext context = SSLContext.getInstance("TLS");
    context.init(null, factory.getTrustManagers(), null);
    return context;
  }
}
