package dev.refarch.testcontainers.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.refarch.experiments.results.TrialResult;
import dev.refarch.experiments.trial.TrialRunner;
import dev.refarch.platform.local.blkio.BlockIoThrottle;
import dev.refarch.platform.spi.RunningCluster;
import dev.refarch.testcontainers.cluster.ContainerCluster;
import dev.refarch.testcontainers.cluster.ReplicaSetCluster;
import dev.refarch.testcontainers.junit.MongoCluster;
import dev.refarch.ycsb.measure.Timeline;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Slow storage on containers, checked against the kernel's own count of the member's block I/O
 * ({@code blkio.throttle.io_serviced} of its container's group): a {@code slow-disk} on the
 * primary for a stretch of a trial, the {@code io.maxIops} setting for a cluster's life, and the
 * cap lifted when a trial fails before its {@code restore-disk}.
 *
 * <p>The workload is {@code durable} ({@code j:true}) writes: every acknowledged write waits for
 * a journal {@code fsync}, whose writes the kernel's throttle charges to the member (it does
 * not charge the later write-back of dirty pages, see {@link BlockIoThrottle}).
 */
@MongoCluster(members = 1, backends = "testcontainers")
class SlowDiskIT {

  /** The cap: far below what journal commits ask of this machine's disk unthrottled. */
  static final long CAP_IOPS = 40;
  /** The kernel's throttle dispatches in slices; the issue allows the served rate 10 % over. */
  static final double TOLERANCE = 1.10;
  static final int RESOLUTION_MS = 500;

  @TempDir
  Path results;

  /**
   * One reading of the kernel's count, between {@code fromMs} and {@code toMs}: the clock read
   * just before and just after the counter.
   */
  private record Reading(long fromMs, long toMs, BlockIoThrottle.Serviced serviced) {
    long epochMs() {
      return (fromMs + toMs) / 2;
    }
  }

  @Test
  void slowDiskCapsThePrimarysDiskByTheKernelsCountAndThroughputComesBackAfterRestore(
      RunningCluster cluster) throws Exception {
    ContainerCluster containers = (ContainerCluster) cluster;
    String member = containers.members().get(0).name();
    List<Reading> readings = new CopyOnWriteArrayList<>();
    // the counter only, stamped on both sides: a reading is where the count was, not where an
    // engine call before it began (one that ended after restore-disk counted uncapped writes)
    Supplier<BlockIoThrottle.Serviced> counter = containers.diskCounter(member);
    Thread sampler = new Thread(() -> {
      while (!Thread.currentThread().isInterrupted()) {
        long from = System.currentTimeMillis();
        BlockIoThrottle.Serviced serviced = counter.get();
        readings.add(new Reading(from, System.currentTimeMillis(), serviced));
        try {
          Thread.sleep(100);
        } catch (InterruptedException e) {
          return;
        }
      }
    }, "disk-sampler");
    sampler.setDaemon(true);
    sampler.start();
    TrialResult r;
    try {
      r = new TrialRunner(results).run(writes(cluster, "slow-disk")
          .faults("4s slow-disk primary iops=" + CAP_IOPS + "; 10s restore-disk primary").build(),
          cluster);
    } finally {
      sampler.interrupt();
      sampler.join();
    }

    assertThat(r.failures()).as("failures").isEmpty();
    assertThat(r.faults()).extracting(f -> f.event().action())
        .containsExactly("slow-disk", "restore-disk");
    long slowed = r.faults().get(0).event().epochMillis();
    long restored = r.faults().get(1).event().epochMillis();
    // the kernel's count over the capped stretch: readings wholly after the cap, before its end
    Reading from = readings.stream().filter(x -> x.fromMs() >= slowed).findFirst().orElseThrow();
    Reading to = readings.stream().filter(x -> x.toMs() <= restored)
        .reduce((a, b) -> b).orElseThrow();
    double seconds = (to.epochMs() - from.epochMs()) / 1000.0;
    double writesPerSecond = (to.serviced().writes() - from.serviced().writes()) / seconds;
    double readsPerSecond = (to.serviced().reads() - from.serviced().reads()) / seconds;
    Reading before = readings.stream().filter(x -> x.toMs() <= slowed).reduce((a, b) -> b)
        .orElseThrow();
    Reading start = readings.stream().filter(x -> x.epochMs() >= slowed - 3000).findFirst()
        .orElseThrow();
    double writesBefore = (before.serviced().writes() - start.serviced().writes())
        / ((before.epochMs() - start.epochMs()) / 1000.0);

    Timeline timeline = Timeline.readCsv(r.folder().resolve("timeline.csv"), RESOLUTION_MS);
    double opsBefore = Workloads.rate(timeline, slowed - 3000, slowed);
    double opsCapped = Workloads.rate(timeline, slowed + 1000, restored);
    double opsAfter = Workloads.rate(timeline, restored + 1000, restored + 5000);
    System.out.printf("[slow-disk] %s capped at %d IOPS for %.1f s: the kernel counts %.1f writes/s"
        + " and %.1f reads/s (%.1f writes/s in the 3 s before); the clients' writes/s before %.0f,"
        + " capped %.0f, after %.0f%n", member, CAP_IOPS, (restored - slowed) / 1000.0,
        writesPerSecond, readsPerSecond, writesBefore, opsBefore, opsCapped, opsAfter);

    assertThat(writesPerSecond).as("writes the kernel served while capped")
        .isLessThanOrEqualTo(CAP_IOPS * TOLERANCE);
    assertThat(readsPerSecond).as("reads the kernel served while capped")
        .isLessThanOrEqualTo(CAP_IOPS * TOLERANCE);
    assertThat(writesBefore).as("the cap binds: the member asked for more before it")
        .isGreaterThan(CAP_IOPS * TOLERANCE);
    assertThat(opsCapped).as("the clients' writes fall while the disk is capped")
        .isLessThan(opsBefore / 2);
    assertThat(opsAfter).as("and come back after restore-disk").isGreaterThan(opsCapped * 2);
    assertThat(containers.disk(member).cap()).as("cap after restore-disk").isEmpty();
  }

