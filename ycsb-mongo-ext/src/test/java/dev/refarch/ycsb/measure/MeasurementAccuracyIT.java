package dev.refarch.ycsb.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.refarch.ycsb.testing.SyntheticDb;
import dev.refarch.ycsb.testing.YcsbProcess;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The measurement extensions against ground truth: the stock YCSB client drives
 * {@link MeasuredDb} around {@link SyntheticDb}, whose operations take a known, seeded time that it
 * writes down itself.
 */
class MeasurementAccuracyIT {

  private static final Duration TIMEOUT = Duration.ofMinutes(2);
  private static final ObjectMapper JSON = new ObjectMapper();

  private static Map<String, String> props(Path dir, int operations, int threads) {
    Map<String, String> p = new HashMap<>();
    p.put("workload", "site.ycsb.workloads.CoreWorkload");
    p.put("recordcount", "1000");
    p.put("operationcount", String.valueOf(operations));
    p.put("readproportion", "1");
    p.put("updateproportion", "0");
    p.put("threadcount", String.valueOf(threads));
    p.put("measurement.delegate", SyntheticDb.class.getName());
    p.put("measurement.dir", dir.resolve("client").toString());
    p.put("synthetic.truthDir", dir.resolve("truth").toString());
    return p;
  }

  private static YcsbProcess.Result run(Map<String, String> props) throws Exception {
    YcsbProcess.Result r = YcsbProcess.run("-t", MeasuredDb.class.getName(), props, TIMEOUT);
    assertThat(r.exitCode()).as(r.all()).isZero();
    return r;
  }

  /** Every truth line: start nanos, duration nanos, status. */
  private static List<String[]> truth(Path dir) throws IOException {
    List<String[]> lines = new ArrayList<>();
    try (Stream<Path> files = Files.list(dir.resolve("truth"))) {
      for (Path f : files.toList()) {
        Files.readAllLines(f).forEach(l -> lines.add(l.split(" ")));
      }
    }
    return lines;
  }

  /** Truth lines as {start, duration} nanos, in the order the operations started. */
  private static long[][] byStart(List<String[]> truth) {
    return truth.stream().map(l -> new long[] {Long.parseLong(l[0]), Long.parseLong(l[1])})
        .sorted(java.util.Comparator.comparingLong(o -> o[0])).toArray(long[][]::new);
  }

  private static JsonNode summary(Path dir) throws IOException {
    return JSON.readTree(dir.resolve("client").resolve(MeasurementSession.SUMMARY_JSON).toFile());
  }

  /** The exact percentile of sorted values: the smallest value with at least p% at or below it. */
  private static double exactPercentile(long[] sorted, double p) {
    // decimal arithmetic: 99.9 / 100 * 12000 is 11988.000000000002 in doubles, one rank too far
    int rank = java.math.BigDecimal.valueOf(p).multiply(java.math.BigDecimal.valueOf(sorted.length))
        .divide(java.math.BigDecimal.valueOf(100)).setScale(0, java.math.RoundingMode.CEILING).intValueExact();
    return sorted[Math.max(0, rank - 1)];
  }

  @Test
  void everyPercentileIsWithinOnePercentOfTheTruth(@TempDir Path dir) throws Exception {
    // the first operations run before the JIT has compiled the measuring code; leaving them out
    // as warm-up on both sides compares the steady state, as a real run would
    // one thread leaves a core free, so that the truth is not dominated by preemption
    Map<String, String> p = props(dir, 12_000, 1);
    // long operations make the measuring code's few hundred nanoseconds a negligible share
    p.put("synthetic.medianUs", "500");
    p.put("measurement.warmup", "2000ops");
    run(p);
    Envelope envelope = Envelope.of(truth(dir), 2_000);
    assertThat(envelope.size()).isEqualTo(10_000);
    JsonNode service = summary(dir).get("operations").get("READ").get("serviceTime");
    assertThat(service.get("count").asLong()).isEqualTo(10_000);
    for (var percentile : LatencyStats.PERCENTILES.entrySet()) {
      double lowUs = exactPercentile(envelope.low(), percentile.getValue()) / 1000.0;
      double highUs = exactPercentile(envelope.high(), percentile.getValue()) / 1000.0;
      assertThat(service.get(percentile.getKey()).asDouble())
          .as("%s: truth %.1f us, truth with the time between operations %.1f us (%d gaps over 50 us)",
              percentile.getKey(), lowUs, highUs, envelope.gapsOver(50_000))
          .isBetween(lowUs * 0.99, highUs * 1.01);
    }
  }

