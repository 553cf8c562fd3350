package dev.refarch.experiments.faults;

import static org.assertj.core.api.Assertions.assertThat;

import dev.refarch.platform.spi.Phase;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FaultSchedulerTest {

  @Test
  void namedActionsGoToThatPlatformsInjectorConfiguredWithTheTrialsSettings() {
    RecordingInjector.INJECTED.clear();
    RecordingInjector cluster = new RecordingInjector("cluster");
    FaultScheduler s = new FaultScheduler(FaultSchedule.parse("10ms zap a; 20ms recorder:zap b"),
        cluster, Map.of("recorder.site", "lab"));
    s.phaseStarted(Phase.RUN, List.of());
    long deadline = System.currentTimeMillis() + 5_000;
    while (s.events().size() < 2 && System.currentTimeMillis() < deadline) {
      Thread.onSpinWait();
    }
    s.phaseEnded(Phase.RUN);
    assertThat(RecordingInjector.INJECTED).containsExactly("cluster zap a", "lab zap b");
    assertThat(s.failures()).isEmpty();
  }

  @Test
  void faultsNotReachedBeforeThePhaseEndsFailTheTrial() {
    FaultScheduler s = new FaultScheduler(FaultSchedule.parse("1m zap a"), new RecordingInjector("c"), Map.of());
    s.phaseStarted(Phase.RUN, List.of());
    s.phaseEnded(Phase.RUN);
    assertThat(s.failures()).containsExactly("1 scheduled fault(s) of the run phase were not"
        + " reached: the phase ended first");
  }

  @Test
  void anUnknownInjectorNameIsAFailedInjection() {
    FaultScheduler s = new FaultScheduler(FaultSchedule.parse("1ms nowhere:zap a"),
        new RecordingInjector("c"), Map.of());
    s.phaseStarted(Phase.RUN, List.of());
    long deadline = System.currentTimeMillis() + 5_000;
    while (s.events().isEmpty() && System.currentTimeMillis() < deadline) {
      Thread.onSpinWait();
    }
    s.phaseEnded(Phase.RUN);
    assertThat(s.failures()).hasSize(1);
    assertThat(s.failures().get(0)).startsWith("fault 'nowhere:zap a' at PT0.001S failed:"
        + " faults.injector='nowhere' is not allowed; allowed: ");
  }
}
