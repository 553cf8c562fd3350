package dev.refarch.platform.santricity.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PasswordSourceTest {

  private static ConnectionSettings connection(Map<String, String> extra) {
    Map<String, String> p = new java.util.HashMap<>(extra);
    p.put("santricity.url", "https://10.0.0.20:8443");
    p.put("santricity.pool.create", "false");
    return SantricitySettings.from(p).connection();
  }

  @Test
  void readsTheFirstLineOfThePasswordFile(@TempDir Path dir) throws Exception {
    Path file = Files.writeString(dir.resolve("pw"), "s3cret\nignored\n");
    var credentials = PasswordSource.resolve(connection(Map.of("santricity.passwordFile",
        file.toString())), name -> "from-env");
    assertThat(credentials.password()).isEqualTo("s3cret");
    assertThat(credentials.toString()).doesNotContain("s3cret").contains("***");
  }

  @Test
  void fallsBackToTheEnvironment() {
    var credentials = PasswordSource.resolve(connection(Map.of()),
        name -> name.equals("SANTRICITY_PASSWORD") ? "from-env" : null);
    assertThat(credentials.user()).isEqualTo("admin");
    assertThat(credentials.password()).isEqualTo("from-env");
  }

  @Test
  void namesBothSourcesWhenNeitherHoldsAPassword() {
    assertThatThrownBy(() -> PasswordSource.resolve(connection(Map.of()), name -> null))
        .hasMessageContaining("santricity.passwordFile=(missing)")
        .hasMessageContaining("SANTRICITY_PASSWORD")
        .hasMessageContaining("neither is set");
  }

  @Test
  void rejectsAnEmptyPasswordFile(@TempDir Path dir) throws Exception {
    Path file = Files.writeString(dir.resolve("pw"), "\n");
    assertThatThrownBy(() -> PasswordSource.resolve(connection(Map.of("santricity.passwordFile",
        file.toString())), name -> null))
        .hasMessageContaining("its first line is empty");
  }
}
