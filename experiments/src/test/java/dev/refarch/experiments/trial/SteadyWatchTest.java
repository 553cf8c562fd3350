package dev.refarch.experiments.trial;

import static org.assertj.core.api.Assertions.assertThat;

import dev.refarch.experiments.spec.SteadyRule;
import dev.refarch.experiments.spec.UntilSteady;
import dev.refarch.ycsb.measure.MeasuringMark;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reading clients' HDR logs while they are written, and stopping them once steady. */
class SteadyWatchTest {

  /** Seconds ago, on a second boundary, so that every slot of the test is complete. */
  private static final long T0 = (System.currentTimeMillis() / 1000 - 120) * 1000;
  private static final UntilSteady RULE = new UntilSteady(new SteadyRule(6, 0.10, 0.25),
      Duration.ofSeconds(60));

  /** The log's header, then one interval line per second: warm-up seconds, then measured ones. */
  private static String log(int warmupSeconds, long... measured) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
    HistogramLogWriter w = new HistogramLogWriter(out);
    w.outputLogFormatVersion();
    w.outputStartTime(T0);
    w.setBaseTime(T0);
    w.outputLegend();
    for (int s = 0; s < warmupSeconds + measured.length; s++) {
      Histogram h = new Histogram(3);
      boolean warm = s < warmupSeconds;
      h.recordValueWithCount(1_000_000, warm ? 50 : measured[s - warmupSeconds]);
      h.setTag(warm ? "READ.service.warmup" : "READ.service");
      // the session's first interval starts mid-second, the others a few ms after a boundary
      h.setStartTimeStamp(T0 + s * 1000L + (s == 0 ? 400 : 3));
      h.setEndTimeStamp(T0 + s * 1000L + 1003);
      w.outputIntervalHistogram(h);
    }
    return bytes.toString(StandardCharsets.UTF_8);
  }

  private static Path client(Path dir, String name, String log) throws Exception {
    Path c = dir.resolve(name);
    Files.createDirectories(c.resolve("measurements"));
    Files.writeString(c.resolve("measurements").resolve("latency.hlog"), log);
    return c;
  }

  @Test
  void aLineStillBeingWrittenIsLeftForTheNextPoll(@TempDir Path dir) throws Exception {
    String full = log(0, 100, 100, 100);
    int cut = full.lastIndexOf("Tag=") + 10;
    Path file = client(dir, "c", full.substring(0, cut)).resolve("measurements/latency.hlog");
    LiveLog live = new LiveLog(file, 1000);
    live.poll();
    assertThat(live.measured()).hasSize(2);
    Files.writeString(file, full.substring(cut), StandardOpenOption.APPEND);
    live.poll();
    assertThat(live.measured().values()).containsExactly(100L, 100L, 100L);
  }

  @Test
  void aClientCountsFromTheSlotAfterItsWarmupAndAfterItsFirstPartialInterval(@TempDir Path dir)
      throws Exception {
    LiveLog warm = new LiveLog(client(dir, "w", log(3, 100, 100)).resolve(
        "measurements/latency.hlog"), 1000);
    warm.poll();
    assertThat(warm.measuredFrom()).hasValue(T0 + 3000);
    LiveLog cold = new LiveLog(client(dir, "c", log(0, 100, 100)).resolve(
        "measurements/latency.hlog"), 1000);
    cold.poll();
    assertThat(cold.measuredFrom()).hasValue(T0 + 1000);
  }

  /**
   * A warm-up that ends just after a slot boundary, before the interval writer's boundary a few
   * ms later, leaves its last warm-up histogram in the slot before: the slot the merged figures
   * leave out (they count from the first boundary at or after the measured window's start). The
   * client's measuring mark says where that start was, and the live series starts there too.
   */
  @Test
  void aClientCountsFromTheFirstSlotBoundaryAtOrAfterItsMarkedStart(@TempDir Path dir)
      throws Exception {
    assertThat(markedClient(dir, "late", T0 + 3_001).measuredFrom()).hasValue(T0 + 4_000);
    assertThat(markedClient(dir, "exact", T0 + 3_000).measuredFrom()).hasValue(T0 + 3_000);
  }

  /** A client of three warm-up seconds whose mark says it measured from {@code fromMs}, polled. */
  private static LiveLog markedClient(Path dir, String name, long fromMs) throws Exception {
    Path c = client(dir, name, log(3, 100, 100, 100));
    Files.writeString(c.resolve("measurements").resolve(MeasuringMark.FILE),
        Long.toString(fromMs));
    LiveLog live = new LiveLog(c.resolve("measurements/latency.hlog"), 1000);
    live.poll();
    return live;
  }

  @Test
  void theSeriesAddsTheClientsFromWhenTheLastOneMeasures(@TempDir Path dir) throws Exception {
    Path a = client(dir, "a", log(0, 100, 100, 100, 100, 100));
    Path b = client(dir, "b", log(2, 40, 40, 40));
    try (SteadyWatch watch = new SteadyWatch(RULE, List.of(a, b), 1000, () -> { })) {
      watch.poll();
      // b measures from its third second; a second later than now minus a second is incomplete
      assertThat(watch.series(T0 + 6_000)).containsOnlyKeys(T0 + 2_000, T0 + 3_000, T0 + 4_000)
          .containsValues(140L);
      assertThat(watch.series(T0 + 7_000)).containsEntry(T0 + 5_000, 0L);
      assertThat(watch.stopped()).isFalse();
    }
  }

  @Test
  void stopsTheClientsOnceTheLastWindowIsSteady(@TempDir Path dir) throws Exception {
    Path a = client(dir, "a", log(2, 500, 520, 480, 510, 490, 505, 495));
    CountDownLatch stopped = new CountDownLatch(1);
    // now is the end of its last second plus the grace: every written slot is complete
    try (SteadyWatch watch = new SteadyWatch(RULE, List.of(a), 1000, stopped::countDown,
        () -> T0 + 10_000).start()) {
      assertThat(stopped.await(30, TimeUnit.SECONDS)).as("stop requested").isTrue();
      assertThat(watch.stopped()).isTrue();
      assertThat(watch.failure()).isEmpty();
    }
  }

  /**
   * A run whose throughput holds a level for a while before jumping (a fresh JVM's code compiled
   * in tiers) is not stopped on that level while less than {@code min} has been measured.
   */
  @Test
  void aSteadyWindowStopsNothingBeforeTheMinimumIsMeasured(@TempDir Path dir) throws Exception {
    UntilSteady atLeast12 = new UntilSteady(new SteadyRule(6, 0.10, 0.25),
        Duration.ofSeconds(60), Duration.ofSeconds(12));
    Path a = client(dir, "a", log(2, 500, 520, 480, 510, 490, 505, 495));
    List<Integer> stops = new java.util.ArrayList<>();
    try (SteadyWatch watch = new SteadyWatch(atLeast12, List.of(a), 1000, () -> stops.add(1),
        () -> T0 + 10_000)) {
      watch.poll();
      assertThat(watch.stopped()).isFalse();
      assertThat(stops).isEmpty();
    }
    // the same seconds and six more at the level: 13 s measured, the last window steady
    Path b = client(dir, "b", log(2, 500, 520, 480, 510, 490, 505, 495, 500, 510, 490, 500, 505,
        495));
    try (SteadyWatch watch = new SteadyWatch(atLeast12, List.of(b), 1000, () -> stops.add(1),
        () -> T0 + 16_000)) {
      watch.poll();
      assertThat(watch.stopped()).isTrue();
      assertThat(stops).hasSize(1);
    }
  }
}
