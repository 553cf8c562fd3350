package dev.refarch.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.List;
import org.junit.jupiter.api.Test;

class SteadyWindowTest {

  private static long millis(String time) {
    return LocalDateTime.parse(time, SteadyWindow.TIME).atZone(ZoneId.systemDefault()).toInstant()
        .toEpochMilli();
  }

  /** Lines as YCSB 0.17's StatusThread prints them with -s, one with a -l label. */
  private static final String YCSB_OUTPUT = """
      Loading workload...
      Starting test.
      2026-11-26 18:04:24:100 0 sec: 0 operations; est completion in 0 second
      2026-11-26 18:04:25:100 1 sec: 800 operations; 800 current ops/sec; [READ: Count=800, Max=9000]
      2026-11-26 18:04:29:100 5 sec: 10800 operations; 2500 current ops/sec; [READ: Count=10000]
      2026-11-26 18:04:30:100 6 sec: 13800 operations; 3000 current ops/sec; [READ: Count=3000]
      run-c 2026-11-26 18:04:34:100 10 sec: 25800 operations; 3000 current ops/sec; [CLEANUP: Count=16]
      [OVERALL], RunTime(ms), 10000
      [OVERALL], Throughput(ops/sec), 2580.0
      """;

  @Test
  void readsYcsbStatusLinesWithAndWithoutALabel() {
    List<SteadyWindow.Status> s = SteadyWindow.statusLines(YCSB_OUTPUT);
    assertThat(s).extracting(SteadyWindow.Status::elapsedSeconds).containsExactly(0L, 1L, 5L, 6L, 10L);
    assertThat(s.get(4).operations()).isEqualTo(25_800);
    assertThat(s.get(4).epochMillis() - s.get(0).epochMillis()).isEqualTo(10_000);
  }

  @Test
  void theWindowRunsFromTheFirstLineAtTheWarmUpToTheLastAndReadsTheCpuBetween() {
    List<SteadyWindow.CpuSample> cpu = SteadyWindow.cpuSamples(List.of(
        // a periodic sample written after the exit's, as a race may leave them
        millis("2026-11-26 18:04:35:100") + " 13000000000",
        millis("2026-11-26 18:04:23:100") + " 500000000",
        millis("2026-11-26 18:04:29:100") + " 7000000000",
        millis("2026-11-26 18:04:34:600") + " 12500000000",
        "not a sample"));
    SteadyWindow.Figures f = SteadyWindow.of(SteadyWindow.statusLines(YCSB_OUTPUT), cpu, 5);
    // from 5 sec (10,800) to 10 sec (25,800): 15,000 operations in 5 s
    assertThat(f.seconds()).isEqualTo(5.0);
    assertThat(f.throughput()).isCloseTo(3000.0, within(1e-9));
    // CPU at 18:04:29.100 is 7.0 s; at 18:04:34.100, between 29.100 (7.0) and 34.600 (12.5): 12.0 s
    assertThat(f.cpuPerThousand()).isCloseTo(5.0 / 15_000 * 1000, within(1e-9));
  }

  @Test
  void aWarmUpWithoutTwoLinesAfterItOrCpuOutsideTheSamplesGivesNoFigure() {
    List<SteadyWindow.Status> s = SteadyWindow.statusLines(YCSB_OUTPUT);
    List<SteadyWindow.CpuSample> cpu = List.of(
        new SteadyWindow.CpuSample(millis("2026-11-26 18:04:20:000"), 0),
        new SteadyWindow.CpuSample(millis("2026-11-26 18:04:40:000"), 20_000_000_000L));
    assertThat(SteadyWindow.of(s, cpu, 10)).isEqualTo(SteadyWindow.Figures.NONE);
    assertThat(SteadyWindow.of(List.of(), cpu, 0)).isEqualTo(SteadyWindow.Figures.NONE);
    SteadyWindow.Figures noCpu = SteadyWindow.of(s, cpu.subList(0, 1), 5);
    assertThat(noCpu.throughput()).isCloseTo(3000.0, within(1e-9));
    assertThat(noCpu.cpuPerThousand()).isNaN();
  }

  @Test
  void cpuIsInterpolatedBetweenSamplesAndNotOutsideThem() {
    List<SteadyWindow.CpuSample> cpu = List.of(new SteadyWindow.CpuSample(1000, 0),
        new SteadyWindow.CpuSample(2000, 1_000_000), new SteadyWindow.CpuSample(2000, 1_000_000));
    assertThat(SteadyWindow.cpuAt(cpu, 1250)).isEqualTo(250_000.0);
    assertThat(SteadyWindow.cpuAt(cpu, 2000)).isEqualTo(1_000_000.0);
    assertThat(SteadyWindow.cpuAt(cpu, 999)).isNaN();
    assertThat(SteadyWindow.cpuAt(cpu, 2001)).isNaN();
  }
}
