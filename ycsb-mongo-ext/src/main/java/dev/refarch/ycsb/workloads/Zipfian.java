package dev.refarch.ycsb.workloads;

import java.util.random.RandomGenerator;

/**
 * Zipfian draws by Gray et al.'s rejection-free method ("Quickly generating billion-record
 * synthetic databases", SIGMOD 1994), the algorithm of YCSB's {@code ZipfianGenerator}, with the
 * random generator passed in. Immutable and thread-safe.
 */
final class Zipfian implements Sampler {

  /** YCSB's zipfian constant. */
  static final double THETA = 0.99;
  /** YCSB's item count for scrambled zipfian draws, and its precomputed zeta for it. */
  static final long SCRAMBLE_ITEMS = 10_000_000_000L;
  static final double SCRAMBLE_ZETAN = 26.46902820178302;

  private final long base;
  private final long items;
  private final double zetan;
  private final double alpha;
  private final double eta;
  private final double zeta2;

  private Zipfian(long base, long items, double zetan) {
    if (items < 1) {
      throw new IllegalArgumentException("no values to draw from: " + items + " items");
    }
    this.base = base;
    this.items = items;
    this.zetan = zetan;
    this.zeta2 = zeta(2);
    this.alpha = 1.0 / (1.0 - THETA);
    this.eta = (1 - Math.pow(2.0 / items, 1 - THETA)) / (1 - zeta2 / zetan);
  }

  static Zipfian of(long base, long items) {
    return new Zipfian(base, items, zeta(items));
  }

  static Zipfian scrambleBase() {
    return new Zipfian(0, SCRAMBLE_ITEMS, SCRAMBLE_ZETAN);
  }

  /** Sum over i = 1..n of 1 / i^theta. */
  static double zeta(long n) {
    double sum = 0;
    for (long i = 1; i <= n; i++) {
      sum += 1 / Math.pow(i, THETA);
    }
    return sum;
  }

  /**
   * The exact probability that {@link #next} returns {@code base + rank} (rank from 0). Gray's
   * method is close to, not exactly, Zipf's law {@code 1 / (rank + 1)^theta / zeta(n)}: ranks 0
   * and 1 are exact, the rest come from a continuous approximation. Tests of the shape compare
   * draws with this.
   */
  double probability(long rank) {
    double p = rank == 0 ? 1 / zetan : rank == 1 ? Math.pow(0.5, THETA) / zetan : 0;
    // draws with u * zetan >= 1 + 0.5^theta take the formula, which is increasing in u
    double from = (1 + Math.pow(0.5, THETA)) / zetan;
    double lo = Math.min(1, Math.max(from, uReaching(rank)));
    double hi = Math.min(1, Math.max(from, uReaching(rank + 1)));
    return p + Math.max(0, hi - lo);
  }

  /** The smallest u whose formula value is at least {@code rank}. */
  private double uReaching(long rank) {
    return (Math.pow((double) rank / items, 1 / alpha) - 1 + eta) / eta;
  }

  @Override
  public long next(RandomGenerator random) {
    double u = random.nextDouble();
    double uz = u * zetan;
    if (uz < 1.0) {
      return base;
    }
    if (uz < 1.0 + Math.pow(0.5, THETA)) {
      return base + 1;
    }
    return base + (long) (items * Math.pow(eta * u - eta + 1, alpha));
  }

  @Override
  public long min() {
    return base;
  }

  @Override
  public long max() {
    return base + items - 1;
  }
}
