package dev.refarch.experiments.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.refarch.ycsb.measure.HdrLogs;
import dev.refarch.ycsb.measure.LatencyStats;
import dev.refarch.ycsb.measure.OperationSummary;
import dev.refarch.ycsb.measure.Summary;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The merge arithmetic: histograms are a union, throughput is the operations of the clients'
 * common measured window divided by its length, and the merged log keeps each interval in its
 * own slot.
 */
class PhaseMergeTest {

  private static final long T0 = 1_700_000_000_000L;

  @Test
  void mergingFourClientsEqualsTheHistogramOfAllTheirOperations(@TempDir Path dir) {
    Random random = new Random(11);
    Histogram all = new Histogram(3);
    List<ClientOutput> clients = new ArrayList<>();
    for (int c = 0; c < 4; c++) {
      ClientFolder client = new ClientFolder(T0).measured(0, 3000);
      for (int i = 0; i < 2_000 + c * 500; i++) {
        // each client has its own latency level, as clients on different hosts do
        long value = (long) ((100_000 + c * 150_000) * Math.exp(0.7 * random.nextGaussian()));
        client.second(i % 3, 1, value);
        all.recordValue(value);
      }
      clients.add(client.write(dir.resolve("client-" + c)));
    }
    PhaseMerge.Merged merged = PhaseMerge.merge(clients, 1000, 1000);

    assertThat(merged.histograms().get("READ.service")).isEqualTo(all);
    OperationSummary read = merged.summary().operation("READ").orElseThrow();
    assertThat(read.serviceTime()).isEqualTo(LatencyStats.of(all));
    assertThat(read.counts()).isEqualTo(Map.of("OK", all.getTotalCount()));
    assertThat(read.throughput()).isCloseTo(all.getTotalCount() / 3.0, within(1e-9));
  }

  @Test
  void throughputIsTheCommonWindowsOperationsOverItsLengthNotTheSumOfTheClientsRates(
      @TempDir Path dir) {
    // A runs alone for 3 s at 150 ops/s, then beside B at 100 ops/s each until both stop at 10 s
    ClientFolder a = new ClientFolder(T0).measured(0, 10_000);
    ClientFolder b = new ClientFolder(T0).measured(3_000, 10_000);
    for (int s = 0; s < 10; s++) {
      a.second(s, s < 3 ? 150 : 100, 1_000_000);
      if (s >= 3) {
        b.second(s, 100, 1_000_000);
      }
    }
    List<ClientOutput> clients = List.of(a.write(dir.resolve("a")), b.write(dir.resolve("b")));
    double sumOfRates = clients.stream().mapToDouble(c -> c.throughput().get("READ")).sum();

    PhaseMerge.Merged merged = PhaseMerge.merge(clients, 1000, 1000);

    assertThat(sumOfRates).isCloseTo(215, within(1e-9));
    assertThat(merged.window()).isEqualTo(new PhaseMerge.Window(T0 + 3_000, T0 + 10_000, true));
    OperationSummary read = merged.summary().operation("READ").orElseThrow();
    assertThat(read.counts()).isEqualTo(Map.of("OK", 1400L));
    assertThat(read.throughput()).isCloseTo(200, within(1e-9));
    assertThat(merged.summary().measuredFromEpochMs()).isEqualTo(T0 + 3_000);
    assertThat(merged.summary().measuredSeconds()).isEqualTo(7.0);
    assertThat(merged.perSlot()).hasSize(7).allSatisfy((slot, n) -> assertThat(n).isEqualTo(200));
  }

  @Test
  void latencyOutsideTheCommonWindowIsLeftOut(@TempDir Path dir) {
    ClientFolder a = new ClientFolder(T0).measured(0, 5_000);
    ClientFolder b = new ClientFolder(T0).measured(2_000, 5_000);
    for (int s = 0; s < 5; s++) {
      // while B is not yet measuring, A alone sees slow operations
      a.second(s, 100, s < 2 ? 9_000_000 : 1_000_000);
      if (s >= 2) {
        b.second(s, 100, 1_000_000);
      }
    }
    PhaseMerge.Merged merged = PhaseMerge.merge(
        List.of(a.write(dir.resolve("a")), b.write(dir.resolve("b"))), 1000, 1000);

    LatencyStats read = merged.summary().operation("READ").orElseThrow().serviceTime();
    assertThat(read.count()).isEqualTo(600);
    assertThat(read.max()).isLessThan(1_001.0);
  }

