package dev.refarch.experiments.faults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.refarch.platform.spi.Phase;
import dev.refarch.platform.spi.config.ConfigurationException;
import dev.refarch.ycsb.measure.MeasuringMark;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FaultSchedulerTest {

  @TempDir
  Path dir;

  @Test
  void offsetsCountFromWhenEveryClientIsMeasuringNotFromItsStart() throws Exception {
    RecordingInjector.INJECTED.clear();
    Path slow = Files.createDirectories(dir.resolve("run-1"));
    Path ready = Files.createDirectories(dir.resolve("run-2"));
    Files.createFile(ready.resolve(MeasuringMark.FILE));
    FaultScheduler s = new FaultScheduler(FaultSchedule.parse("1ms zap a"),
        new RecordingInjector("cluster"), Map.of());
    s.startClock(Phase.RUN, List.of(slow, ready));
    Thread.sleep(20 * FaultScheduler.READY_POLL_MS);
    assertThat(s.events()).as("one client has not measured anything yet").isEmpty();

    long marked = System.currentTimeMillis();
    Files.createFile(slow.resolve(MeasuringMark.FILE));
    long deadline = marked + 30_000;
    while (s.events().isEmpty() && System.currentTimeMillis() < deadline) {
      Thread.sleep(10);
    }
    s.phaseEnded(Phase.RUN);
    assertThat(s.events()).singleElement()
        .satisfies(f -> assertThat(f.event().epochMillis()).isGreaterThanOrEqualTo(marked));
    assertThat(s.failures()).isEmpty();
  }

  @Test
  void faultsWhoseClientsNeverStartedMeasuringAreNotReached() {
    FaultScheduler s = new FaultScheduler(FaultSchedule.parse("1ms zap a; 2ms zap b"),
        new RecordingInjector("c"), Map.of());
    s.startClock(Phase.RUN, List.of(dir));
    s.phaseEnded(Phase.RUN);
    assertThat(s.events()).isEmpty();
    assertThat(s.failures()).containsExactly("2 scheduled fault(s) of the run phase were not"
        + " reached: the phase ended first");
  }

  @Test
  void namedActionsGoToThatPlatformsInjectorConfiguredWithTheTrialsSettings() {
    RecordingInjector.INJECTED.clear();
    RecordingInjector cluster = new RecordingInjector("cluster", "local");
    FaultScheduler s = new FaultScheduler(FaultSchedule.parse("10ms zap a; 20ms recorder:zap b"),
        cluster, Map.of("recorder.site", "lab"));
    s.startClock(Phase.RUN, List.of());
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
    s.startClock(Phase.RUN, List.of());
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
    s.startClock(Phase.RUN, List.of());
    long deadline = System.currentTimeMillis() + 5_000;
    while (s.events().isEmpty() && System.currentTimeMillis() < deadline) {
      Thread.onSpinWait();
    }
    s.phaseEnded(Phase.RUN);
    assertThat(RecordingInjector.INJECTED).containsExactly("cluster zap a");
  }
}
