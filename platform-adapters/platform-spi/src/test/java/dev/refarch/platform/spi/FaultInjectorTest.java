package dev.refarch.platform.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.refarch.platform.spi.config.ConfigurationException;
import org.junit.jupiter.api.Test;

class FaultInjectorTest {

  @Test
  void noneTakesNoFaultAndSaysWhatIsAllowed() {
    FaultInjector none = FaultInjector.none("none", "none on an existing cluster");
    assertThat(none.name()).isEqualTo("none");
    assertThat(none.actions()).isEmpty();
    assertThat(none.members()).isEmpty();
    assertThatThrownBy(() -> none.inject(Fault.of("kill", "primary")))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("faults='kill primary'")
        .hasMessageContaining("none on an existing cluster");
  }
}
