package dev.refarch.ycsb.workloads;

import java.util.random.RandomGenerator;
import site.ycsb.Utils;

/**
 * Draws whole numbers from a distribution, with the caller's random generator: each YCSB thread
 * passes its own, so draws take no lock and, with {@code refarch.seed}, repeat exactly.
 *
 * <p>Implementations are immutable and thread-safe. Build them with the static factories:
 *
 * <pre>{@code
 * Sampler keys = Sampler.scrambledZipfian(0, 250_000);   // zipfian over an active range
 * Sampler lengths = Sampler.uniform(1, 100);             // workload E's scan lengths
 * long key = keys.next(threadRandom);
 * }</pre>
 */
public interface Sampler {

  /** One draw. */
  long next(RandomGenerator random);

  /** The smallest value this sampler can return. */
  long min();

  /** The largest value this sampler can return. */
  long max();

  /** Every value in {@code [min, max]} equally likely. */
  static Sampler uniform(long min, long max) {
    if (max < min) {
      throw new IllegalArgumentException("empty range [" + min + ", " + max + "]");
    }
    return new Sampler() {
      @Override
      public long next(RandomGenerator random) {
        return min + random.nextLong(max - min + 1);
      }

      @Override
      public long min() {
        return min;
      }

      @Override
      public long max() {
        return max;
      }
    };
  }

  /** Always {@code value}. */
  static Sampler constant(long value) {
    return new Sampler() {
      @Override
      public long next(RandomGenerator random) {
        return value;
      }

      @Override
      public long min() {
        return value;
      }

      @Override
      public long max() {
        return value;
      }
    };
  }

  /**
   * Zipfian over {@code [min, max]} with YCSB's constant 0.99, {@code min} the most popular value,
   * {@code min + 1} the next, and so on: YCSB's {@code ZipfianGenerator(min, max)}, as used for
   * {@code scanlengthdistribution=zipfian}. Setup sums {@code max - min + 1} terms.
   */
  static Sampler zipfian(long min, long max) {
    return Zipfian.of(min, max - min + 1);
  }

  /**
   * Zipfian popularity spread over {@code [min, min + count)} by hashing, so that popular values
   * are scattered rather than clustered at {@code min}: YCSB's {@code ScrambledZipfianGenerator},
   * which draws a rank from a zipfian over 10<sup>10</sup> items (constant 0.99, precomputed
   * zeta) and maps it to {@code min + fnv64(rank) % count}. Constant-time setup for any count.
   */
  static Sampler scrambledZipfian(long min, long count) {
    if (count < 1) {
      throw new IllegalArgumentException("no values to draw from: count " + count);
    }
    Zipfian ranks = Zipfian.scrambleBase();
    return new Sampler() {
      @Override
      public long next(RandomGenerator random) {
        return min + Utils.fnvhash64(ranks.next(random)) % count;
      }

      @Override
      public long min() {
        return min;
      }

      @Override
      public long max() {
        return min + count - 1;
      }
    };
  }
}