  /**
   * What the client may measure for each operation of one thread. The truth is the time inside
   * the database call; the client's clock reads lie just outside it, in the time between one
   * operation's end and the next one's start that the truth also shows. Usually that gap is a
   * microsecond or two, but when the machine preempts the thread there, the client sees up to the
   * whole gap that the truth cannot. So each measured time lies between the truth and the truth
   * plus the gaps on both sides, and, a percentile being monotone in every value, so does each
   * measured percentile. On a quiet machine the two bounds are a few microseconds apart.
   */
  private record Envelope(long[] low, long[] high, long[] gaps) {

    static Envelope of(List<String[]> truth, int warmup) {
      long[][] ops = byStart(truth);
      int n = ops.length - warmup;
      long[] low = new long[n];
      long[] high = new long[n];
      long[] gaps = new long[n];
      for (int i = 0; i < n; i++) {
        int k = warmup + i;
        long before = ops[k][0] - (ops[k - 1][0] + ops[k - 1][1]);
        // after the last operation the client's final clock read has no later start to bound it
        long after = k + 1 < ops.length ? ops[k + 1][0] - (ops[k][0] + ops[k][1]) : Long.MAX_VALUE / 4;
        low[i] = ops[k][1];
        high[i] = ops[k][1] + before + after;
        gaps[i] = before;
      }
      java.util.Arrays.sort(low);
      java.util.Arrays.sort(high);
      return new Envelope(low, high, gaps);
    }

    int size() {
      return low.length;
    }

    long gapsOver(long nanos) {
      return java.util.Arrays.stream(gaps).filter(g -> g > nanos).count();
    }
  }

  @Test
  void jsonSummaryIsOneDocumentThatMatchesTheHdrLog(@TempDir Path dir) throws Exception {
    Map<String, String> p = props(dir, 3_000, 2);
    p.put("synthetic.medianUs", "50");
    p.put("synthetic.errorEvery", "50");
    run(p);
    String text = Files.readString(dir.resolve("client").resolve(MeasurementSession.SUMMARY_JSON));
    JsonNode read = JSON.readTree(text).get("operations").get("READ");
    assertThat(JSON.readTree(text).isObject()).isTrue();

    Map<String, Histogram> log = HdrLogs.totalsByTag(dir.resolve("client").resolve("latency.hlog"));
    LatencyStats fromLog = LatencyStats.of(log.get("READ.service"));
    assertThat(read.get("serviceTime").get("count").asLong()).isEqualTo(fromLog.count());
    fromLog.figures().forEach((label, value) -> assertThat(read.get("serviceTime").get(label).asDouble())
        .as(label).isCloseTo(value, within(0.0005)));
    assertThat(read.get("counts").get("OK").asLong()).isEqualTo(2_940);
    assertThat(read.get("counts").get("ERROR").asLong()).isEqualTo(60);
    assertThat(log).doesNotContainKey("READ.response");
    assertThat(JSON.readTree(text).get("notes").get(0).asText()).contains("no target throughput");
  }

  @Test
  void warmupRemovesExactlyTheWarmupOperationsFromTheSummary(@TempDir Path dir) throws Exception {
    Map<String, String> p = props(dir, 10_000, 2);
    p.put("synthetic.medianUs", "20");
    p.put("synthetic.errorEvery", "100");
    p.put("measurement.warmup", "2500ops");
    run(p);
    JsonNode summary = summary(dir);
    assertThat(summary.get("warmupOperations").asLong()).isEqualTo(2_500);
    JsonNode counts = summary.get("operations").get("READ").get("counts");
    assertThat(counts.get("OK").asLong() + counts.get("ERROR").asLong()).isEqualTo(7_500);

    Map<String, Histogram> log = HdrLogs.totalsByTag(dir.resolve("client").resolve("latency.hlog"));
    long okInTruth = truth(dir).stream().filter(l -> l[2].equals("OK")).count();
    assertThat(log.get("READ.service").getTotalCount() + log.get("READ.service.warmup").getTotalCount())
        .isEqualTo(okInTruth);
    Timeline timeline = Timeline.readCsv(dir.resolve("client").resolve("timeline.csv"), 1000);
    assertThat(timeline.rows().stream().mapToLong(r -> r.successes() + r.failures()).sum())
        .as("the timeline keeps the warm-up").isEqualTo(10_000);
  }

