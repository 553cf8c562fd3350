package dev.refarch.experiments.faults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.refarch.platform.spi.Fault;
import dev.refarch.platform.spi.Phase;
import dev.refarch.platform.spi.config.ConfigurationException;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FaultScheduleTest {

  @Test
  void parsesEntriesInPhaseAndTimeOrder() {
    FaultSchedule s = FaultSchedule.parse("90s restart primary; 30s kill primary\nload+1500ms stepdown"
        + " primary seconds=20");
    assertThat(s.entries()).containsExactly(
        new FaultSchedule.Entry(Phase.LOAD, Duration.ofMillis(1500),
            new Fault("stepdown", "primary", Map.of("seconds", "20"))),
        new FaultSchedule.Entry(Phase.RUN, Duration.ofSeconds(30), Fault.of("kill", "primary")),
        new FaultSchedule.Entry(Phase.RUN, Duration.ofSeconds(90), Fault.of("restart", "primary")));
    assertThat(s.of(Phase.RUN)).hasSize(2);
  }

  @Test
  void minutesAndBlankEntriesAreFine() {
    assertThat(FaultSchedule.parse("2m pause rs0-1;; ").entries().get(0).at()).isEqualTo(Duration.ofMinutes(2));
    assertThat(FaultSchedule.parse("  ").isEmpty()).isTrue();
  }

  @Test
  void textFormRoundTrips() {
    FaultSchedule s = FaultSchedule.parse("30s kill primary; load+2s pause shard0/primary x=1");
    assertThat(FaultSchedule.parse(s.toString())).isEqualTo(s);
  }

  @Test
  void textFormListsParametersInKeyOrderWhateverOrderTheyWereWrittenIn() {
    assertThat(FaultSchedule.parse("2s delay primary ms=100 jitterMs=10 timeoutSeconds=5"))
        .hasToString("run+2000ms delay primary jitterMs=10 ms=100 timeoutSeconds=5")
        .hasToString(FaultSchedule.parse("2s delay primary timeoutSeconds=5 ms=100 jitterMs=10")
            .toString());
  }

  @Test
  void rejectsAnEntryWithoutUnitNamingItAndTheForm() {
    assertThatThrownBy(() -> FaultSchedule.parse("30s kill primary; 90 restart primary"))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageStartingWith("faults='90 restart primary' is not allowed; allowed: entries")
        .hasMessageContaining("e.g. '30s kill primary; 90s restart primary'");
  }

  @Test
  void rejectsAnUnknownPhase() {
    assertThatThrownBy(() -> FaultSchedule.parse("warmup+3s kill primary"))
        .hasMessageContaining("faults='warmup+3s kill primary'");
  }
}
