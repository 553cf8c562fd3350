package dev.refarch.experiments.results;

import static org.assertj.core.api.Assertions.assertThat;

import dev.refarch.ycsb.measure.HdrLogs;
import dev.refarch.ycsb.measure.LatencyStats;
import dev.refarch.ycsb.measure.Summary;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Merging clients is a histogram union: the merge of 4 clients equals one histogram of all values. */
class PhaseMergeTest {

  private static final long T0 = 1_700_000_000_000L;

  /** Writes a client folder whose READ.service values are {@code values}, over 3 intervals. */
  private static ClientOutput client(Path dir, long[] values, long ok, double throughput)
      throws Exception {
    Files.createDirectories(dir);
    try (PrintStream out = new PrintStream(dir.resolve("latency.hlog").toFile())) {
      HistogramLogWriter w = new HistogramLogWriter(out);
      w.outputLogFormatVersion();
      w.outputStartTime(T0);
      w.setBaseTime(T0);
      w.outputLegend();
      for (int interval = 0; interval < 3; interval++) {
        Histogram h = new Histogram(3);
        for (int i = interval; i < values.length; i += 3) {
          h.recordValue(values[i]);
        }
        h.setTag("READ.service");
        // clients' intervals start a few milliseconds apart, as real ones do
        h.setStartTimeStamp(T0 + interval * 1000L + dir.getFileName().toString().length());
        h.setEndTimeStamp(T0 + interval * 1000L + 1000);
        w.outputIntervalHistogram(h);
      }
    }
    Files.writeString(dir.resolve("summary.json"), "{\"startEpochMs\": " + T0
        + ", \"measuredFromEpochMs\": " + T0 + ", \"endEpochMs\": " + (T0 + 3000)
        + ", \"warmup\": \"0s\", \"warmupOperations\": 0, \"notes\": [\"n\"], \"operations\": {\"READ\":"
        + " {\"counts\": {\"OK\": " + ok + "}, \"throughput\": " + throughput + "}}}");
    Files.writeString(dir.resolve("timeline.csv"), "epoch_ms,operation,successes,failures,OK\n"
        + T0 + ",READ," + ok + ",0," + ok + "\n");
    return ClientOutput.read(dir);
  }

  @Test
  void mergingFourClientsEqualsTheHistogramOfAllTheirOperations(@TempDir Path dir) throws Exception {
    Random random = new Random(11);
    Histogram all = new Histogram(3);
    List<ClientOutput> clients = new ArrayList<>();
    for (int c = 0; c < 4; c++) {
      long[] values = new long[2_000 + c * 500];
      for (int i = 0; i < values.length; i++) {
        // each client has its own latency level, as clients on different hosts do
        values[i] = (long) ((100_000 + c * 150_000) * Math.exp(0.7 * random.nextGaussian()));
        all.recordValue(values[i]);
      }
      clients.add(client(dir.resolve("client-" + c), values, values.length, 100 + c));
    }
    PhaseMerge.Merged merged = PhaseMerge.merge(clients, 1000);

    assertThat(merged.histograms().get("READ.service")).isEqualTo(all);
    Summary s = merged.summary();
    assertThat(s.operation("READ").orElseThrow().serviceTime()).isEqualTo(LatencyStats.of(all));
    assertThat(s.operation("READ").orElseThrow().counts()).isEqualTo(Map.of("OK", all.getTotalCount()));
    assertThat(s.operation("READ").orElseThrow().throughput()).isEqualTo(100 + 101 + 102 + 103);
    assertThat(merged.timeline().rows().get(0).successes()).isEqualTo(all.getTotalCount());
  }

  @Test
  void mergedLogHoldsOneHistogramPerTagAndIntervalAndTheSameTotal(@TempDir Path dir) throws Exception {
    List<ClientOutput> clients = new ArrayList<>();
    Histogram all = new Histogram(3);
    for (int c = 0; c < 4; c++) {
      long[] values = new long[300];
      for (int i = 0; i < values.length; i++) {
        values[i] = 1_000 + 7L * i + c;
        all.recordValue(values[i]);
      }
      clients.add(client(dir.resolve("c" + "x".repeat(c)), values, 300, 1));
    }
    Path out = dir.resolve("run.hlog");
    PhaseMerge.writeMergedLog(clients, 1000, out);
    List<Histogram> intervals = HdrLogs.intervals(out);
    assertThat(intervals).hasSize(3);
    assertThat(intervals).extracting(Histogram::getStartTimeStamp)
        .containsExactly(T0, T0 + 1000, T0 + 2000);
    assertThat(HdrLogs.totalsByTag(out).get("READ.service")).isEqualTo(all);
  }
}