  @Test
  void aTrialThatFailsBeforeRestoreDiskLeavesNoCap(RunningCluster cluster) throws Exception {
    ContainerCluster containers = (ContainerCluster) cluster;
    // restart needs a member that is down; the slowed primary is not, so the trial fails there
    TrialResult r = new TrialRunner(results).run(writes(cluster, "slow-then-fail")
        .property("maxexecutiontime", "5")
        .faults("1s slow-disk primary iops=" + CAP_IOPS + "; 2s restart primary").build(), cluster);

    assertThat(r.failures()).anySatisfy(f -> assertThat(f).contains("restart"));
    assertThat(r.faults()).extracting(f -> f.event().action()).contains("slow-disk");
    assertThat(containers.disk(containers.members().get(0).name()).cap())
        .as("the cap after the failed trial").isEmpty();
  }

  @Test
  void ioMaxIopsCapsEveryMemberForTheClustersLife() throws Exception {
    try (ReplicaSetCluster capped = ReplicaSetCluster.builder().members(1)
        .setting("testcontainers.io.maxIops", String.valueOf(CAP_IOPS)).start()) {
      String member = capped.members().get(0).name();
      ContainerCluster.DiskCount start = capped.disk(member);
      assertThat(start.cap()).as("the cap at start")
          .contains(new BlockIoThrottle.Cap(CAP_IOPS, 0));
      long t0 = System.currentTimeMillis();
      TrialResult r = new TrialRunner(results).run(writes(capped, "io-max-iops").build(),
          capped);
      ContainerCluster.DiskCount end = capped.disk(member);
      double seconds = (System.currentTimeMillis() - t0) / 1000.0;
      double writesPerSecond = (end.serviced().writes() - start.serviced().writes()) / seconds;
      System.out.printf("[slow-disk] io.maxIops=%d: the kernel counts %.1f writes/s over the %.1f s"
          + " trial; the trial's state says %s%n", CAP_IOPS, writesPerSecond, seconds,
          r.platformState().of(ContainerCluster.COMPONENT).get("member." + member
              + ".io.cap"));
      assertThat(r.failures()).as("failures").isEmpty();
      assertThat(writesPerSecond).as("writes the kernel served under io.maxIops")
          .isLessThanOrEqualTo(CAP_IOPS * TOLERANCE);
      assertThat(r.platformState().of(ContainerCluster.COMPONENT))
          .containsEntry("member." + member + ".io.cap", CAP_IOPS + " IOPS");
    }
  }

  /** Durable inserts and updates, 4 threads, 16 s, the timeline at 500 ms. */
  private static dev.refarch.experiments.trial.TrialSpec.Builder writes(RunningCluster cluster,
      String trial) {
    return Workloads.trial(cluster, "slow-disk", trial, "a", "disk_" + trial.replace('-', '_'))
        .property("readproportion", "0").property("updateproportion", "0.5")
        .property("insertproportion", "0.5").property("mongodb.durability", "durable")
        .property("operationcount", "100000000").property("maxexecutiontime", "16")
        .property("measurement.timelineResolution", String.valueOf(RESOLUTION_MS));
  }

}
