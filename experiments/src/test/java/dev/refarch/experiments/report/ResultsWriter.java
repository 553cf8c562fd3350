package dev.refarch.experiments.report;

import dev.refarch.experiments.plan.PlanJson;
import dev.refarch.experiments.results.SteadyState;
import dev.refarch.experiments.results.TrialJson;
import dev.refarch.experiments.results.TrialResult;
import dev.refarch.experiments.results.TrialTelemetry;
import dev.refarch.experiments.spec.ExperimentSpec;
import dev.refarch.platform.spi.Phase;
import dev.refarch.platform.spi.PlatformState;
import dev.refarch.ycsb.measure.LatencyStats;
import dev.refarch.ycsb.measure.MetricStats;
import dev.refarch.ycsb.measure.OperationSummary;
import dev.refarch.ycsb.measure.Summary;
import dev.refarch.ycsb.measure.Warmup;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * Writes results folders through the runner's own writers — {@code plan.json} from a spec,
 * {@code trial.json} from a {@link TrialResult} — with figures chosen here, so that report tests
 * know every number and every fact a verdict reads (steadiness, clients, cores, CPU, samples).
 */
public final class ResultsWriter {

  static final long T0 = 1_700_000_000_000L;

  private final Path root;

  /** Writes under {@code root}: each experiment into {@code root/<experiment id>/}. */
  public ResultsWriter(Path root) {
    this.root = root;
  }

  /** The machine-probe readings the next trials record before and after (none by default). */
  private List<Double> probe = List.of();

  /** Makes the trials written next record {@code ns} as their machine-probe readings. */
  ResultsWriter probe(Double... ns) {
    this.probe = List.of(ns);
    return this;
  }

  /** Writes the plan of {@code spec}; returns the experiment's folder. */
  public Path plan(ExperimentSpec spec) {
    Path dir = root.resolve(spec.id());
    write(dir.resolve("plan.json"), PlanJson.render(dev.refarch.experiments.plan.Plan.of(spec,
        spec.properties())));
    return dir;
  }

  /**
   * A completed trial of one client on 2 cores (its CPU a tenth of theirs) whose run measured
   * {@code reads} READ operations per second of 1 ms each for 20 s.
   */
  public Path trial(String experiment, String id, double reads, boolean steady, String target) {
    return trial(experiment, id, read(reads, 20), steady, target);
  }

  Path trial(String experiment, String id, OperationSummary op, boolean steady, String target) {
    return trial(experiment, id, op, steady, Map.of("clients", "1", "threads", "8", "target",
        target));
  }

  /** A trial as above whose trial.json records {@code parameters}. */
  Path trial(String experiment, String id, OperationSummary op, boolean steady,
      Map<String, String> parameters) {
    Summary summary = new Summary(T0, T0 + 5_000, T0 + 25_000, Warmup.seconds(5), 100, List.of(op),
        List.of());
    SteadyState s = new SteadyState(steady, steady ? T0 + 5_000 : 0, steady ? op.throughput() : 0,
        10, 0.1, 0.25, 20, steady);
    TrialResult.PhaseResult run = new TrialResult.PhaseResult(Phase.RUN,
        List.of(new TrialResult.ClientRecord("run-0", 0, "exit code 0", true, OptionalDouble.of(6.0))),
        Optional.of(summary), Optional.of(s), T0 - 2_000, T0 + 28_000);
    Path dir = root.resolve(experiment).resolve(id);
    TrialResult r = new TrialResult(experiment, id, List.of(), T0 - 5_000, T0 + 30_000,
        Map.of(Phase.RUN, run), PlatformState.empty(), Map.of(), 6.0, 0.5, dir, List.of(),
        Optional.empty(), new TrialResult.Host(2, 1.0, 1.0, probe, probe),
        TrialTelemetry.off());
    write(dir.resolve("trial.json"), TrialJson.render(r, parameters));
    hlog(dir, op);
    return dir;
  }

  /**
   * The trial's {@code run.hlog}: its 20 measured seconds, each with about the operation's
   * throughput (within ±1 %, irregularly, so that a within-trial interval is narrow but not
   * empty) of its median latency.
   */
  private static void hlog(Path dir, OperationSummary op) {
    try (java.io.PrintStream out = new java.io.PrintStream(dir.resolve("run.hlog").toFile(),
        java.nio.charset.StandardCharsets.UTF_8)) {
      org.HdrHistogram.HistogramLogWriter writer = new org.HdrHistogram.HistogramLogWriter(out);
      writer.outputLogFormatVersion();
      writer.outputStartTime(T0 + 5_000);
      writer.setBaseTime(T0 + 5_000);
      writer.outputLegend();
      long latencyNs = Math.max(1, Math.round(op.serviceTime().p50() * 1000));
      for (int s = 0; s < 20; s++) {
        org.HdrHistogram.Histogram h = new org.HdrHistogram.Histogram(3);
        long n = Math.round(op.throughput() * (1 + 0.01 * Math.sin(s * 1.7)));
        if (n > 0) {
          h.recordValueWithCount(latencyNs, n);
        }
        h.setTag(op.operation() + ".service");
        h.setStartTimeStamp(T0 + 5_000 + s * 1000L);
        h.setEndTimeStamp(T0 + 6_000 + s * 1000L);
        writer.outputIntervalHistogram(h);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** READ at {@code opsPerSecond} over {@code seconds}, every operation 1 ms. */
  static OperationSummary read(double opsPerSecond, int seconds) {
    return read(opsPerSecond, seconds, 1000);
  }

  /** READ at {@code opsPerSecond} over {@code seconds}, every operation {@code micros} µs. */
  static OperationSummary read(double opsPerSecond, int seconds, double micros) {
    long n = Math.round(opsPerSecond * seconds);
    return new OperationSummary("READ", Map.of("OK", n), opsPerSecond,
        new LatencyStats(n, micros, micros, micros, micros, micros, micros, micros, micros),
        Optional.empty());
  }

  /** SCAN at {@code opsPerSecond}, each returning {@code documents} documents of 2 KB. */
  static OperationSummary scan(double opsPerSecond, long documents) {
    OperationSummary r = read(opsPerSecond, 20);
    long n = r.total();
    return new OperationSummary("SCAN", r.counts(), opsPerSecond, r.serviceTime(), Optional.empty(),
        Map.of("documents", new MetricStats(n, n * documents, documents, documents, documents,
            documents, documents, documents, documents, documents),
            "bytes", new MetricStats(n, n * documents * 2048, documents * 2048.0, 0, 0, 0, 0, 0, 0,
                documents * 2048)));
  }

  static void write(Path file, String text) {
    try {
      Files.createDirectories(file.getParent());
      Files.writeString(file, text);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