  @Test
  void aStallShowsInResponseTimesButNotInServiceTimes(@TempDir Path dir) throws Exception {
    Map<String, String> p = props(dir, 8_000, 1);
    p.put("target", "2000");
    p.put("measurement.interval", "both");
    p.put("synthetic.medianUs", "50");
    p.put("synthetic.sigma", "0.2");
    p.put("synthetic.stallAtOperation", "3000");
    p.put("synthetic.stallMs", "400");
    run(p);
    JsonNode read = summary(dir).get("operations").get("READ");
    assertThat(read.get("serviceTime").get("p95").asDouble()).isLessThan(1_000);
    assertThat(read.get("serviceTime").get("max").asDouble()).isGreaterThanOrEqualTo(400_000);
    assertThat(read.get("responseTime").get("p95").asDouble()).isGreaterThan(100_000);

    Map<String, Histogram> log = HdrLogs.totalsByTag(dir.resolve("client").resolve("latency.hlog"));
    long over100msService = log.get("READ.service").getCountBetweenValues(100_000_000L, Long.MAX_VALUE / 2);
    long over100msResponse = log.get("READ.response").getCountBetweenValues(100_000_000L, Long.MAX_VALUE / 2);
    // service times leave the queue behind the stall out: over 100 ms are the stalled operation
    // and, on a loaded machine, any operation the machine itself held up for that long, inside
    // the call (the truth shows it) or around it (the gaps beside it show it); the first
    // operation has no gap before it to bound it
    Envelope envelope = Envelope.of(truth(dir), 1);
    long slowInTruth = java.util.Arrays.stream(envelope.low())
        .filter(v -> v >= 100_000_000L).count();
    long slowWithGaps = java.util.Arrays.stream(envelope.high())
        .filter(v -> v >= 100_000_000L).count();
    assertThat(slowInTruth).as("the stall, in the truth").isGreaterThanOrEqualTo(1);
    assertThat(over100msService).as("the stalled operation, and those the machine held up (%d"
        + " to %d), not the queue behind it", slowInTruth, slowWithGaps + 1)
        .isBetween(slowInTruth, slowWithGaps + 1);
    // YCSB's schedule starts when the thread starts, the truth's at its first operation's start:
    // on a loaded machine they differ by milliseconds (865 against 848 expected was seen, and on
    // a loaded CI machine 2,059 against at most 2,054 for origins 10 ms apart: about 12 ms),
    // which moves operations whose lateness is near 100 ms across the threshold, two per
    // millisecond at this target. The count must lie within what origins 30 ms apart give
    // (thousands; uncorrected it would be 1).
    List<String[]> truth = truth(dir);
    assertThat(over100msResponse).isBetween(expectedQueued(truth, 0.5, 130),
        expectedQueued(truth, 0.5, 70));
  }

  /**
   * Coordinated-omission theory for a throttled client: YCSB schedules operation k of a thread at
   * T0 + k ticks, T0 being when its first operation started, and an operation's response time
   * runs from that due time, not from when it could start. Counted from the truth: operations
   * that completed more than {@code thresholdMs} after they were due.
   */
  private static long expectedQueued(List<String[]> truth, double tickMs, double thresholdMs) {
    long[][] ops = byStart(truth);
    long t0 = ops[0][0];
    long tick = (long) (tickMs * 1e6);
    long queued = 0;
    for (int k = 0; k < ops.length; k++) {
      long end = ops[k][0] + ops[k][1];
      if (end - (t0 + k * tick) > thresholdMs * 1e6) {
        queued++;
      }
    }
    return queued;
  }
}
