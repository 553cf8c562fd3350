package dev.refarch.experiments.faults;

import static org.assertj.core.api.Assertions.assertThat;

import dev.refarch.ycsb.measure.Timeline;
import java.util.Map;
import org.junit.jupiter.api.Test;

class InterruptionTest {

  /** 100 ms buckets from t=0 with the given successes per bucket. */
  private static Timeline timeline(long... successes) {
    Timeline t = new Timeline(100);
    for (int i = 0; i < successes.length; i++) {
      t.add(i * 100L, "READ", "OK", successes[i]);
      t.add(i * 100L, "READ", "ERROR", 0);
    }
    return t;
  }

  @Test
  void measuresFromInjectionToFirstSuccessAfterTheLongestGapAndRecoveryTo90Percent() {
    // fault at 1050 ms; one empty bucket, a trickle, then 7 empty buckets, then back slowly
    Timeline t = timeline(10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 4, 0, 2, 0, 0, 0, 0, 0, 0, 0, 5,
        8, 9, 10, 10);
    Interruption i = Interruption.analyze(t, 1050, Long.MAX_VALUE).get("READ");
    assertThat(i.gapBuckets()).isEqualTo(7);
    assertThat(i.interruptionMs()).isEqualTo(2000 - 1050);
    assertThat(i.recoveryMs()).contains(2200L - 1050);
    assertThat(i.baselinePerSecond()).isEqualTo(100.0);
    assertThat(i.resumed()).isTrue();
  }

  @Test
  void noGapMeansNoInterruption() {
    Interruption i = Interruption.analyze(timeline(10, 10, 10, 9, 10, 10), 250, Long.MAX_VALUE).get("READ");
    assertThat(i.interruptionMs()).isZero();
    assertThat(i.recoveryMs()).contains(0L);
  }

  @Test
  void aServerThatNeverReturnsIsALowerBoundNotAResumption() {
    Interruption i = Interruption.analyze(timeline(10, 10, 10, 0, 0, 0, 0), 300, Long.MAX_VALUE).get("READ");
    assertThat(i.resumed()).isFalse();
    // to the start of the run's last bucket, which it ended inside
    assertThat(i.interruptionMs()).isEqualTo(300);
    assertThat(i.recoveryMs()).isEmpty();
  }

  /**
   * The run ends inside its last bucket, so an operation type can have no success there by chance
   * while the others do: that is the run's end, not an interruption that never ended.
   */
  @Test
  void anEmptyLastBucketIsTheRunsEndNotAnInterruption() {
    Timeline t = timeline(10, 10, 10, 10, 10, 10, 0);
    for (int i = 0; i < 7; i++) {
      t.add(i * 100L, "UPDATE", "OK", 10);
    }
    Map<String, Interruption> r = Interruption.analyze(t, 250, Long.MAX_VALUE);
    assertThat(r.get("READ").resumed()).isTrue();
    assertThat(r.get("READ").interruptionMs()).isZero();
    assertThat(r.get("READ").gapBuckets()).isZero();
    assertThat(r.get("UPDATE").interruptionMs()).isZero();
  }

  @Test
  void analysisStopsAtTheNextFault() {
    Map<String, Interruption> r = Interruption.analyze(timeline(10, 10, 0, 10, 0, 0, 0, 10), 200, 400);
    assertThat(r.get("READ").gapBuckets()).isEqualTo(1);
    assertThat(r.get("READ").interruptionMs()).isEqualTo(100);
  }
}
