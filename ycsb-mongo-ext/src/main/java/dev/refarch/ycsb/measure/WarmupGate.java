package dev.refarch.ycsb.measure;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Decides, per operation, whether it belongs to the warm-up. By time: operations that started
 * less than N seconds after this client's first operation. By count: exactly the first N
 * operations this client completed.
 *
 * <p>Thread-safe. Once the warm-up is over, a decision is a volatile read and a comparison.
 */
final class WarmupGate {

  private static final long UNSET = Long.MIN_VALUE;

  private final Warmup warmup;
  private final long warmupNanos;
  private final AtomicLong firstStartNanos = new AtomicLong(UNSET);
  private final AtomicLong completed = new AtomicLong();
  private volatile long endNanos = UNSET;
  private volatile boolean countReached;

  WarmupGate(Warmup warmup) {
    this.warmup = warmup;
    this.warmupNanos = warmup.unit() == Warmup.Unit.SECONDS ? warmup.amount() * 1_000_000_000L : 0;
    this.countReached = warmup.isNone();
  }

  /** Whether the operation that ran from {@code startNanos} to {@code finishNanos} is warm-up. */
  boolean isWarmup(long startNanos, long finishNanos) {
    if (warmup.isNone()) {
      return false;
    }
    if (warmup.unit() == Warmup.Unit.SECONDS) {
      long end = endNanos;
      if (end == UNSET) {
        firstStartNanos.compareAndSet(UNSET, startNanos);
        end = firstStartNanos.get() + warmupNanos;
        endNanos = end;
      }
      return startNanos < end;
    }
    if (countReached) {
      return false;
    }
    long n = completed.getAndIncrement();
    if (n >= warmup.amount()) {
      countReached = true;
      return false;
    }
    if (n == warmup.amount() - 1) {
      endNanos = finishNanos;
    }
    return true;
  }

  /** When the warm-up ended (nanoTime), or {@code fallback} when there was none or it never ended. */
  long endNanos(long fallback) {
    long end = endNanos;
    return end == UNSET ? fallback : end;
  }
}
