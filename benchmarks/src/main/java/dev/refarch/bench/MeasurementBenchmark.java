package dev.refarch.bench;

import dev.refarch.experiments.trial.TrialRunner;
import dev.refarch.experiments.trial.TrialSpec;
import dev.refarch.experiments.results.TrialResult;
import dev.refarch.platform.spi.PlatformState;
import dev.refarch.ycsb.measure.MeasuredDb;
import dev.refarch.ycsb.measure.MeasurementSession;
import dev.refarch.ycsb.measure.MeasurementSettings;
import dev.refarch.ycsb.measure.Operation;
import dev.refarch.ycsb.measure.ThreadMeter;
import dev.refarch.ycsb.measure.Warmup;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import site.ycsb.Status;

/**
 * Prints what measuring costs: (1) the recording overhead per operation of {@link ThreadMeter},
 * beyond the two clock reads that any latency measurement (YCSB's own included) makes, at 1 and 2
 * threads; (2) the trial runner's CPU as a share of its clients' CPU, for a trial of 2 forked
 * clients driving YCSB's no-op {@code BasicDB} as fast as they can (the worst case for the runner:
 * the most operations, intervals and timeline rows to merge per second of client CPU).
 *
 * <pre>src/bin/bench-measurement [seconds-per-trial]</pre>
 */
public final class MeasurementBenchmark {

  private static final int OPERATIONS = 20_000_000;
  private static final int ROUNDS = 5;

  private MeasurementBenchmark() {
  }

  public static void main(String[] args) throws Exception {
    int seconds = args.length > 0 ? Integer.parseInt(args[0]) : 20;
    Path work = Files.createTempDirectory("measurement-bench");
    System.out.println("== recording overhead (ThreadMeter), " + OPERATIONS + " operations per round,"
        + " median of " + ROUNDS + " rounds ==");
    for (int threads : new int[] {1, 2}) {
      double baseline = median(() -> perOperation(threads, null));
      MeasurementSettings settings = new MeasurementSettings(work.resolve("meter-" + threads), 1000,
          1000, Warmup.none(), 0, false);
      double metered = median(() -> perOperation(threads, settings));
      System.out.printf(Locale.ROOT, "threads=%d  two clock reads: %.1f ns/op  with recording: %.1f"
          + " ns/op  recording overhead: %.1f ns/op (target <= 50)%n", threads, baseline, metered,
          metered - baseline);
    }
    System.out.println("== runner CPU share, 2 clients x 2 threads, BasicDB, " + seconds + " s ==");
    TrialSpec spec = TrialSpec.builder("bench", "runner-share").cluster("mongodb://127.0.0.1:1/")
        .db(MeasuredDb.class.getName())
        .property("measurement.delegate", "site.ycsb.BasicDB")
        .property("basicdb.verbose", "false")
        .property("workload", "site.ycsb.workloads.CoreWorkload")
        .property("recordcount", "100000").property("operationcount", "2000000000")
        .property("readproportion", "0.5").property("updateproportion", "0.5")
        .property("maxexecutiontime", String.valueOf(seconds))
        .phases(false, true).clients(2).threadsPerClient(2).phaseTimeout(Duration.ofSeconds(seconds + 60))
        .build();
    double[] cpuAt = new double[2];
    TrialRunner runner = new TrialRunner(work.resolve("results")).withListener(new TrialRunner.Listener() {
      @Override
      public void phaseStarted(dev.refarch.platform.spi.Phase phase, List<dev.refarch.experiments.trial.ClientProcess> clients) {
        cpuAt[0] = runnerCpu();
      }

      @Override
      public void phaseEnded(dev.refarch.platform.spi.Phase phase) {
        cpuAt[1] = runnerCpu();
      }
    });
    double before = runnerCpu();
    TrialResult r = runner.run(spec, PlatformState.empty());
    double after = runnerCpu();
    System.out.printf(Locale.ROOT, "runner CPU by stage: setup %.3f s, while clients ran %.3f s,"
        + " merge and write %.3f s%n", cpuAt[0] - before, cpuAt[1] - cpuAt[0], after - cpuAt[1]);
    long ops = r.summary(dev.refarch.platform.spi.Phase.RUN).orElseThrow().operations().stream()
        .mapToLong(o -> o.total()).sum();
    System.out.printf(Locale.ROOT, "operations: %d  clients CPU: %.2f s  runner CPU: %.3f s  runner"
        + " share: %.2f %% (target <= 2 %%)%s%n", ops, r.clientCpuSeconds(), r.runnerCpuSeconds(),
        100 * r.runnerCpuSeconds() / r.clientCpuSeconds(),
        r.succeeded() ? "" : "  FAILED: " + r.failures());
  }

  private static double runnerCpu() {
    return ProcessHandle.current().info().totalCpuDuration().map(d -> d.toNanos() / 1e9).orElse(0.0);
  }

  private interface Round {
    double run() throws Exception;
  }

  private static double median(Round round) throws Exception {
    List<Double> results = new ArrayList<>();
    for (int i = 0; i < ROUNDS; i++) {
      results.add(round.run());
    }
    results.sort(null);
    return results.get(ROUNDS / 2);
  }

  /** Nanoseconds per operation of {@code threads} threads; records when {@code settings} is set. */
  private static double perOperation(int threads, MeasurementSettings settings) throws Exception {
    CountDownLatch ready = new CountDownLatch(threads);
    CountDownLatch go = new CountDownLatch(1);
    long[] sink = new long[threads];
    List<Thread> workers = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      int index = t;
      Thread w = new Thread(() -> {
        ThreadMeter meter = settings == null ? null : MeasurementSession.join(settings);
        ready.countDown();
        try {
          go.await();
        } catch (InterruptedException e) {
          return;
        }
        long acc = 0;
        for (int i = 0; i < OPERATIONS / threads; i++) {
          if (meter == null) {
            long start = System.nanoTime();
            acc += System.nanoTime() - start;
          } else {
            meter.record(Operation.READ, meter.start(), Status.OK);
          }
        }
        sink[index] = acc;
        if (meter != null) {
          MeasurementSession.leave(meter);
        }
      });
      workers.add(w);
      w.start();
    }
    ready.await();
    long start = System.nanoTime();
    go.countDown();
    for (Thread w : workers) {
      w.join();
    }
    long elapsed = System.nanoTime() - start;
    // per operation of one thread: total time over the operations each thread did
    return (double) elapsed / (OPERATIONS / threads) + sink[0] * 0;
  }
}
