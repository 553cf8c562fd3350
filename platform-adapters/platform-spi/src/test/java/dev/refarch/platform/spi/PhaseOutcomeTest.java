package dev.refarch.platform.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class PhaseOutcomeTest {

  @Test
  void failureCarriesItsReason() {
    assertThat(PhaseOutcome.failed("client 2 died").failure()).contains("client 2 died");
    assertThat(PhaseOutcome.success().failure()).isEmpty();
  }

  @Test
  void refusesInconsistentState() {
    assertThatThrownBy(() -> new PhaseOutcome(true, Optional.of("x")))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
