package dev.refarch.platform.santricity;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;

/**
 * A self-signed certificate for 127.0.0.1, made with the JDK's {@code keytool} (no extra test
 * dependency), like the one an E-Series controller ships with.
 *
 * @param keyStore PKCS12 key store holding key and certificate
 * @param pem the certificate alone, PEM-encoded, for {@code santricity.trustCertificates}
 */
public record SelfSignedCertificate(Path keyStore, Path pem) {

  private static final String STORE_PASSWORD = "changeit";

  public static SelfSignedCertificate create(Path directory) throws IOException,
      InterruptedException {
    return create(directory, "controller", "ip:127.0.0.1,dns:localhost");
  }

  /**
   * A certificate naming only {@code subjectAltNames} (keytool syntax, e.g.
   * {@code dns:array.example}), stored under {@code name}.
   */
  public static SelfSignedCertificate create(Path directory, String name, String subjectAltNames)
      throws IOException, InterruptedException {
    Path keyStore = directory.resolve(name + ".p12");
    Path pem = directory.resolve(name + ".pem");
    String keytool = Path.of(System.getProperty("java.home"), "bin", "keytool").toString();
    run(List.of(keytool, "-genkeypair", "-alias", "controller", "-keyalg", "RSA", "-keysize",
        "2048", "-validity", "2", "-dname", "CN=127.0.0.1, O=E-Series test double",
        "-ext", "SAN=" + subjectAltNames, "-storetype", "PKCS12", "-keystore",
        keyStore.toString(), "-storepass", STORE_PASSWORD, "-keypass", STORE_PASSWORD));
    run(List.of(keytool, "-exportcert", "-rfc", "-alias", "controller", "-keystore",
        keyStore.toString(), "-storepass", STORE_PASSWORD, "-file", pem.toString()));
    return new SelfSignedCertificate(keyStore, pem);
  }

  /** The server side: an SSL context presenting this certificate. */
  public SSLContext serverContext() throws Exception {
    KeyStore store = KeyStore.getInstance("PKCS12");
    try (InputStream in = Files.newInputStream(keyStore)) {
      store.load(in, STORE_PASSWORD.toCharArray());
    }
    KeyManagerFactory keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
    keys.init(store, STORE_PASSWORD.toCharArray());
    SSLContext context = SSLContext.getInstance("TLS");
    context.init(keys.getKeyManagers(), null, null);
    return context;
  }

  private static void run(List<String> command) throws IOException, InterruptedException {
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    String output = new String(process.getInputStream().readAllBytes());
    if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
      throw new IOException("keytool failed: " + output);
    }
  }
}
