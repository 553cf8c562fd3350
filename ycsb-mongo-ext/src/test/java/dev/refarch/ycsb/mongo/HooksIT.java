package dev.refarch.ycsb.mongo;

import static org.assertj.core.api.Assertions.assertThat;

import dev.refarch.platform.spi.RunningCluster;
import dev.refarch.ycsb.testing.LocalReplicaSet;
import dev.refarch.ycsb.testing.YcsbProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Platform hooks inside a plain YCSB client: {@code before} ahead of every thread's first write,
 * {@code after} behind every thread's last one, and {@code after} also when the phase fails.
 * The test hooks are registered in this module's test resources.
 */
@ExtendWith(LocalReplicaSet.class)
class HooksIT {

  private static final Duration TIMEOUT = Duration.ofMinutes(2);
  private final RunningCluster cluster;

  HooksIT(RunningCluster cluster) {
    this.cluster = cluster;
  }

  private Map<String, String> props(String db, Path events, String hooks) {
    Map<String, String> p = new HashMap<>();
    p.put("workload", "site.ycsb.workloads.CoreWorkload");
    p.put("recordcount", "400");
    p.put("threadcount", "4");
    p.put("mongodb.batchsize", "30");
    p.put("mongodb.url", LocalReplicaSet.url(cluster, db));
    p.put("hooks", hooks);
    p.put("testhook.file", events.toString());
    p.put("testhook.count", "true");
    p.put("testhook.database", db);
    return p;
  }

  @Test
  void beforeRunsAheadOfAllThreadsAndAfterBehindAllOfThem(@TempDir Path dir) throws Exception {
    Path events = dir.resolve("events");
    YcsbProcess.Result load = YcsbProcess.run("-load", props("hooks_order", events, "recording,recording2"), TIMEOUT);
    assertThat(load.exitCode()).as(load.all()).isZero();
    // 400 records over 4 threads in batches of 30: every thread ends with a partial batch that
    // only its cleanup() writes, so docs=400 in after proves it ran behind every thread's cleanup
    assertThat(Files.readAllLines(events)).containsExactly(
        "recording before load docs=0", "recording2 before load docs=0",
        "recording2 after load ok docs=400", "recording after load ok docs=400");
    assertThat(load.stderr()).contains("platform state: {recording={applied=true, restored=true}");
  }

  @Test
  void afterRunsWithTheFailureWhenThePhaseFails(@TempDir Path dir) throws Exception {
    Path events = dir.resolve("events");
    Map<String, String> p = props("hooks_failure", events, "recording");
    assertThat(YcsbProcess.run("-load", p, TIMEOUT).exitCode()).isZero();
    Files.delete(events);
    // the same keys again, all buffered until cleanup(): every flush fails on duplicate keys
    p.put("mongodb.batchsize", "1000");
    YcsbProcess.Result again = YcsbProcess.run("-load", p, TIMEOUT);
    List<String> lines = Files.readAllLines(events);
    assertThat(lines).hasSize(2);
    assertThat(lines.get(0)).isEqualTo("recording before load docs=400");
    assertThat(lines.get(1)).isEqualTo(
        "recording after load failed: the last partial batch could not be written docs=400");
    assertThat(again.all()).contains("E11000");
  }

  @Test
  void afterRunsWhenAnotherHooksBeforeFails(@TempDir Path dir) throws Exception {
    Path events = dir.resolve("events");
    YcsbProcess.Result load = YcsbProcess.run("-load", props("hooks_before_fails", events,
        "recording,failing"), TIMEOUT);
    assertThat(Files.readAllLines(events)).containsExactly("recording before load docs=0",
        "failing before load docs=0",
        "failing after load failed: hook failing before load failed: simulated platform failure docs=0",
        "recording after load failed: hook failing before load failed: simulated platform failure docs=0");
    assertThat(load.count("INSERT", "OK") + load.count("INSERT", "BATCHED_OK")).isZero();
  }

  @Test
  void unknownHookIsRejectedListingTheKnownOnes(@TempDir Path dir) throws Exception {
    Path events = dir.resolve("events");
    YcsbProcess.Result load = YcsbProcess.run("-load", props("hooks_unknown", events, "recording,vsan"), TIMEOUT);
    assertThat(load.all()).contains("hooks='vsan' is not allowed; allowed: failing, mongodb-load-cache, mongodb-sharding, recording, recording2");
    assertThat(events).doesNotExist();
  }
}
