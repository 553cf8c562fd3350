package dev.refarch.experiments.trial;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A JVM that runs one phase after another must not carry one phase's stop into the next. */
class StopSignalTest {

  @AfterEach
  void stopWatching() {
    StopSignal.unwatch();
  }

  @Test
  void aStopAsksOnlyThePhaseWhoseFileAppearedAndEndsWithIt(@TempDir Path dir) {
    Path first = dir.resolve("run-0");
    Path second = dir.resolve("run-1");
    StopSignal.watch(first.resolve(StopSignal.FILE));
    assertThat(StopSignal.requested()).isFalse();
    StopSignal.request(first);
    await().atMost(Duration.ofSeconds(10)).until(StopSignal::requested);

    StopSignal.unwatch();
    assertThat(StopSignal.requested()).isFalse();
    StopSignal.watch(second.resolve(StopSignal.FILE));
    // the first phase's file is still there; the poller has had time to see it many times
    await().during(Duration.ofMillis(3 * StopSignal.POLL_MS)).atMost(Duration.ofSeconds(5))
        .until(() -> !StopSignal.requested());
    StopSignal.request(second);
    await().atMost(Duration.ofSeconds(10)).until(StopSignal::requested);
  }
}
