package dev.refarch.ycsb.workloads;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import site.ycsb.Utils;

/** Each distribution holds its shape (chi-square at 0.001, fixed seeds) and its range. */
class SamplerTest {

  @Test
  void uniformIsFlatOverItsRange() {
    Sampler s = Sampler.uniform(500, 599);
    SplittableRandom random = new SplittableRandom(42);
    long[] counts = new long[100];
    for (int i = 0; i < 200_000; i++) {
      long v = s.next(random);
      assertThat(v).isBetween(500L, 599L);
      counts[(int) (v - 500)]++;
    }
    double[] p = new double[100];
    Arrays.fill(p, 0.01);
    assertThat(ChiSquare.statistic(counts, p)).isLessThan(ChiSquare.critical(99));
  }

  @Test
  void zipfianProbabilitiesAreADistributionCloseToZipfsLaw() {
    Zipfian law = Zipfian.of(0, 1_000);
    double total = 0;
    for (int rank = 0; rank < 1_000; rank++) {
      double zipf = 1 / Math.pow(rank + 1, Zipfian.THETA) / Zipfian.zeta(1_000);
      assertThat(law.probability(rank)).isCloseTo(zipf, within(0.2 * zipf + 1e-4));
      total += law.probability(rank);
    }
    assertThat(total).isCloseTo(1.0, within(1e-9));
    assertThat(law.probability(0)).isEqualTo(1 / Zipfian.zeta(1_000));
  }

  @Test
  void zipfianFollowsYcsbsZipfianFromTheMinimum() {
    Sampler s = Sampler.zipfian(1, 100);
    Zipfian law = Zipfian.of(1, 100);
    SplittableRandom random = new SplittableRandom(7);
    long[] counts = new long[100];
    for (int i = 0; i < 300_000; i++) {
      counts[(int) (s.next(random) - 1)]++;
    }
    double[] p = new double[100];
    for (int rank = 0; rank < 100; rank++) {
      p[rank] = law.probability(rank);
    }
    assertThat(counts[0]).as("the minimum is the most popular").isGreaterThan(counts[1]);
    assertThat(ChiSquare.statistic(counts, p)).isLessThan(ChiSquare.critical(99));
  }

  @Test
  void scrambledZipfianStaysInItsRangeAndHoldsItsShape() {
    int count = 400;
    Sampler s = Sampler.scrambledZipfian(1_000, count);
    SplittableRandom random = new SplittableRandom(3);
    long[] counts = new long[count];
    for (int i = 0; i < 400_000; i++) {
      long v = s.next(random);
      assertThat(v).isBetween(1_000L, 1_000L + count - 1);
      counts[(int) (v - 1_000)]++;
    }
    assertThat(ChiSquare.statistic(counts, scrambledProbabilities(count)))
        .isLessThan(ChiSquare.critical(count - 1));
    long[] sorted = counts.clone();
    Arrays.sort(sorted);
    assertThat(sorted[count - 1]).as("skewed: the top item far above the median")
        .isGreaterThan(5 * sorted[count / 2]);
  }

  /**
   * Expected probability per item of a scrambled zipfian: the first two million ranks hashed
   * exactly, the rest of the mass (spread over 10^10 ranks, thousands per item) evenly.
   */
  private static double[] scrambledProbabilities(int count) {
    Zipfian ranks = Zipfian.scrambleBase();
    double[] p = new double[count];
    double head = 0;
    for (long rank = 0; rank < 2_000_000; rank++) {
      double q = ranks.probability(rank);
      p[(int) (Utils.fnvhash64(rank) % count)] += q;
      head += q;
    }
    for (int i = 0; i < count; i++) {
      p[i] += (1 - head) / count;
    }
    return p;
  }

  @Test
  void constantAlwaysGivesItsValue() {
    Sampler s = Sampler.constant(100);
    SplittableRandom random = new SplittableRandom(1);
    for (int i = 0; i < 100; i++) {
      assertThat(s.next(random)).isEqualTo(100);
    }
  }

  @Test
  void sameSeedSameDraws() {
    Sampler s = Sampler.scrambledZipfian(0, 1_000_000);
    SplittableRandom a = new SplittableRandom(99);
    SplittableRandom b = new SplittableRandom(99);
    for (int i = 0; i < 1_000; i++) {
      assertThat(s.next(a)).isEqualTo(s.next(b));
    }
  }
}
