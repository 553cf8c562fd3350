package dev.refarch.ycsb.hooks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.refarch.platform.spi.Phase;
import dev.refarch.platform.spi.PhaseOutcome;
import dev.refarch.platform.spi.PlatformException;
import dev.refarch.platform.spi.config.ConfigurationException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class HookRunnerTest {

  private final List<String> log = new ArrayList<>();

  @BeforeEach
  void clear() {
    RecordingHook.EVENTS.clear();
  }

  @Test
  void runsBeforeInOrderAndAfterInReverse() {
    HookRunner runner = HookRunner.resolve("recording, recording2", Map.of(), log::add);
    runner.before(Phase.LOAD);
    runner.after(Phase.LOAD, PhaseOutcome.success());
    assertThat(RecordingHook.EVENTS).containsExactly("recording before load",
        "recording2 before load", "recording2 after load ok", "recording after load ok");
  }

  @Test
  void failingBeforeRestoresEveryHookStartedIncludingItself() {
    HookRunner runner = HookRunner.resolve("recording,failing,recording2", Map.of(), log::add);
    assertThatThrownBy(() -> runner.before(Phase.RUN))
        .isInstanceOf(PlatformException.class)
        .hasMessageContaining("hook failing before run")
        .hasMessageContaining("simulated platform failure")
        .hasMessageContaining("the hooks started before it were restored");
    assertThat(RecordingHook.EVENTS).containsExactly("recording before run", "failing before run",
        "failing after run failed: hook failing before run failed: simulated platform failure",
        "recording after run failed: hook failing before run failed: simulated platform failure");
  }

  @Test
  void afterReceivesTheFailedOutcome() {
    HookRunner runner = HookRunner.resolve("recording", Map.of(), log::add);
    runner.before(Phase.RUN);
    runner.after(Phase.RUN, PhaseOutcome.failed("client 1 died"));
    assertThat(RecordingHook.EVENTS).last().isEqualTo("recording after run failed: client 1 died");
  }

  @Test
  void unknownHookListsKnownOnesBeforeAnyHookRuns() {
    assertThatThrownBy(() -> HookRunner.resolve("recording,nope", Map.of(), log::add))
        .isInstanceOf(ConfigurationException.class)
        .hasMessage("hooks='nope' is not allowed; allowed: failing, mongodb-load-cache, mongodb-sharding, recording, recording2");
    assertThat(RecordingHook.EVENTS).isEmpty();
  }

  @Test
  void invalidHookSettingFailsBeforeAnyHookRuns() {
    assertThatThrownBy(() -> HookRunner.resolve("recording", Map.of("testhook.reject", "x"), log::add))
        .hasMessageContaining("testhook.reject='x'");
    assertThat(RecordingHook.EVENTS).isEmpty();
  }

  @Test
  void recordsPlatformStateUnderEachHooksName() {
    HookRunner runner = HookRunner.resolve("recording,recording2", Map.of(), log::add);
    runner.before(Phase.LOAD);
    runner.after(Phase.LOAD, PhaseOutcome.success());
    assertThat(runner.state().of("recording")).containsEntry("applied", "true").containsEntry("restored", "true");
    assertThat(runner.state().components()).containsOnlyKeys("recording", "recording2");
  }

  @Test
  void noHooksIsAValidEmptyRunner() {
    HookRunner runner = HookRunner.resolve(" ", Map.of(), log::add);
    assertThat(runner.isEmpty()).isTrue();
    runner.before(Phase.RUN);
    runner.after(Phase.RUN, PhaseOutcome.success());
    assertThat(runner.state().isEmpty()).isTrue();
  }
}
