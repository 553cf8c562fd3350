package dev.refarch.experiments.spec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.refarch.platform.spi.config.ConfigurationException;
import java.util.List;
import org.junit.jupiter.api.Test;

class ClientPropertiesTest {

  private static final String KEY = "refarch.client.jvmOptions";

  @Test
  void optionsAreWhitespaceSeparatedAndEachAJvmOption() {
    assertThat(ClientProperties.JVM_OPTIONS.parse(" -Xmx2g\t-XX:TieredStopAtLevel=1 "))
        .containsExactly("-Xmx2g", "-XX:TieredStopAtLevel=1");
    assertThat(ClientProperties.JVM_OPTIONS.defaultValue()).isEqualTo(List.of("-Xmx512m"));
  }

  @Test
  void aValueThatIsNoJvmOptionOrTheRunnersIsRefusedNamingTheKey() {
    assertThatThrownBy(() -> PropertyCheck.validate(KEY, "Xmx2g"))
        .isInstanceOf(ConfigurationException.class).hasMessageContaining(KEY)
        .hasMessageContaining("'Xmx2g' is not a JVM option");
    assertThatThrownBy(() -> PropertyCheck.validate(KEY, "-Xmx2g -cp /tmp/other.jar"))
        .hasMessageContaining(KEY).hasMessageContaining("'-cp' is the runner's to set");
    assertThatThrownBy(() -> PropertyCheck.validate(KEY, "--class-path=/x"))
        .hasMessageContaining("the runner's to set");
    assertThatThrownBy(() -> PropertyCheck.validate(KEY, " "))
        .hasMessageContaining("an empty value would leave the default in force");
  }

  @Test
  void reuseIsABooleanOnByDefault() {
    assertThat(ClientProperties.REUSE.defaultValue()).isTrue();
    PropertyCheck.validate("refarch.client.reuse", "false");
    assertThatThrownBy(() -> PropertyCheck.validate("refarch.client.reuse", "sometimes"))
        .isInstanceOf(ConfigurationException.class).hasMessageContaining("refarch.client.reuse")
        .hasMessageContaining("sometimes").hasMessageContaining("true, false");
  }

  @Test
  void itsGroupComesBeforeTheWorkloadsSoItsKeysAreItsOwn() {
    PropertyCheck.validate(KEY, "-Xmx1g");
    assertThatThrownBy(() -> PropertyCheck.validate("refarch.client.jvmOption", "-Xmx1g"))
        .hasMessageContaining("refarch.client.jvmOption");
    PropertyCheck.validate("refarch.data.preset", "netapp-2kb");
  }
}
