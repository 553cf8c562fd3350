package dev.refarch.experiments.trial;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * How fast this machine is right now, measured on a fixed piece of work that has nothing to do
 * with the trial: sorting the same 2<sup>18</sup> pseudo-random ints (1 MiB, beyond most
 * per-core caches), timed in the runner's thread CPU time. Every trial records a reading before
 * its run phase and one after its last phase, when no client runs; {@code refarch compare} puts
 * the readings of A's and B's trials side by side, so that a shared or throttled machine that was
 * slower for B than for A — the same work costing more CPU time — is not taken for B's
 * configuration being slower.
 *
 * <p>Written here, not taken from a benchmark library: JMH forks JVMs and runs for seconds; this
 * is about 150 ms inside the runner's JVM, between phases, and the figure it needs is a ratio of
 * two readings, not an absolute speed.
 *
 * <p>Thread-safe: each call sorts its own copy.
 */
public final class MachineProbe {

  /** What one unit of work is, for the record. */
  public static final String KERNEL = "Arrays.sort of the same 262144 pseudo-random ints";

  private static final int SIZE = 1 << 18;
  private static final int WARMUP = 2;
  private static final int UNITS = 5;
  private static final int[] DATA = new SplittableRandom(20261129L).ints(SIZE).toArray();
  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

  private MachineProbe() {
  }

  /** Whether this JVM can time its threads' CPU: the probe records nothing otherwise. */
  public static boolean available() {
    return THREADS.isCurrentThreadCpuTimeSupported();
  }

  /**
   * The CPU nanoseconds each of {@value #UNITS} units of work took, after {@value #WARMUP}
   * unrecorded ones (the JIT compiles the sort in the first trial's probe); empty when this JVM
   * cannot time a thread's CPU.
   */
  public static List<Double> read() {
    if (!available()) {
      return List.of();
    }
    long check = 0;
    List<Double> ns = new ArrayList<>(UNITS);
    for (int i = 0; i < WARMUP + UNITS; i++) {
      int[] copy = DATA.clone();
      long t0 = THREADS.getCurrentThreadCpuTime();
      Arrays.sort(copy);
      long t1 = THREADS.getCurrentThreadCpuTime();
      check += copy[i] ^ copy[SIZE - 1 - i];
      if (i >= WARMUP) {
        ns.add((double) (t1 - t0));
      }
    }
    if (check == 42) { // uses the sorted data, so that no compiler drops the sort
      Thread.yield();
    }
    return ns;
  }
}
