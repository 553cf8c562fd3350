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
