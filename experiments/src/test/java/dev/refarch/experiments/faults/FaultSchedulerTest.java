package dev.refarch.experiments.faults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.refarch.platform.spi.Phase;
import dev.refarch.platform.spi.config.ConfigurationException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FaultSchedulerTest {

  @Test
  void namedActionsGoToThatPlatformsInjectorConfiguredWithTheTrialsSettings() {
    RecordingInjector.INJECTED.clear();
    RecordingInjector cluster = new RecordingInjector("cluster", "local");
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
  void anUnknownInjectorNameFailsBeforeTheTrialStarts() {
    assertThatThrownBy(() -> new FaultScheduler(FaultSchedule.parse("1ms nowhere:zap a"),
        new RecordingInjector("c"), Map.of()))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageStartingWith("faults.injector='nowhere' is not allowed; allowed: ");
  }

  @Test
  void anActionTheInjectorDoesNotKnowFailsBeforeTheTrialStarts() {
    assertThatThrownBy(() -> new FaultScheduler(FaultSchedule.parse("1s zap a; 2s zop a"),
        new RecordingInjector("c"), Map.of()))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("faults='zop'").hasMessageContaining("an action of the recorder injector: zap");
  }

  @Test
  void aPrefixNamingTheClustersOwnInjectorGoesToIt() {
    RecordingInjector.INJECTED.clear();
    // "recorder" is also on the class path; the cluster's own injector must win
    FaultScheduler s = new FaultScheduler(FaultSchedule.parse("1ms recorder:zap a"),
        new RecordingInjector("cluster"), Map.of("recorder.site", "lab"));
    s.phaseStarted(Phase.RUN, List.of());
    long deadline = System.currentTimeMillis() + 5_000;
    while (s.events().isEmpty() && System.currentTimeMillis() < deadline) {
      Thread.onSpinWait();
    }
    s.phaseEnded(Phase.RUN);
    assertThat(RecordingInjector.INJECTED).containsExactly("cluster zap a");
  }
}
