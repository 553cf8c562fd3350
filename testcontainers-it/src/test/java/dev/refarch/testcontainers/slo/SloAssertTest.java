package dev.refarch.testcontainers.slo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.refarch.experiments.results.TrialResult;
import dev.refarch.experiments.results.TrialResult.PhaseResult;
import dev.refarch.platform.spi.Phase;
import dev.refarch.platform.spi.PlatformState;
import dev.refarch.ycsb.measure.LatencyStats;
import dev.refarch.ycsb.measure.OperationSummary;
import dev.refarch.ycsb.measure.Summary;
import dev.refarch.ycsb.measure.Warmup;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SloAssertTest {

  static final long START = 1_795_000_000_000L;
  static final LatencyStats UPDATE_SPECTRUM =
      new LatencyStats(1998, 412.3, 380, 601, 702, 812, 1520, 3100, 4200);

  @TempDir
  Path folder;

  /** A completed trial whose run measured READ and UPDATE for 20 s; trial.json says target 200. */
  TrialResult trial() throws IOException {
    Files.writeString(folder.resolve("trial.json"),
        "{\"parameters\": {\"target\": \"200.0\", \"threads\": \"4\"}}");
    OperationSummary read = new OperationSummary("READ", Map.of("OK", 2000L), 100.0,
        new LatencyStats(2000, 300, 280, 500, 600, 700, 900, 1000, 1100), Optional.empty());
    OperationSummary update = new OperationSummary("UPDATE",
        Map.of("OK", 1998L, "SERVICE_UNAVAILABLE", 2L), 99.8, UPDATE_SPECTRUM, Optional.empty());
    return result(List.of(), List.of(read, update), List.of());
  }

  TrialResult result(List<String> failures, List<OperationSummary> ops, List<String> notes) {
    Summary summary = new Summary(START, START, START + 20_000, Warmup.none(), 0, ops, notes);
    PhaseResult run = new PhaseResult(Phase.RUN, List.of(), Optional.of(summary),
        Optional.empty());
    return new TrialResult("slo", "workload-a-200ops", failures, START, START + 30_000,
        Map.of(Phase.RUN, run), PlatformState.empty(), Map.of(), 1.0, 0.1, folder, List.of());
  }

  @Test
  void passesWhenThePercentileIsBelowTheLimit() throws IOException {
    SloAssert.assertThat(trial())
        .operation("UPDATE").percentile(99).isBelow(Duration.ofMillis(10))
        .operation("read").percentile(99.9).isBelow(Duration.ofMillis(1))
        .throughputIsAtLeast(199);

    assertThat(Slo.of("UPDATE", 99, Duration.ofMillis(10)).check(trial())).isEqualTo(812.0);
  }

  @ParameterizedTest
  @ValueSource(strings = {"ROOT", "de-DE"})
  void violationShowsTrialTargetThroughputAndTheWholeSpectrum(String locale) throws IOException {
    Locale before = Locale.getDefault();
    Locale.setDefault(locale.equals("ROOT") ? Locale.ROOT : Locale.forLanguageTag(locale));
    try {
      TrialResult r = trial();
      assertThatThrownBy(() -> SloAssert.assertThat(r).operation("UPDATE").percentile(99)
          .isBelow(Duration.ofNanos(1_000)))
          .isInstanceOf(SloViolation.class)
          .hasMessage("SLO violated: UPDATE service time p99 below 1.00 µs, measured 812 µs\n"
              + "  trial slo/workload-a-200ops (" + folder + ")\n"
              + "  run phase: target 200 ops/s, achieved 199.8 ops/s over 20.0 s measured\n"
              + "  UPDATE: 2000 operations (OK=1998, SERVICE_UNAVAILABLE=2)\n"
              + "  UPDATE service time over 1998 successful operations: mean 412 µs, p50 380 µs,"
              + " p90 601 µs, p95 702 µs, p99 812 µs, p99.9 1.52 ms, p99.99 3.10 ms, max 4.20 ms");
    } finally {
      Locale.setDefault(before);
    }
  }

  @Test
  void violationKeepsObjectiveAndMeasurement() throws IOException {
    TrialResult r = trial();
    SloViolation v = org.junit.jupiter.api.Assertions.assertThrows(SloViolation.class,
        () -> Slo.of("UPDATE", 99.99, Duration.ofMillis(2)).check(r));

    assertThat(v.objective()).isEqualTo("UPDATE service time p99.99 below 2.00 ms");
    assertThat(v.measuredMicros()).isEqualTo(3100.0);
  }

  @Test
  void withoutTargetTheMessageSaysUnthrottled() throws IOException {
    TrialResult r = trial();
    Files.delete(folder.resolve("trial.json"));

    assertThatThrownBy(() -> Slo.of("READ", 50, Duration.ofMillis(0).plusNanos(1)).check(r))
        .hasMessageContaining("run phase: no target (unthrottled), achieved 199.8 ops/s");
  }

  @Test
  void aFailedTrialIsNotJudged() {
    TrialResult r = result(List.of("client run-0 exited 1: connection refused"), List.of(),
        List.of());

    assertThatThrownBy(() -> Slo.of("UPDATE", 99, Duration.ofMillis(10)).check(r))
        .isInstanceOf(SloViolation.class)
        .hasMessageStartingWith("SLO not judged: UPDATE service time p99 below 10.0 ms: the trial"
            + " failed: client run-0 exited 1: connection refused");
  }

  @Test
  void anOperationThatDidNotRunNamesThoseThatDid() throws IOException {
    TrialResult r = trial();

    assertThatThrownBy(() -> SloAssert.assertThat(r).operation("SCAN").percentile(99)
        .isBelow(Duration.ofMillis(10)))
        .hasMessageContaining("SCAN did not run; operations that ran: READ, UPDATE");
  }

  @Test
  void responseTimeWithoutTargetSaysWhatItNeeds() throws IOException {
    TrialResult r = result(List.of(), trial().summary(Phase.RUN).orElseThrow().operations(),
        List.of("response times not recorded: measurement.interval=op"));

    assertThatThrownBy(() -> SloAssert.assertThat(r).operation("UPDATE").responseTime()
        .percentile(99).isBelow(Duration.ofMillis(10)))
        .hasMessageContaining("SLO not judged: UPDATE response time p99 below 10.0 ms: no"
            + " response times were recorded: they need a target throughput and"
            + " measurement.interval=intended; notes: [response times not recorded");
  }

  @Test
  void anyPercentileComesFromTheMergedHdrLog() throws IOException {
    TrialResult r = trial();
    Histogram h = new Histogram(3);
    for (long us = 1; us <= 1000; us++) {
      h.recordValue(us * 1000);
    }
    h.setTag("UPDATE.service");
    h.setStartTimeStamp(START);
    h.setEndTimeStamp(START + 1000);
    try (PrintStream out = new PrintStream(folder.resolve("run.hlog").toFile())) {
      HistogramLogWriter writer = new HistogramLogWriter(out);
      writer.outputLogFormatVersion();
      writer.outputStartTime(START);
      writer.outputIntervalHistogram(h);
    }

    assertThat(Slo.of("UPDATE", 99.5, Duration.ofSeconds(1)).check(r)).isCloseTo(995, within(2.0));
    assertThat(Slo.of("UPDATE", 99, Duration.ofSeconds(1)).check(r)).isCloseTo(990, within(2.0));
  }

  @Test
  void anUnusualPercentileWithoutTheLogSaysSo() throws IOException {
    TrialResult r = trial();

    assertThatThrownBy(() -> Slo.of("UPDATE", 99.5, Duration.ofSeconds(1)).check(r))
        .hasMessageContaining("percentile 99.5 needs the trial's run.hlog");
  }

  @Test
  void throughputBelowTheObjectiveShowsCounts() throws IOException {
    TrialResult r = trial();

    assertThatThrownBy(() -> SloAssert.assertThat(r).throughputIsAtLeast(250))
        .isInstanceOf(SloViolation.class)
        .hasMessageContaining("SLO violated: throughput at least 250.0 ops/s")
        .hasMessageContaining("achieved 199.8 ops/s")
        .hasMessageContaining("counts: OK=3998, SERVICE_UNAVAILABLE=2");
  }

  @Test
  void rejectsObjectivesThatMeanNothing() {
    assertThatThrownBy(() -> Slo.of("UPDATE", 0, Duration.ofMillis(1)))
        .hasMessageContaining("slo.percentile='0.0' is not allowed");
    assertThatThrownBy(() -> Slo.of("UPDATE", 99, Duration.ZERO))
        .hasMessageContaining("slo.limit='PT0S' is not allowed");
  }
}
