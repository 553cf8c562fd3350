package dev.refarch.ycsb.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class WarmupGateTest {

  private static final long S = 1_000_000_000L;

  @Test
  void parsesSecondsAndOperations() {
    assertThat(Warmup.parse("30")).isEqualTo(Warmup.seconds(30));
    assertThat(Warmup.parse("30s")).isEqualTo(Warmup.seconds(30));
    assertThat(Warmup.parse("5000ops")).isEqualTo(Warmup.operations(5000));
    assertThat(Warmup.parse("0").isNone()).isTrue();
    assertThatThrownBy(() -> Warmup.parse("ten")).hasMessageContaining("Nops");
    assertThat(Warmup.parse("5s+jit")).isEqualTo(Warmup.secondsThenCompiled(5));
    assertThat(Warmup.parse("0 + JIT").isNone()).as("no seconds, but the JIT still").isFalse();
    assertThat(Warmup.secondsThenCompiled(5)).hasToString("5s+jit");
    assertThat(Warmup.secondsThenCompiled(5).maxSeconds()).isEqualTo(5 + Warmup.JIT_MAX_SECONDS);
    assertThatThrownBy(() -> Warmup.parse("500ops+jit")).hasMessageContaining("Ns+jit");
  }

  /**
   * The compilers busy (900 ms of compilation per second) until second 112, then quiet: a
   * {@code 5s+jit} warm-up from second 100 ends at the first poll whose last two seconds had less
   * than 100 ms of compilation: 0.9 × (112 − (t − 2)) < 0.1 from t = 113.89; a lull of a second
   * before (none from 104 to 105) does not end it.
   */
  @Test
  void untilCompiledEndsAtTheFirstQuietSecondAfterItsSeconds() {
    long[] now = {100 * S};
    WarmupGate gate = new WarmupGate(Warmup.secondsThenCompiled(5),
        () -> (Math.min(now[0], 112 * S) - Math.max(0, Math.min(now[0] - 104 * S, S)))
            / 1_000_000 * 9 / 10, () -> now[0]);
    assertThat(gate.isWarmup(100 * S, 100 * S + 5)).isTrue();
    long ended = 0;
    for (; now[0] <= 140 * S && ended == 0; now[0] += WarmupGate.SAMPLE_MS * 1_000_000) {
      ended = gate.poll() ? now[0] : 0;
    }
    assertThat(ended).isEqualTo(113_900_000_000L);
    assertThat(gate.isWarmup(ended - 1, ended + S)).isTrue();
    assertThat(gate.isWarmup(ended, ended + 5)).isFalse();
    assertThat(gate.endNanos(0)).isEqualTo(ended);
    assertThat(gate.jitOutcome()).hasValueSatisfying(o -> assertThat(o)
        .startsWith("warm-up ended 13.9 s after the first operation, when the JIT compiler had"
            + " settled"));
  }

  @Test
  void untilCompiledWaitsNoLongerThanItsLimit() {
    long[] now = {100 * S};
    WarmupGate gate = new WarmupGate(Warmup.secondsThenCompiled(5), () -> now[0] / 1_000_000,
        () -> now[0]);
    gate.isWarmup(100 * S, 100 * S + 5);
    while (!gate.poll()) {
      assertThat(now[0]).isLessThan(136 * S);
      now[0] += WarmupGate.SAMPLE_MS * 1_000_000;
    }
    assertThat(gate.endNanos(0)).isEqualTo((100 + 5 + Warmup.JIT_MAX_SECONDS) * S);
    assertThat(gate.jitOutcome().orElseThrow()).contains("at its limit, 35.0 s")
        .contains("still busy");
  }

  @Test
  void untilCompiledIsItsSecondsAloneWhereTheJvmCountsNoCompilationTime() {
    WarmupGate gate = new WarmupGate(Warmup.secondsThenCompiled(5), null, System::nanoTime);
    assertThat(gate.isWarmup(100 * S, 100 * S + 5)).isTrue();
    assertThat(gate.isWarmup(105 * S, 105 * S + 5)).isFalse();
    assertThat(gate.jitOutcome().orElseThrow()).contains("neither /proc nor the JVM shows the compilers' work");
  }

  @Test
  void untilCompiledOnThisJvmEndsAndStopsItsThread() throws InterruptedException {
    WarmupGate gate = new WarmupGate(Warmup.parse("0s+jit"));
    long start = System.nanoTime();
    gate.isWarmup(start, start + 1);
    long deadline = start + (Warmup.JIT_MAX_SECONDS + 5) * S;
    while (gate.endNanos(Long.MIN_VALUE) == Long.MIN_VALUE && System.nanoTime() < deadline) {
      Thread.sleep(50);
    }
    assertThat(gate.endNanos(Long.MIN_VALUE)).as("the warm-up ended").isGreaterThan(start);
    assertThat(gate.isWarmup(System.nanoTime(), System.nanoTime())).isFalse();
    gate.close();
  }

  @Test
  void byTimeExcludesOperationsStartedBeforeTheEnd() {
    WarmupGate gate = new WarmupGate(Warmup.seconds(10));
    assertThat(gate.isWarmup(100 * S, 100 * S + 5)).isTrue();
    assertThat(gate.isWarmup(109 * S, 111 * S)).isTrue();
    assertThat(gate.isWarmup(110 * S, 110 * S + 5)).isFalse();
    // an operation that started during warm-up but finished late still counts as warm-up
    assertThat(gate.isWarmup(105 * S, 120 * S)).isTrue();
    assertThat(gate.endNanos(0)).isEqualTo(110 * S);
  }

  @Test
  void byCountExcludesExactlyTheFirstN() {
    WarmupGate gate = new WarmupGate(Warmup.operations(7));
    long warm = IntStream.range(0, 20).filter(i -> gate.isWarmup(i, i + 1)).count();
    assertThat(warm).isEqualTo(7);
    assertThat(gate.endNanos(-1)).isEqualTo(7);
  }

  @Test
  void noneExcludesNothing() {
    WarmupGate gate = new WarmupGate(Warmup.none());
    assertThat(gate.isWarmup(0, 1)).isFalse();
    assertThat(gate.endNanos(42)).isEqualTo(42);
  }
}
