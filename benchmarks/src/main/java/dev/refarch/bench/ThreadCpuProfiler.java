package dev.refarch.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;

/**
 * A JMH profiler that reports the CPU time the benchmark's worker threads used per operation
 * ({@code cpu.ns/op}), beside JMH's wall-clock score. On a shared, loaded machine the wall clock
 * counts the time a thread waited for a core; its CPU time does not, so this figure stays
 * comparable between a busy and a quiet machine. Use with {@code -prof
 * dev.refarch.bench.ThreadCpuProfiler} and forked runs.
 */
public final class ThreadCpuProfiler implements InternalProfiler {

  private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
  private Map<Long, Long> before = Map.of();

  @Override
  public String getDescription() {
    return "CPU time of the benchmark's worker threads per operation";
  }

  @Override
  public void beforeIteration(BenchmarkParams benchmark, IterationParams iteration) {
    before = workerCpu();
  }

  @Override
  public Collection<? extends Result> afterIteration(BenchmarkParams benchmark,
      IterationParams iteration, IterationResult result) {
    Map<Long, Long> after = workerCpu();
    long cpu = 0;
    for (Map.Entry<Long, Long> e : after.entrySet()) {
      cpu += e.getValue() - before.getOrDefault(e.getKey(), 0L);
    }
    long ops = result.getMetadata().getMeasuredOps();
    return List.of(new ScalarResult("cpu.ns/op", ops == 0 ? Double.NaN : (double) cpu / ops,
        "ns/op", AggregationPolicy.AVG));
  }

  /** CPU nanoseconds so far of each live JMH worker thread, by thread id. */
  private Map<Long, Long> workerCpu() {
    Map<Long, Long> cpu = new HashMap<>();
    for (Thread t : Thread.getAllStackTraces().keySet()) {
      if (t.getName().contains("jmh-worker")) {
        long nanos = threads.getThreadCpuTime(t.getId());
        if (nanos >= 0) {
          cpu.put(t.getId(), nanos);
        }
      }
    }
    return cpu;
  }
}
