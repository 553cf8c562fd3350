package dev.refarch.bench;

import dev.refarch.ycsb.measure.MeasurementSession;
import dev.refarch.ycsb.measure.MeasurementSettings;
import dev.refarch.ycsb.measure.Metric;
import dev.refarch.ycsb.measure.Operation;
import dev.refarch.ycsb.measure.ThreadMeter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import site.ycsb.Status;
import site.ycsb.measurements.Measurements;

/**
 * What measuring costs per recorded operation, in nanoseconds: {@link ThreadMeter} as the
 * binding calls it around every operation, beside the two clock reads any latency measurement
 * makes and YCSB's own HdrHistogram measurement as {@code DBWrapper} calls it. Run with
 * {@code src/bin/bench-jmh} ({@code -t 2} for two threads).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 3, jvmArgsAppend = "-Xmx512m")
public class ThreadMeterBenchmark {

  /** One measurement session per trial, as one client JVM has; its files go to a temporary folder. */
  @State(Scope.Benchmark)
  public static class Session {
    Path dir;
    MeasurementSettings settings;
    Measurements ycsb;

    @Setup(Level.Trial)
    public void open() throws IOException {
      dir = Files.createTempDirectory("thread-meter-bench");
      settings = MeasurementSettings.fromProperties(Map.of("measurement.dir", dir.toString()),
          dir);
      Properties p = new Properties();
      p.setProperty("measurementtype", "hdrhistogram");
      ycsb = new Measurements(p);
    }

    @TearDown(Level.Trial)
    public void delete() throws IOException {
      try (var files = Files.walk(dir)) {
        files.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
      }
    }
  }

  /** One meter per benchmark thread, as one per YCSB thread. */
  @State(Scope.Thread)
  public static class Meter {
    ThreadMeter meter;

    @Setup(Level.Trial)
    public void join(Session session) {
      meter = MeasurementSession.join(session.settings);
    }

    @TearDown(Level.Trial)
    public void leave() {
      MeasurementSession.leave(meter);
    }
  }

  /** The two clock reads any latency measurement makes: the floor of every figure below. */
  @Benchmark
  public long clockPair() {
    long start = System.nanoTime();
    return System.nanoTime() - start;
  }

  /** One read recorded by this library: service time, status count and timeline bucket. */
  @Benchmark
  public void threadMeter(Meter m) {
    long start = m.meter.start();
    m.meter.record(Operation.READ, start, Status.OK);
  }

  /** One scan recorded with its two quantities (documents, bytes). */
  @Benchmark
  public void threadMeterScan(Meter m) {
    long start = m.meter.start();
    m.meter.record(Operation.SCAN, start, Status.OK);
    m.meter.recordValue(Metric.SCAN_DOCUMENTS, 50);
    m.meter.recordValue(Metric.SCAN_BYTES, 55_000);
  }

  /** YCSB's own measurement of one operation, as its {@code DBWrapper} makes it. */
  @Benchmark
  public void ycsbHdrHistogram(Session s) {
    long start = System.nanoTime();
    long end = System.nanoTime();
    s.ycsb.measure("READ", (int) ((end - start) / 1000));
    s.ycsb.reportStatus("READ", Status.OK);
  }
}
