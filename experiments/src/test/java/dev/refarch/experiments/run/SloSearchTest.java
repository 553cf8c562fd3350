package dev.refarch.experiments.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.DoublePredicate;
import org.junit.jupiter.api.Test;

/**
 * The search's logic, with probes whose outcome is given: the bisection never asks YCSB for
 * 0 ops/s or for a target it already bracketed, and says why when it finds no answer.
 */
class SloSearchTest {

  /** A prober that meets the SLO where {@code meets} says and records every target asked for. */
  private static final class Probes implements SloSearch.Prober {
    final List<Double> asked = new ArrayList<>();
    final DoublePredicate meets;

    Probes(DoublePredicate meets) {
      this.meets = meets;
    }

    @Override
    public Optional<Boolean> probe(int step, double target) {
      asked.add(target);
      return Optional.of(meets.test(target));
    }
  }

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

  @Test
  void theBracketClosesAroundTheCrossing() throws Exception {
    Probes probes = new Probes(t -> t <= 613);
    SloSearchJson.Result r = SloSearch.bisect(1000, false, 1, 5, probes);
    assertThat(probes.asked).containsExactly(500.0, 750.0, 625.0, 562.0, 594.0);
    assertThat(r.answerOpsPerSecond()).hasValue(594.0);
    assertThat(r.lowOpsPerSecond()).isEqualTo(594);
    assertThat(r.highOpsPerSecond()).isEqualTo(625);
  }

  @Test
  void anUnthrottledProbeThatMeasuredNothingEndsTheSearchWithoutAProbe() throws Exception {
    Probes probes = new Probes(t -> true);
    for (double measured : new double[] {0, 0.4, 1.9}) {
      SloSearchJson.Result r = SloSearch.bisect(measured, false, 1, 5, probes);
      assertThat(r.answerOpsPerSecond()).isEmpty();
      assertThat(r.why()).startsWith("the unthrottled probe measured").contains("too little to bisect");
    }
    assertThat(probes.asked).isEmpty();
  }

  @Test
  void noTargetBelowOnePerClientEvenWhenEveryProbeMisses() throws Exception {
    Probes probes = new Probes(t -> false);
    SloSearchJson.Result r = SloSearch.bisect(40, false, 4, 10, probes);
    assertThat(probes.asked).containsExactly(20.0, 10.0, 5.0).allMatch(t -> t >= 4);
    assertThat(r.answerOpsPerSecond()).isEmpty();
    assertThat(r.why()).isEqualTo("no probe met the SLO; the lowest target tried (5 ops/s) missed it");
  }

  @Test
  void anUnthrottledProbeThatMetIsTheAnswer() throws Exception {
    Probes probes = new Probes(t -> true);
    assertThat(SloSearch.bisect(812, true, 1, 5, probes).answerOpsPerSecond()).hasValue(812.0);
    assertThat(probes.asked).isEmpty();
  }

  @Test
  void aFailedProbeEndsTheSearchAndSaysSo() throws Exception {
    SloSearchJson.Result r = SloSearch.bisect(1000, false, 1, 5,
        (step, target) -> step == 2 ? Optional.empty() : Optional.of(true));
    assertThat(r.answerOpsPerSecond()).hasValue(500.0);
    assertThat(r.why()).endsWith("before probe 2 (target 750 ops/s) failed");
  }
}
