package dev.refarch.experiments.telemetry;

import static org.assertj.core.api.Assertions.assertThat;

import dev.refarch.experiments.results.TelemetryFile;
import dev.refarch.platform.spi.PlatformState;
import dev.refarch.platform.spi.telemetry.TelemetryProvider;
import dev.refarch.platform.spi.telemetry.TelemetryRound;
import dev.refarch.platform.spi.telemetry.TelemetrySource;
import dev.refarch.platform.spi.telemetry.TelemetryTarget;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The recorder against sources that behave, fail, stall or cannot open: the good one's samples
 * arrive whatever the others do, and each problem is one warning line and one line of
 * {@code partial()}. The sources here are written for the test; the real ones are exercised
 * against a real replica set in {@code FailoverIT}.
 */
class TelemetryRecorderTest {

  private static final Duration FAST = Duration.ofMillis(50);
  private static final TelemetryTarget TARGET = new TelemetryTarget("mongodb://127.0.0.1:1",
      Optional.empty(), PlatformState::empty, true, Map.of(), Optional.empty());

  @TempDir
  Path dir;

  /** A provider named {@code name} whose source is {@code source}, or which throws if null. */
  private static TelemetryProvider provider(String name, TelemetrySource source) {
    return new TelemetryProvider() {
      @Override
      public String name() {
        return name;
      }

      @Override
      public String description() {
        return name;
      }

      @Override
      public Optional<TelemetrySource> open(TelemetryTarget target) {
        if (source == null) {
          throw new IllegalStateException("permission denied: /proc/1/io");
        }
        return Optional.of(source);
      }
    };
  }

  /** A source answering with {@code round} after {@code delayMs}, counting its samples. */
  private static TelemetrySource source(String name, long delayMs, boolean fails,
      AtomicInteger samples, CountDownLatch stalled) {
    return new TelemetrySource() {
      @Override
      public String name() {
        return name;
      }

      @Override
      public List<String> watches() {
        return List.of("m1", "m2");
      }

      @Override
      public TelemetryRound sample(long epochMs) throws Exception {
        samples.incrementAndGet();
        if (stalled != null) {
          stalled.await(); // a read that never returns, as a paused member's could
        }
        Thread.sleep(delayMs);
        if (fails) {
          throw new java.io.IOException("connection refused");
        }
        return TelemetryRound.builder().add("m1", "ops.update", "/s", samples.get())
            .missing("m2", "not running").build();
      }
    };
  }

  @Test
  void aSlowAFailingAndAnUnopenableSourceLeaveTheGoodOnesSamplesAndOneLineEach()
      throws Exception {
    Path file = dir.resolve(TelemetryFile.FILE);
    AtomicInteger good = new AtomicInteger();
    AtomicInteger failing = new AtomicInteger();
    AtomicInteger stalled = new AtomicInteger();
    CountDownLatch never = new CountDownLatch(1);
    List<String> warnings = new CopyOnWriteArrayList<>();
    long started = System.nanoTime();
    try (TelemetryRecorder r = TelemetryRecorder.start(file, TARGET, List.of(
        provider("good", source("good", 0, false, good, null)),
        provider("failing", source("failing", 0, true, failing, null)),
        provider("stalled", source("stalled", 0, false, stalled, never)),
        provider("closed", null)), FAST, warnings::add, TelemetryRecorder.Sink.none())) {
      // wait for samples, not for time: a loaded machine may take longer to give ten
      org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(30))
          .until(() -> good.get() >= 10 && failing.get() >= 3);
      r.close();
      assertThat(Duration.ofNanos(System.nanoTime() - started)).as("close does not wait for a"
          + " stalled source longer than its limit").isLessThan(Duration.ofSeconds(25));

      List<TelemetryFile.Row> rows = TelemetryFile.read(file);
      assertThat(rows).filteredOn(w -> w.source().equals("good")).hasSizeGreaterThanOrEqualTo(10)
          .allMatch(w -> w.member().equals("m1") && w.metric().equals("ops.update"));
      assertThat(rows).noneMatch(w -> !w.source().equals("good"));
      assertThat(stalled.get()).isEqualTo(1);
      assertThat(r.partial()).anyMatch(l -> l.startsWith("good: m2: not running ("))
          .anyMatch(l -> l.startsWith("failing: connection refused ("))
          .anyMatch(l -> l.equals("closed: could not open: permission denied: /proc/1/io"))
          .anyMatch(l -> l.startsWith("stalled: still sampling when the trial ended"))
          .hasSize(4); // failing never got as far as naming a member
      assertThat(warnings).as("one line per problem, however many rounds it lasted")
          .hasSize(4).allMatch(l -> l.startsWith("[runner] telemetry partial: "));
      assertThat(r.sources()).containsOnlyKeys("good", "failing", "stalled");
    } finally {
      never.countDown();
    }
  }

  @Test
  void countsTheRoundsAProblemCost() throws Exception {
    AtomicInteger n = new AtomicInteger();
    TelemetryRecorder r = TelemetryRecorder.start(dir.resolve(TelemetryFile.FILE), TARGET,
        List.of(provider("good", source("good", 0, false, n, null))), FAST, w -> { },
        TelemetryRecorder.Sink.none());
    org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(30)).until(() -> n.get() >= 4);
    r.close();
    // every round missed m2, and close took one more
    assertThat(r.partial()).containsExactly("good: m2: not running (" + n.get() + " of " + n.get()
        + " rounds)");
  }
}