  @Test
  void windowStartsAtTheFirstBoundaryAfterTheLastWarmupAndEndsAtTheLastBeforeTheFirstStop(
      @TempDir Path dir) {
    ClientFolder a = new ClientFolder(T0).measured(1_400, 9_700);
    ClientFolder b = new ClientFolder(T0).measured(2_200, 8_900);
    for (int s = 0; s < 10; s++) {
      a.second(s, 10, 1_000_000);
      b.second(s, 10, 1_000_000);
    }
    PhaseMerge.Window w = PhaseMerge.commonWindow(
        List.of(a.write(dir.resolve("a")), b.write(dir.resolve("b"))), 1000);
    assertThat(w).isEqualTo(new PhaseMerge.Window(T0 + 3_000, T0 + 8_000, true));
  }

  @Test
  void windowsOverlappingByLessThanAnIntervalFallBackToTheSumOfRatesAndSaySo(@TempDir Path dir) {
    ClientFolder a = new ClientFolder(T0).measured(0, 2_000).second(0, 50, 1_000_000).second(1, 50, 1_000_000);
    ClientFolder b = new ClientFolder(T0).measured(1_500, 2_400).second(1, 90, 1_000_000);
    PhaseMerge.Merged merged = PhaseMerge.merge(
        List.of(a.write(dir.resolve("a")), b.write(dir.resolve("b"))), 1000, 1000);

    assertThat(merged.window().common()).isFalse();
    assertThat(merged.summary().operation("READ").orElseThrow().throughput())
        .isCloseTo(50 + 100, within(1e-9));
    assertThat(merged.summary().notes()).anyMatch(n -> n.contains("overlap by less than one interval"));
  }

  @Test
  void aClientsFirstIntervalLandsInItsOwnSlotOfTheMergedLog(@TempDir Path dir) {
    // the session started 600 ms into a second: its first interval is short, the next one whole
    ClientFolder client = new ClientFolder(T0).measured(600, 3_000).firstIntervalStartsAt(600)
        .second(0, 40, 1_000_000).second(1, 100, 2_000_000).second(2, 100, 3_000_000);
    Path out = dir.resolve("run.hlog");
    MergedLog.write(List.of(client.write(dir.resolve("c"))), 1000, out);

    List<Histogram> intervals = HdrLogs.intervals(out);
    assertThat(intervals).extracting(Histogram::getStartTimeStamp)
        .containsExactly(T0, T0 + 1000, T0 + 2000);
    assertThat(intervals).extracting(Histogram::getTotalCount).containsExactly(40L, 100L, 100L);
  }

  @Test
  void mergedLogHoldsOneHistogramPerTagAndIntervalAndTheSameTotal(@TempDir Path dir) {
    List<ClientOutput> clients = new ArrayList<>();
    Histogram all = new Histogram(3);
    for (int c = 0; c < 4; c++) {
      ClientFolder client = new ClientFolder(T0).measured(0, 3000).warmupSecond(0, 5, 7_000_000);
      for (int i = 0; i < 300; i++) {
        long value = 1_000 + 7L * i + c;
        client.second(i % 3, 1, value);
        all.recordValue(value);
      }
      clients.add(client.write(dir.resolve("c" + c)));
    }
    Path out = dir.resolve("run.hlog");
    MergedLog.write(clients, 1000, out);
    List<Histogram> intervals = HdrLogs.intervals(out);
    assertThat(intervals).extracting(h -> h.getStartTimeStamp() + " " + h.getTag())
        .containsExactly(T0 + " READ.service", T0 + " READ.service.warmup",
            (T0 + 1000) + " READ.service", (T0 + 2000) + " READ.service");
    assertThat(HdrLogs.totalsByTag(out).get("READ.service")).isEqualTo(all);
    Summary s = PhaseMerge.merge(clients, 1000, 1000).summary();
    assertThat(s.operation("READ").orElseThrow().serviceTime().count()).isEqualTo(1200);
  }
}
