package dev.refarch.experiments.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.refarch.experiments.spec.SteadyRule;
import java.util.SortedMap;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class SteadyStateTest {

  private static final SteadyRule RULE = new SteadyRule(6, 0.10, 0.25);

  private static SortedMap<Long, Long> slots(long... perSecond) {
    SortedMap<Long, Long> m = new TreeMap<>();
    for (int i = 0; i < perSecond.length; i++) {
      m.put(i * 1000L, perSecond[i]);
    }
    return m;
  }

  @Test
  void findsTheFirstWindowWithoutTrendOrSwing() {
    SteadyState s = SteadyState.detect(slots(100, 300, 600, 1000, 1020, 990, 1005, 1010, 980, 1000),
        1000, RULE, false);
    assertThat(s.reached()).isTrue();
    assertThat(s.fromEpochMs()).isEqualTo(3000);
    // the judged window's throughput: from there to the end
    assertThat(s.opsPerSecond()).isCloseTo((1000 + 1020 + 990 + 1005 + 1010 + 980 + 1000) / 7.0,
        within(0.01));
    assertThat(s.measuredSeconds()).isEqualTo(10);
  }

  @Test
  void aRunThatDriftedIsJudgedOnlyFromWhereItSettled() {
    // steady at ~1000 from second 1, then sliding to ~700, where it settles
    SteadyState s = SteadyState.detect(slots(300, 1000, 1010, 990, 1000, 1005, 995, 900, 820, 760,
        720, 700, 700, 705, 695, 700, 700), 1000, RULE, false);
    assertThat(s.reached()).isTrue();
    assertThat(s.drifted()).isFalse();
    // the earliest stretch to the end without a trend beyond 10 % between its halves
    assertThat(s.fromEpochMs()).isEqualTo(8_000);
    assertThat(s.opsPerSecond()).isCloseTo((820 + 760 + 720 + 700 + 700 + 705 + 695 + 700 + 700)
        / 9.0, within(0.01));
    assertThat(s.toEpochMs()).isEqualTo(17_000);
  }

  @Test
  void aStepOfAClimbingRunIsNotAcceptedOnlyTheLevelItEndsAt() {
    // a fresh JVM's throughput: a level of ~4,800 for 6 s, then ~9,000 (the code compiled)
    SteadyState s = SteadyState.detect(slots(4800, 4850, 4790, 4810, 4820, 4780, 9000, 9100,
        8950, 9050, 9000, 8980), 1000, RULE, false);
    assertThat(s.reached()).isTrue();
    assertThat(s.fromEpochMs()).isEqualTo(6_000);
    assertThat(s.opsPerSecond()).isCloseTo(9013.3, within(0.1));
  }

  @Test
  void aFinalSlotThatHoldsTheClientsStopDoesNotUnsettleARunAtItsLevel() {
    // a slow climb within the band, the last slot short as the clients stopped
    SteadyState s = SteadyState.detect(slots(7185, 6694, 6225, 7576, 7183, 6871, 7800, 8159,
        7971, 7373, 7869, 5100), 1000, new SteadyRule(10, 0.10, 0.25), true);
    assertThat(s.reached()).isTrue();
    assertThat(s.fromEpochMs()).isZero();
    assertThat(s.drifted()).isFalse();
  }

  @Test
  void aRunThatLeftItsSteadyWindowAndNeverSettledIsNotSteady() {
    // steady at ~1000, then falling all the way to the end
    SteadyState s = SteadyState.detect(slots(1000, 1010, 990, 1000, 1005, 995, 900, 800, 700, 600,
        500, 400), 1000, RULE, false);
    assertThat(s.reached()).isFalse();
    assertThat(s.drifted()).isTrue();
    assertThat(s.fromEpochMs()).isZero();
    assertThat(s.opsPerSecond()).isCloseTo(1000, within(0.1));
    assertThat(s.finalOpsPerSecond()).isCloseTo(650, within(0.1));
  }

  @Test
  void aRunThatStaysInItsBandIsSteadyToTheEndOfTheMeasuredWindow() {
    SteadyState s = SteadyState.detect(slots(100, 1000, 1010, 990, 1000, 1005, 995, 1020, 980,
        1040, 960), 1000, RULE, true);
    assertThat(s.reached()).isTrue();
    assertThat(s.drifted()).isFalse();
    assertThat(s.fromEpochMs()).isEqualTo(1000);
    assertThat(s.toEpochMs()).isEqualTo(11_000);
  }

  @Test
  void noiseWithoutTrendIsSteady() {
    // ±15 % around 1000 with no drift: busy machines look like this
    assertThat(SteadyState.lastWindow(slots(850, 1150, 1000, 870, 1130, 1000), 1000, RULE)).isTrue();
  }

  @Test
  void aRampIsNotSteadyEvenWhenEverySecondIsCloseToTheMean() {
    assertThat(SteadyState.lastWindow(slots(900, 930, 960, 1040, 1070, 1100), 1000, RULE)).isFalse();
  }

  @Test
  void notReachedWhenThroughputKeepsSwinging() {
    assertThat(SteadyState.detect(slots(1000, 500, 1000, 500, 1000, 500, 1000, 500), 1000, RULE, false)
        .reached()).isFalse();
  }

  @Test
  void aSecondWithoutOperationsBreaksSteadiness() {
    assertThat(SteadyState.lastWindow(slots(1000, 1000, 0, 1000, 1000, 1000), 1000, RULE)).isFalse();
  }

  @Test
  void tooFewSlotsAreNotSteady() {
    assertThat(SteadyState.lastWindow(slots(1000, 1000, 1000), 1000, RULE)).isFalse();
    assertThat(SteadyState.detect(slots(1000, 1000, 1000), 1000, RULE, false).reached()).isFalse();
  }

  @Test
  void aWindowOfSecondsSpansAsManySlotsOfAnotherInterval() {
    // 6 s of 500 ms slots: 12 slots, throughput per second twice the per-slot count
    SortedMap<Long, Long> halfSeconds = new TreeMap<>();
    for (int i = 0; i < 12; i++) {
      halfSeconds.put(i * 500L, 500L);
    }
    SteadyState s = SteadyState.detect(halfSeconds, 500, RULE, true);
    assertThat(s.reached()).isTrue();
    assertThat(s.opsPerSecond()).isEqualTo(1000);
    assertThat(s.measuredSeconds()).isEqualTo(6);
    assertThat(SteadyState.lastWindow(new TreeMap<>(halfSeconds.headMap(5_500L)), 500, RULE)).isFalse();
  }

  @Test
  void rejectsARuleOutsideItsRange() {
    assertThatThrownBy(() -> new SteadyRule(1, 0.1, 0.25))
        .hasMessageContaining("steady window 2-600 s");
  }
}
