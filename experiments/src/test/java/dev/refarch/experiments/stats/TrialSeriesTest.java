package dev.refarch.experiments.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** A trial's intervals: each figure as HdrHistogram computes it on their union, and its factors. */
class TrialSeriesTest {

  private static List<Histogram> seconds(int n, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    List<Histogram> out = new ArrayList<>();
    for (int s = 0; s < n; s++) {
      Histogram h = new Histogram(3);
      int ops = s == 3 ? 0 : 500 + random.nextInt(500);
      for (int i = 0; i < ops; i++) {
        // latency in ns: mostly ~1 ms, a tail up to ~50 ms
        long ns = (long) (1_000_000 * Math.exp(random.nextDouble() * (random.nextInt(100) < 3 ? 4 : 1)));
        h.recordValue(ns);
      }
      out.add(h);
    }
    return out;
  }

  @Test
  void everyFigureOnAllIntervalsOnceIsHdrHistogramsOnTheirUnion() {
    List<Histogram> seconds = seconds(12, 1);
    Histogram union = new Histogram(3);
    seconds.forEach(union::add);
    TrialSeries series = new TrialSeries(seconds);
    int[] ones = new int[12];
    Arrays.fill(ones, 1);
    for (double q : new double[] {50, 90, 99, 99.9, 100}) {
      assertThat(series.value(new TrialSeries.Figure.Percentile(q), ones))
          .as("p%s", q).isEqualTo((double) union.getValueAtPercentile(q));
    }
    assertThat(series.value(new TrialSeries.Figure.Mean(), ones))
        .isCloseTo(union.getMean(), within(union.getMean() * 1e-3));
    assertThat(series.operations()).isEqualTo(union.getTotalCount());
    assertThat(series.value(new TrialSeries.Figure.Throughput(), ones))
        .isEqualTo((double) union.getTotalCount());
  }

  @Test
  void anIntervalDrawnTwiceCountsTwice() {
    List<Histogram> seconds = seconds(3, 2);
    Histogram twice = new Histogram(3);
    twice.add(seconds.get(0));
    twice.add(seconds.get(0));
    twice.add(seconds.get(2));
    TrialSeries series = new TrialSeries(seconds);
    assertThat(series.value(new TrialSeries.Figure.Percentile(99), new int[] {2, 0, 1}))
        .isEqualTo((double) twice.getValueAtPercentile(99));
  }

  @Test
  void steadySecondsGiveATightIntervalAndSwingingOnesAWideOne() {
    List<Histogram> steady = new ArrayList<>();
    List<Histogram> swinging = new ArrayList<>();
    for (int s = 0; s < 20; s++) {
      steady.add(constant(1000, 1_000_000));
      swinging.add(constant(s % 10 < 5 ? 400 : 1600, 1_000_000));
    }
    LogEstimate tight = new TrialSeries(steady).estimate(new TrialSeries.Figure.Throughput(),
        1000, 5);
    LogEstimate wide = new TrialSeries(swinging).estimate(new TrialSeries.Figure.Throughput(),
        1000, 5);
    assertThat(tight.se()).isZero();
    assertThat(wide.se()).isGreaterThan(0.05);
    assertThat(wide.source()).isEqualTo(LogEstimate.Source.WITHIN_TRIAL);
  }

  private static Histogram constant(int ops, long ns) {
    Histogram h = new Histogram(3);
    h.recordValueWithCount(ns, ops);
    return h;
  }
}
