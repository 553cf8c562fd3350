package dev.refarch.ycsb.testing;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.Random;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * Ground truth for measurement tests: a YCSB binding whose operations take a known, seeded
 * lognormal time (busy-waited, so it is exact to well under a microsecond), with an optional
 * stall of known length at a known operation, and which writes the time each operation really
 * took to a truth file.
 *
 * <p>Properties: {@code synthetic.seed} (42), {@code synthetic.medianUs} (200),
 * {@code synthetic.sigma} (0.5), {@code synthetic.stallAtOperation} (-1: none; counted per
 * thread), {@code synthetic.stallMs}, {@code synthetic.errorEvery} (0: never; every Nth operation
 * of a thread answers ERROR), {@code synthetic.serverSlots} (0: unlimited; otherwise operations of
 * all threads of the JVM queue for this many slots, like requests for a server's cores, so that
 * latency grows with load), {@code synthetic.truthDir} (where {@code truth-<thread>.txt} files
 * go, written in {@code cleanup()}: one line per operation, {@code startNanos durationNanos status}).
 *
 * <p>Not thread-safe: one instance per YCSB thread, as YCSB uses bindings.
 */
public class SyntheticDb extends DB {

  private static final AtomicInteger THREADS = new AtomicInteger();
  private static volatile java.util.concurrent.Semaphore slots;

  private Random random;
  private double medianNanos;
  private double sigma;
  private long stallAt;
  private long stallNanos;
  private long errorEvery;
  private long done;
  private Path truth;
  // kept in memory and written in cleanup(), so that writing costs nothing inside an operation
  private long[] starts = new long[1024];
  private long[] durations = new long[1024];
  private boolean[] failed = new boolean[1024];

  @Override
  public void init() throws DBException {
    Properties p = getProperties();
    int thread = THREADS.getAndIncrement();
    random = new Random(Long.parseLong(p.getProperty("synthetic.seed", "42")) + thread);
    medianNanos = Double.parseDouble(p.getProperty("synthetic.medianUs", "200")) * 1000;
    sigma = Double.parseDouble(p.getProperty("synthetic.sigma", "0.5"));
    stallAt = Long.parseLong(p.getProperty("synthetic.stallAtOperation", "-1"));
    stallNanos = Long.parseLong(p.getProperty("synthetic.stallMs", "0")) * 1_000_000;
    errorEvery = Long.parseLong(p.getProperty("synthetic.errorEvery", "0"));
    int serverSlots = Integer.parseInt(p.getProperty("synthetic.serverSlots", "0"));
    if (serverSlots > 0) {
      synchronized (SyntheticDb.class) {
        if (slots == null) {
          slots = new java.util.concurrent.Semaphore(serverSlots, true);
        }
      }
    }
    String dir = p.getProperty("synthetic.truthDir");
    if (dir != null) {
      truth = Path.of(dir, "truth-" + ProcessHandle.current().pid() + "-" + thread + ".txt");
    }
  }

  @Override
  public void cleanup() throws DBException {
    if (truth == null) {
      return;
    }
    try {
      Files.createDirectories(truth.getParent());
      try (BufferedWriter out = Files.newBufferedWriter(truth, StandardCharsets.UTF_8,
          StandardOpenOption.CREATE_NEW)) {
        for (int i = 0; i < done; i++) {
          out.write(starts[i] + " " + durations[i] + " " + (failed[i] ? "ERROR" : "OK") + "\n");
        }
      }
    } catch (IOException e) {
      throw new DBException(e);
    }
  }

  private Status operate() {
    java.util.concurrent.Semaphore server = slots;
    if (server != null) {
      server.acquireUninterruptibly();
    }
    try {
      return busy();
    } finally {
      if (server != null) {
        server.release();
      }
    }
  }

  private Status busy() {
    long start = System.nanoTime();
    long duration = (long) (medianNanos * Math.exp(sigma * random.nextGaussian()));
    if (done == stallAt) {
      duration += stallNanos;
    }
    long until = start + duration;
    if (duration > 2_000_000) {
      LockSupport.parkNanos(duration - 1_000_000);
    }
    while (System.nanoTime() < until) {
      Thread.onSpinWait();
    }
    long end = System.nanoTime();
    Status status = errorEvery > 0 && (done + 1) % errorEvery == 0 ? Status.ERROR : Status.OK;
    if (done == starts.length) {
      starts = java.util.Arrays.copyOf(starts, starts.length * 2);
      durations = java.util.Arrays.copyOf(durations, durations.length * 2);
      failed = java.util.Arrays.copyOf(failed, failed.length * 2);
    }
    int i = (int) done++;
    starts[i] = start;
    durations[i] = end - start;
    failed[i] = status == Status.ERROR;
    return status;
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    return operate();
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
      Vector<HashMap<String, ByteIterator>> result) {
    return operate();
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    return operate();
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    return operate();
  }

  @Override
  public Status delete(String table, String key) {
    return operate();
  }
}
