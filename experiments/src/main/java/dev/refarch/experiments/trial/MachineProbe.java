package dev.refarch.experiments.trial;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;

/**
 * How fast this machine is right now, measured on a fixed piece of work that has nothing to do
 * with the trial: sorting the same 2<sup>18</sup> pseudo-random ints (1 MiB, beyond most
 * per-core caches), on every processor at once — one thread per processor, each timed in its
 * own thread CPU time — so that a reading is the machine's average core, not whichever core one
 * thread happened to land on (on this project's 2-core VM a single thread read either about 18
 * or about 23 ms per unit, trial to trial). Every trial records a reading before its run phase
 * and one after its last phase, when no client runs; {@code refarch compare} puts the readings
 * of A's and B's trials side by side, so that a shared or throttled machine that was slower for
 * B than for A — the same work costing more CPU time — is not taken for B's configuration being
 * slower.
 *
 * <p>Written here, not taken from a benchmark library: JMH forks JVMs and runs for seconds; this
 * is about 0.2 s inside the runner's JVM, between phases, and the figure it needs is a ratio of
 * two readings, not an absolute speed.
 *
 * <p>Thread-safe: each call starts its own threads, each sorting its own copies.
 */
public final class MachineProbe {

  /** What one unit of work is, for the record. */
  public static final String KERNEL = "Arrays.sort of the same 262144 pseudo-random ints, on"
      + " every processor at once";

  private static final int SIZE = 1 << 18;
  private static final int WARMUP = 2;
  private static final int UNITS = 5;
  private static final int[] DATA = new SplittableRandom(20261129L).ints(SIZE).toArray();
  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

  private MachineProbe() {
  }

  /** Whether this JVM can time its threads' CPU: the probe records nothing otherwise. */
  public static boolean available() {
    return THREADS.isThreadCpuTimeSupported() && THREADS.isThreadCpuTimeEnabled();
  }

  /**
   * The CPU nanoseconds each of {@value #UNITS} units of work took, the mean over one thread per
   * processor running together, after {@value #WARMUP} unrecorded units (the JIT compiles the
   * sort in the first trial's probe); empty when this JVM cannot time a thread's CPU.
   *
   * @throws InterruptedException when interrupted while the threads run
   */
  public static List<Double> read() throws InterruptedException {
    if (!available()) {
      return List.of();
    }
    int processors = Runtime.getRuntime().availableProcessors();
    long[][] ns = new long[processors][];
    CountDownLatch start = new CountDownLatch(1);
    List<Thread> threads = new ArrayList<>();
    for (int p = 0; p < processors; p++) {
      int index = p;
      Thread t = new Thread(() -> {
        try {
          start.await();
          ns[index] = units();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }, "machine-probe-" + p);
      t.setDaemon(true);
      threads.add(t);
      t.start();
    }
    start.countDown();
    for (Thread t : threads) {
      t.join();
    }
    List<Double> mean = new ArrayList<>(UNITS);
    for (int u = 0; u < UNITS; u++) {
      double sum = 0;
      for (long[] perThread : ns) {
        if (perThread == null) {
          return List.of(); // a thread was interrupted
        }
        sum += perThread[u];
      }
      mean.add(sum / processors);
    }
    return mean;
  }

  /** One thread's recorded units, in its own CPU nanoseconds. */
  private static long[] units() {
    long[] ns = new long[UNITS];
    long check = 0;
    for (int i = 0; i < WARMUP + UNITS; i++) {
      int[] copy = DATA.clone();
      long t0 = THREADS.getCurrentThreadCpuTime();
      Arrays.sort(copy);
      long t1 = THREADS.getCurrentThreadCpuTime();
      check += copy[i] ^ copy[SIZE - 1 - i];
      if (i >= WARMUP) {
        ns[i - WARMUP] = t1 - t0;
      }
    }
    if (check == 42) { // uses the sorted data, so that no compiler drops the sort
      Thread.yield();
    }
    return ns;
  }
}
