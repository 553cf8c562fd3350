package dev.refarch.platform.vsan.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.refarch.platform.spi.config.ConfigurationException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConnectionTest {

  private static final Map<String, String> URL_AND_USER =
      Map.of("vsan.url", "https://vc.example.com/sdk", "vsan.username", "admin");

  @Test
  void readsPasswordFromEnvironmentAndNeverPrintsIt() {
    Connection c = Connection.from(URL_AND_USER, Map.of("VSAN_PASSWORD", "pa55word"));

    assertThat(c.password().reveal()).isEqualTo("pa55word");
    assertThat(c.toString()).doesNotContain("pa55word").contains("password=***");
  }

  @Test
  void readsPasswordFromFirstLineOfFile(@TempDir Path dir) throws Exception {
    Path file = Files.writeString(dir.resolve("pw"), "from-file\n");
    Map<String, String> settings = Map.of("vsan.url", "https://vc/sdk", "vsan.username", "admin",
        "vsan.passwordFile", file.toString());

    assertThat(Connection.from(settings, Map.of("VSAN_PASSWORD", "env")).password().reveal())
        .isEqualTo("from-file");
  }

  @Test
  void missingPasswordSaysWhereItMayCome() {
    assertThatThrownBy(() -> Connection.from(URL_AND_USER, Map.of()))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("vsan.passwordFile=(missing)")
        .hasMessageContaining("VSAN_PASSWORD");
  }

  @Test
  void rejectsCredentialsInUrl() {
    assertThatThrownBy(() -> Connection.from(Map.of("vsan.url", "https://root:pw@vc/sdk",
        "vsan.username", "root"), Map.of("VSAN_PASSWORD", "pw")))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("vsan.url='https://***@vc/sdk'")
        .hasMessageNotContaining(":pw@");
  }

  @Test
  void addsSdkPathWhenMissing() {
    Connection c = Connection.from(Map.of("vsan.url", "https://vc.example.com",
        "vsan.username", "admin"), Map.of("VSAN_PASSWORD", "x"));

    assertThat(c.url().toString()).isEqualTo("https://vc.example.com/sdk");
  }

  @Test
  void attachesToExistingSessionWithoutCredentials() {
    Connection c = Connection.from(Map.of("vsan.url", "https://vc/sdk"),
        Map.of("VSAN_SESSION_COOKIE", "52a1-session"));

    assertThat(c.sessionCookie().reveal()).isEqualTo("52a1-session");
    assertThat(c.toString()).doesNotContain("52a1-session");
  }
}
