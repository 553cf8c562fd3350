package dev.refarch.experiments.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.refarch.ycsb.measure.Timeline;
import org.junit.jupiter.api.Test;

class SteadyStateTest {

  private static Timeline ramp(long... perSecond) {
    Timeline t = new Timeline(1000);
    for (int i = 0; i < perSecond.length; i++) {
      if (perSecond[i] > 0) {
        t.add(i * 1000L, "READ", "OK", perSecond[i]);
      }
    }
    return t;
  }

  @Test
  void findsTheFirstWindowWithinTheBand() {
    Timeline t = ramp(100, 300, 600, 1000, 1020, 990, 1005, 1010, 980, 1000, 50);
    SteadyState s = SteadyState.detect(t, 0, 5, 0.1);
    assertThat(s.reached()).isTrue();
    assertThat(s.fromEpochMs()).isEqualTo(3000);
    assertThat(s.opsPerSecond()).isCloseTo(1005, within(1.0));
  }

  @Test
  void ignoresBucketsBeforeTheGivenStart() {
    Timeline t = ramp(1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000);
    assertThat(SteadyState.detect(t, 4000, 5, 0.1).fromEpochMs()).isEqualTo(4000);
  }

  @Test
  void notReachedWhenThroughputKeepsSwinging() {
    Timeline t = ramp(1000, 500, 1000, 500, 1000, 500, 1000, 500, 1);
    assertThat(SteadyState.detect(t, 0, 5, 0.1).reached()).isFalse();
  }

  @Test
  void aGapBreaksSteadiness() {
    Timeline t = ramp(1000, 1000, 0, 1000, 1000, 1000, 1);
    assertThat(SteadyState.detect(t, 0, 4, 0.1).reached()).isFalse();
  }
}
