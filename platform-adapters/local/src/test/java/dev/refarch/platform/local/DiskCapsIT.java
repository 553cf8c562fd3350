package dev.refarch.platform.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.WriteConcern;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import dev.refarch.platform.local.blkio.BlockIoThrottle;
import dev.refarch.platform.spi.Fault;
import dev.refarch.platform.spi.FaultEvent;
import dev.refarch.platform.spi.RunningCluster;
import dev.refarch.platform.spi.Topology;
import dev.refarch.platform.spi.config.ConfigurationException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.bson.Document;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Disk caps on local processes, checked against the kernel's own count of the process's block
 * I/O ({@code blkio.throttle.io_serviced} of its group): {@code slow-disk} and
 * {@code restore-disk}, the cap lifted by {@code restore()} when a trial ends, and
 * {@code local.io.maxIops} for a cluster's life. The writes are journaled ({@code j:true}), so
 * every acknowledged one waits for an {@code fsync} whose writes the throttle charges to the
 * process.
 *
 * <p>The clusters' data is under {@code target/}: the throttle needs a block device, which a
 * tmpfs {@code /tmp} is not.
 */
class DiskCapsIT {

  static final long CAP_IOPS = 40;
  /** The kernel dispatches in slices; the issue allows the served rate 10 % over the cap. */
  static final double TOLERANCE = 1.10;
  static Path workDir;

  @BeforeAll
  static void needsTheThrottleAndABlockDevice() throws Exception {
    workDir = Files.createDirectories(Path.of("target", "disk-caps-it")).toAbsolutePath();
    String reason = BlockIoThrottle.unavailableReason();
    if (reason == null) {
      try {
        BlockIoThrottle.deviceOf(workDir);
      } catch (RuntimeException e) {
        reason = e.getMessage();
      }
    }
    if (reason != null) {
      System.out.println("[disk-caps] skipped: " + reason);
    }
    Assumptions.assumeTrue(reason == null, reason);
  }

  @Test
  void slowDiskCapsTheProcessByTheKernelsCountAndRestoreDiskLiftsIt() throws Exception {
    try (RunningCluster cluster = start(Map.of());
        MongoClient client = Clusters.client(cluster.connectionString())) {
      MongoCollection<Document> c = journaled(client);
      long pid = Clusters.pids(cluster.state()).get("rs0-0");
      Path before = BlockIoThrottle.groupOf(pid);
      double free = writes(c, 3);

      FaultEvent slowed = cluster.faults().inject(Fault.of("slow-disk", "primary")
          .with("iops", String.valueOf(CAP_IOPS)));
      Path group = BlockIoThrottle.groupOf(pid);
      BlockIoThrottle.Device device = BlockIoThrottle.deviceOf(workDir);
      BlockIoThrottle.Serviced s0 = BlockIoThrottle.serviced(group, device);
      long t0 = System.currentTimeMillis();
      double capped = writes(c, 5);
      BlockIoThrottle.Serviced s1 = BlockIoThrottle.serviced(group, device);
      double kernelWrites = (s1.writes() - s0.writes()) / ((System.currentTimeMillis() - t0)
          / 1000.0);
      assertThat(Clusters.facts(cluster)).containsEntry("member.rs0-0.io.cap", CAP_IOPS + " IOPS");
      FaultEvent restored = cluster.faults().inject(Fault.of("restore-disk", "primary"));
      double after = writes(c, 3);
      System.out.printf("[disk-caps] slow-disk iops=%d: the kernel counts %.1f writes/s; journaled"
          + " inserts/s free %.0f, capped %.0f, restored %.0f; %s | %s%n", CAP_IOPS, kernelWrites,
          free, capped, after, slowed.detail(), restored.detail());

      assertThat(group).as("a group of its own while capped").isNotEqualTo(before);
      assertThat(kernelWrites).as("writes the kernel served while capped")
          .isLessThanOrEqualTo(CAP_IOPS * TOLERANCE);
      assertThat(capped).as("inserts fall while capped").isLessThan(free / 2);
      assertThat(after).as("and come back").isGreaterThan(capped * 2);
      assertThat(BlockIoThrottle.groupOf(pid)).as("back in its group").isEqualTo(before);
      assertThat(Files.exists(group)).as("its own group removed").isFalse();
    }
  }

