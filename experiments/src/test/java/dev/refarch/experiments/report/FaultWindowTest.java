package dev.refarch.experiments.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class FaultWindowTest {

  static TrialFault fault(long at, String action, String member, long interruptionMs) {
    return new TrialFault(at, "run", action, "primary", member, "", Optional.empty(),
        Map.of("READ", interruptionMs), Map.of("READ", true), Map.of());
  }

  @Test
  void aBreakingActionLastsUntilTheRecoveryOfTheSameMember() {
    List<FaultWindow> w = FaultWindow.of(List.of(fault(1_000, "kill", "rs0-0", 2_000),
        fault(3_000, "stepdown", "rs0-1", 0), fault(9_000, "restart", "rs0-0", 0)));
    assertThat(w.get(0)).isEqualTo(new FaultWindow(1_000, 9_000, "kill primary (rs0-0)",
        "restart primary (rs0-0)"));
  }

  @Test
  void anIsolationLastsUntilItsHealAndASlowDiskUntilItsRestore() {
    assertThat(FaultWindow.of(List.of(fault(1_000, "isolate", "rs0-0", 2_000),
        fault(7_000, "heal", "rs0-0", 0), fault(8_000, "slow-disk", "rs0-1", 0),
        fault(12_000, "restore-disk", "rs0-1", 0)))).containsExactly(
        new FaultWindow(1_000, 7_000, "isolate primary (rs0-0)", "heal primary (rs0-0)"),
        new FaultWindow(8_000, 12_000, "slow-disk primary (rs0-1)",
            "restore-disk primary (rs0-1)"));
  }

  @Test
  void withoutRecoveryTheWindowIsTheInterruption() {
    assertThat(FaultWindow.of(List.of(fault(1_000, "stepdown", "rs0-0", 2_500))))
        .containsExactly(new FaultWindow(1_000, 3_500, "stepdown primary (rs0-0)",
            "interruption end"));
  }

  @Test
  void aFaultThatInterruptedNothingGetsAZeroLengthWindow() {
    assertThat(FaultWindow.of(List.of(fault(1_000, "fail-drive", "d1", 0))))
        .containsExactly(new FaultWindow(1_000, 1_000, "fail-drive primary (d1)", "none"));
  }

  @Test
  void failedInjectionsAndRecoveriesOpenNoWindow() {
    TrialFault failed = new TrialFault(1_000, "run", "kill", "primary", "", "no primary",
        Optional.empty(), Map.of(), Map.of(), Map.of());
    assertThat(FaultWindow.of(List.of(failed, fault(2_000, "resume", "rs0-0", 0)))).isEmpty();
  }

  @Test
  void readsTheWindowsOfARealFailover() {
    TrialRecord kill = ExperimentResults.load(Fixtures.root().resolve(Fixtures.A12)).trials()
        .get(0);
    FaultWindow w = kill.faultWindows().get(0);
    assertThat(kill.faultWindows()).hasSize(1);
    assertThat(w.toEpochMs() - w.fromEpochMs()).isEqualTo(1795242125636L - 1795242114815L);
    assertThat(kill.value(Quantity.OVERALL, Quantity.INTERRUPTION)).hasValue(2185);
  }
}
