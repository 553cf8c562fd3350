package dev.refarch.platform.santricity.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.refarch.platform.santricity.Fixtures;
import dev.refarch.platform.santricity.SelfSignedCertificate;
import dev.refarch.platform.santricity.testdouble.SantricityTestDouble;
import dev.refarch.platform.santricity.testdouble.SantricityTestDouble.Flavor;
import dev.refarch.platform.spi.PlatformException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import javax.net.ssl.SSLHandshakeException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The double behind TLS with a self-signed certificate, as an E-Series controller ships. */
class TlsIT {

  @TempDir
  static Path dir;
  private static SelfSignedCertificate certificate;
  private static SantricityTestDouble array;

  @BeforeAll
  static void start() throws Exception {
    certificate = SelfSignedCertificate.create(dir);
    array = SantricityTestDouble.startTls(Flavor.V12_0X, certificate.serverContext());
  }

  @AfterAll
  static void stop() {
    array.close();
  }

  @Test
  void verifiesCertificatesByDefaultAndSaysHowToTrustTheArray() {
    array.clearExchanges();
    try (var client = SantricityClient.connect(Fixtures.clientConfig(array))) {
      assertThatThrownBy(client::system)
          .isInstanceOf(PlatformException.class)
          .hasMessageContaining("TLS with " + array.url() + "/devmgr/v2 failed")
          .hasMessageContaining("santricity.trustCertificates")
          .hasMessageContaining("santricity.insecure=true (this client only)");
    }
    assertThat(array.exchanges()).isEmpty();
  }

  @Test
  void trustsTheCertificatesOfAPemFile() {
    try (var client = SantricityClient.connect(Fixtures.clientConfig(array)
        .withTrustCertificates(certificate.pem()))) {
      assertThat(client.system().id()).isEqualTo("1");
    }
  }

  @Test
  void insecureTrustsAnyCertificateForThisClientOnly() throws Exception {
    try (var client = SantricityClient.connect(Fixtures.clientConfig(array).withInsecure(true))) {
      assertThat(client.system().id()).isEqualTo("1");
    }
    // Another client in the same JVM still verifies: nothing JVM-wide was changed.
    HttpClient other = HttpClient.newHttpClient();
    HttpRequest request = HttpRequest.newBuilder(URI.create(array.url() + "/devmgr/v2/storage-systems"))
        .build();
    assertThatThrownBy(() -> other.send(request, HttpResponse.BodyHandlers.ofString()))
        .isInstanceOf(SSLHandshakeException.class);
    assertThat(System.getProperty("jdk.internal.httpclient.disableHostnameVerification")).isNull();
  }

  @Test
  void insecureAlsoSkipsHostNameVerificationOfThisClient() throws Exception {
    // A certificate for another host name: trusted, but it does not name 127.0.0.1.
    SelfSignedCertificate elsewhere = SelfSignedCertificate.create(dir, "elsewhere",
        "dns:array.example");
    try (var other = SantricityTestDouble.startTls(Flavor.V12_0X, elsewhere.serverContext())) {
      var config = ClientConfig.of(other.url(), "1", new Credentials(SantricityTestDouble.USER,
          SantricityTestDouble.PASSWORD));
      try (var strict = SantricityClient.connect(config.withTrustCertificates(elsewhere.pem()))) {
        assertThatThrownBy(strict::system).hasMessageContaining("TLS with");
      }
      try (var lax = SantricityClient.connect(config.withInsecure(true))) {
        assertThat(lax.system().id()).isEqualTo("1");
      }
    }
  }
}
