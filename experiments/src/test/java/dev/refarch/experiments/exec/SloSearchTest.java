package dev.refarch.experiments.exec;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The bisection's next target never asks YCSB for 0 ops/s or for a target it already tried. */
class SloSearchTest {

  @Test
  void bisectsInWholeOperationsPerSecond() {
    assertThat(SloSearch.nextTarget(0, 1001, 1)).hasValue(500);
    assertThat(SloSearch.nextTarget(500, 1001, 1)).hasValue(750);
  }

  @Test
  void anUnthrottledProbeOfAlmostNothingLeavesNoTargetInsteadOfZero() {
    // a loaded machine's unthrottled probe measured 0.4 ops/s: half of it would be 0
    assertThat(SloSearch.nextTarget(0, 0.4, 1)).isEmpty();
    assertThat(SloSearch.nextTarget(0, 3, 4)).as("below one per client of 4").isEmpty();
  }

  @Test
  void aBracketWithoutAWholeNumberInsideEndsTheSearch() {
    assertThat(SloSearch.nextTarget(500, 501, 1)).isEmpty();
    assertThat(SloSearch.nextTarget(500, 502, 1)).hasValue(501);
  }
}
