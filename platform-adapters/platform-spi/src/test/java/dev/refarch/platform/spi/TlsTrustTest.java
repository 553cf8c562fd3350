package dev.refarch.platform.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import javax.net.ssl.HttpsURLConnection;
import javax.net.ssl.SSLContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TlsTrustTest {

  @Test
  void insecureTrustLeavesJvmDefaultsAlone() throws Exception {
    SSLContext before = SSLContext.getDefault();
    var factory = HttpsURLConnection.getDefaultSSLSocketFactory();
    var verifier = HttpsURLConnection.getDefaultHostnameVerifier();

    SSLContext insecure = TlsTrust.insecure();

    assertThat(insecure).isNotSameAs(before);
    assertThat(SSLContext.getDefault()).isSameAs(before);
    assertThat(HttpsURLConnection.getDefaultSSLSocketFactory()).isSameAs(factory);
    assertThat(HttpsURLConnection.getDefaultHostnameVerifier()).isSameAs(verifier);
  }

  @Test
  void verifiedIsTheJvmDefault() throws Exception {
    assertThat(TlsTrust.verified()).isSameAs(SSLContext.getDefault());
  }

  @Test
  void pemFileWithoutCertificateNamesTheFile(@TempDir Path dir) throws Exception {
    Path empty = Files.writeString(dir.resolve("empty.pem"), "");

    assertThatThrownBy(() -> TlsTrust.pemFile(empty))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("empty.pem");
  }
}
