package dev.refarch.platform.local.fault;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.refarch.platform.local.process.ProcessStatus;
import dev.refarch.platform.spi.config.ConfigurationException;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FaultParametersTest {

  private static final Duration DEFAULT = Duration.ofSeconds(60);

  @Test
  void stepDownDefaultsToSixtySecondsWithoutForce() {
    FaultParameters p = FaultParameters.parse(FaultAction.STEPDOWN, Map.of(), DEFAULT);

    assertThat(p).isEqualTo(new FaultParameters(DEFAULT, 60, false, null));
    assertThat(p.catchUpSeconds()).isEqualTo(10);
  }

  @Test
  void readsSecondsForceAndTimeout() {
    FaultParameters p = FaultParameters.parse(FaultAction.STEPDOWN,
        Map.of("seconds", "5", "force", "true", "timeoutSeconds", "7"), DEFAULT);

    assertThat(p).isEqualTo(new FaultParameters(Duration.ofSeconds(7), 5, true, null));
    assertThat(p.catchUpSeconds()).as("below the step-down period").isEqualTo(2);
  }

  @Test
  void rejectsParametersTheActionDoesNotTake() {
    assertThatThrownBy(() -> FaultParameters.parse(FaultAction.KILL, Map.of("seconds", "5"),
        DEFAULT))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("allowed: parameters of kill: timeoutSeconds");
    assertThatThrownBy(() -> FaultParameters.parse(FaultAction.STEPDOWN, Map.of("secnds", "5"),
        DEFAULT))
        .hasMessageContaining("did you mean 'seconds'?");
  }

  @Test
  void rejectsBadValues() {
    assertThatThrownBy(() -> FaultParameters.parse(FaultAction.STEPDOWN, Map.of("seconds", "0"),
        DEFAULT))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("seconds='0' is not allowed; allowed: an integer from 1 to 86400");
  }

  @Test
  void actionsParseInAnyCaseAndListTheAllowedOnes() {
    assertThat(FaultAction.parse(" StepDown ")).isEqualTo(FaultAction.STEPDOWN);
    assertThat(FaultAction.RESTART.needs()).isEqualTo(ProcessStatus.EXITED);
    assertThat(FaultAction.RESUME.needs()).isEqualTo(ProcessStatus.PAUSED);
    assertThatThrownBy(() -> FaultAction.parse("kil"))
        .isInstanceOf(ConfigurationException.class)
        .hasMessage("fault.action='kil' is not allowed; allowed: kill, stop, pause, resume,"
            + " stepdown, restart, slow-disk, restore-disk (did you mean 'kill'?)");
    assertThat(FaultAction.parse("SLOW-DISK")).isEqualTo(FaultAction.SLOW_DISK);
  }

  @Test
  void slowDiskTakesACapAndNothingElse() {
    FaultParameters p = FaultParameters.parse(FaultAction.SLOW_DISK, Map.of("iops", "100",
        "bps", "1048576"), DEFAULT);
    assertThat(p.cap()).isEqualTo(new dev.refarch.platform.local.blkio.BlockIoThrottle.Cap(100,
        1_048_576));
    assertThat(FaultParameters.parse(FaultAction.KILL, Map.of(), DEFAULT).cap()).isNull();
    assertThatThrownBy(() -> FaultParameters.parse(FaultAction.SLOW_DISK, Map.of(), DEFAULT))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("slow-disk needs a cap, e.g. slow-disk primary iops=100");
    assertThatThrownBy(() -> FaultParameters.parse(FaultAction.SLOW_DISK, Map.of("bps", "100"),
        DEFAULT)).isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("bps='100'").hasMessageContaining("from 4096 to");
    assertThatThrownBy(() -> FaultParameters.parse(FaultAction.KILL, Map.of("iops", "5"),
        DEFAULT)).isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("parameters of kill: timeoutSeconds");
  }
}