  @Test
  void restoreLiftsASlowDiskLeftInPlaceAndBadCapsAreRefused() throws Exception {
    try (RunningCluster cluster = start(Map.of())) {
      long pid = Clusters.pids(cluster.state()).get("rs0-0");
      Path before = BlockIoThrottle.groupOf(pid);
      assertThatThrownBy(() -> cluster.faults().inject(Fault.of("slow-disk", "primary")))
          .isInstanceOf(ConfigurationException.class).hasMessageContaining("iops");
      assertThatThrownBy(() -> cluster.faults().inject(Fault.of("slow-disk", "primary")
          .with("iops", "0"))).isInstanceOf(ConfigurationException.class)
          .hasMessageContaining("from 1 to");
      assertThatThrownBy(() -> cluster.faults().inject(Fault.of("restore-disk", "primary")))
          .hasMessageContaining("no member with a slowed disk");

      cluster.faults().inject(Fault.of("slow-disk", "rs0-0").with("bps", "1048576"));
      assertThat(BlockIoThrottle.groupOf(pid)).isNotEqualTo(before);
      List<String> restored = cluster.faults().restore();

      assertThat(restored).singleElement().asString().startsWith("rs0-0: disk cap of 1048576 B/s");
      assertThat(BlockIoThrottle.groupOf(pid)).isEqualTo(before);
      assertThat(cluster.faults().restore()).as("nothing left to restore").isEmpty();
    }
  }

  @Test
  void ioMaxIopsCapsEveryMongodForTheClustersLife() throws Exception {
    try (RunningCluster cluster = start(Map.of("local.io.maxIops", String.valueOf(CAP_IOPS)));
        MongoClient client = Clusters.client(cluster.connectionString())) {
      long pid = Clusters.pids(cluster.state()).get("rs0-0");
      Path group = BlockIoThrottle.groupOf(pid);
      BlockIoThrottle.Device device = BlockIoThrottle.deviceOf(workDir);
      BlockIoThrottle.Serviced s0 = BlockIoThrottle.serviced(group, device);
      long t0 = System.currentTimeMillis();
      double inserts = writes(journaled(client), 5);
      BlockIoThrottle.Serviced s1 = BlockIoThrottle.serviced(group, device);
      double kernelWrites = (s1.writes() - s0.writes()) / ((System.currentTimeMillis() - t0)
          / 1000.0);
      System.out.printf("[disk-caps] local.io.maxIops=%d: the kernel counts %.1f writes/s,"
          + " %.0f journaled inserts/s%n", CAP_IOPS, kernelWrites, inserts);

      assertThat(group.toString()).contains(BlockIoThrottle.OWN);
      assertThat(BlockIoThrottle.capOf(group, device)).contains(new BlockIoThrottle.Cap(CAP_IOPS,
          0));
      assertThat(kernelWrites).isLessThanOrEqualTo(CAP_IOPS * TOLERANCE);
      assertThat(Clusters.facts(cluster)).containsEntry("member.rs0-0.io.cap", CAP_IOPS + " IOPS");
    }
  }

  /** Every group this class's clusters made is gone with them, and so is their folder. */
  @org.junit.jupiter.api.AfterAll
  static void nothingIsLeftUnderTheThrottle() {
    assertThat(BlockIoThrottle.BLKIO.resolve(BlockIoThrottle.OWN)).doesNotExist();
  }

  private static RunningCluster start(Map<String, String> extra) {
    Map<String, String> settings = new java.util.HashMap<>(extra);
    settings.put("local.workDir", workDir.toString());
    return new LocalProvisioner().start(Topology.parse("rs=1"), settings);
  }

  private static MongoCollection<Document> journaled(MongoClient client) {
    return client.getDatabase("disk").getCollection("writes")
        .withWriteConcern(WriteConcern.W1.withJournal(true));
  }

  /** Journaled inserts per second from 4 threads over {@code seconds}. */
  private static double writes(MongoCollection<Document> c, int seconds) throws Exception {
    AtomicLong done = new AtomicLong();
    long end = System.currentTimeMillis() + seconds * 1000L;
    List<Thread> threads = new ArrayList<>();
    for (int t = 0; t < 4; t++) {
      Thread thread = new Thread(() -> {
        while (System.currentTimeMillis() < end) {
          c.insertOne(new Document("v", "x".repeat(100)));
          done.incrementAndGet();
        }
      });
      thread.start();
      threads.add(thread);
    }
    for (Thread thread : threads) {
      thread.join();
    }
    return done.get() / (double) seconds;
  }
}
