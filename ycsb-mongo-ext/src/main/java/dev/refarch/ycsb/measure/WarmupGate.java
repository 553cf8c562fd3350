package dev.refarch.ycsb.measure;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * Decides, per operation, whether it belongs to the warm-up. By time: operations that started
 * less than N seconds after this client's first operation. By count: exactly the first N
 * operations this client completed. By time and then the JIT ({@code Ns+jit}): operations that
 * started before the end of the first {@value #QUIET_SECONDS} s, N seconds or more after the first
 * operation, in which this JVM's compiler threads used less than {@value #QUIET_SHARE_PERCENT} %
 * of a core ({@link CompilerCpu}; where {@code /proc} does not show them, the compilation time
 * {@link CompilationMXBean#getTotalCompilationTime()} counts, which adds a compilation only once
 * it has finished); a thread of the gate's own samples it every {@value #SAMPLE_MS} ms until
 * then. Two seconds, not one: on two busy cores the compilers' queue ran empty for a second while
 * the hot path had not yet been called often enough for the optimizing compiler, 5 s into a trial
 * whose throughput stepped up 7 s later; while they work, they use 0.3 to 0.8 of a core.
 *
 * <p>Thread-safe. Once the warm-up is over, a decision is a volatile read and a comparison.
 */
final class WarmupGate {

  static final int QUIET_SHARE_PERCENT = 5;
  static final int QUIET_SECONDS = 2;
  static final long SAMPLE_MS = 100;
  private static final long UNSET = Long.MIN_VALUE;
  private static final long SECOND = 1_000_000_000L;

  private final Warmup warmup;
  private final long warmupNanos;
  private final LongSupplier compileMillis;
  private final LongSupplier clock;
  private final AtomicLong firstStartNanos = new AtomicLong(UNSET);
  private final AtomicLong completed = new AtomicLong();
  private final AtomicBoolean watching = new AtomicBoolean();
  /** (nanoTime, compile ms) samples of the last QUIET_SECONDS and a bit, oldest first. */
  private final ArrayDeque<long[]> samples = new ArrayDeque<>();
  private volatile long endNanos = UNSET;
  private volatile boolean countReached;
  private volatile String jitOutcome;
  private volatile Thread watcher;

  WarmupGate(Warmup warmup) {
    this(warmup, warmup.untilCompiled() ? compileMillis() : null, System::nanoTime);
  }

  /**
   * A gate reading the milliseconds this JVM's compilers have worked so far from
   * {@code compileMillis} (null when nothing counts them: the warm-up is then its seconds alone)
   * and the time from {@code clock}.
   */
  WarmupGate(Warmup warmup, LongSupplier compileMillis, LongSupplier clock) {
    this.warmup = warmup;
    this.warmupNanos = warmup.unit() == Warmup.Unit.SECONDS ? warmup.amount() * SECOND : 0;
    this.compileMillis = compileMillis;
    this.clock = clock;
    this.countReached = warmup.isNone();
  }

  /** The compiler threads' CPU, else the compilation time the JVM counts, else null. */
  private static LongSupplier compileMillis() {
    Optional<CompilerCpu> cpu = CompilerCpu.ofThisJvm();
    if (cpu.isPresent()) {
      CompilerCpu threads = cpu.get();
      long[] last = {0};
      return () -> {
        try {
          last[0] = threads.millis(System.nanoTime());
        } catch (java.io.IOException unreadable) {
          // listing this process's own threads failed after it worked: keep the last reading
        }
        return last[0];
      };
    }
    CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
    return jit != null && jit.isCompilationTimeMonitoringSupported()
        ? jit::getTotalCompilationTime : null;
  }

  /** Whether the operation that ran from {@code startNanos} to {@code finishNanos} is warm-up. */
  boolean isWarmup(long startNanos, long finishNanos) {
    if (warmup.isNone()) {
      return false;
    }
    if (warmup.unit() == Warmup.Unit.SECONDS) {
      long end = endNanos;
      if (end != UNSET) {
        return startNanos < end;
      }
      if (firstStartNanos.get() == UNSET) {
        firstStartNanos.compareAndSet(UNSET, startNanos);
      }
      if (!warmup.untilCompiled() || compileMillis == null) {
        end = firstStartNanos.get() + warmupNanos;
        endNanos = end;
        return startNanos < end;
      }
      // reads before writing: every thread passes here on every operation until the end is known
      if (!watching.get() && watching.compareAndSet(false, true)) {
        Thread t = new Thread(this::watch, "ycsb-mongo-ext-warmup-jit");
        t.setDaemon(true);
        watcher = t;
        t.start();
      }
      return true;
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

  private void watch() {
    try {
      while (!poll()) {
        Thread.sleep(SAMPLE_MS);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * Takes one sample of the compilation time and ends the warm-up when the compilers were quiet
   * over the last {@value #QUIET_SECONDS} s, its seconds having passed, or when they were not by
   * the limit.
   *
   * @return whether the warm-up has ended
   */
  synchronized boolean poll() {
    if (endNanos != UNSET) {
      return true;
    }
    long now = clock.getAsLong();
    long ms = compileMillis.getAsLong();
    samples.addLast(new long[] {now, ms});
    // keep the newest sample that is QUIET_SECONDS old or older as the oldest
    while (samples.size() > 1) {
      Iterator<long[]> it = samples.iterator();
      it.next();
      if (now - it.next()[0] < QUIET_SECONDS * SECOND) {
        break;
      }
      samples.removeFirst();
    }
    long first = firstStartNanos.get();
    if (first == UNSET || now < first + warmupNanos) {
      return false;
    }
    long[] oldest = samples.peekFirst();
    long span = now - oldest[0];
    if (span >= QUIET_SECONDS * SECOND && (ms - oldest[1]) * 1_000_000L * 100 < span * QUIET_SHARE_PERCENT) {
      jitOutcome = String.format("warm-up ended %.1f s after the first operation, when the JIT"
          + " compiler had settled (%d ms of compiler work in the last %.1f s)",
          (now - first) / 1e9, ms - oldest[1], span / 1e9);
      endNanos = now;
      return true;
    }
    if (now >= first + warmupNanos + Warmup.JIT_MAX_SECONDS * SECOND) {
      jitOutcome = String.format("warm-up ended at its limit, %.1f s after the first operation,"
          + " with the JIT compiler still busy (%d ms of compiler work in the last %.1f s)",
          (now - first) / 1e9, ms - oldest[1], span / 1e9);
      endNanos = now;
      return true;
    }
    return false;
  }

  /** How a {@code +jit} warm-up ended, once it has; empty for other warm-ups. */
  Optional<String> jitOutcome() {
    if (warmup.untilCompiled() && compileMillis == null) {
      return Optional.of("neither /proc nor the JVM shows the compilers' work: the warm-up was its"
          + " " + warmup.amount() + " s alone");
    }
    return Optional.ofNullable(jitOutcome);
  }

  /** Stops the gate's sampling thread, if it runs. */
  void close() {
    Thread t = watcher;
    if (t != null) {
      t.interrupt();
    }
  }

  /** When the warm-up ended (nanoTime), or {@code fallback} when there was none or it never ended. */
  long endNanos(long fallback) {
    long end = endNanos;
    return end == UNSET ? fallback : end;
  }
}
