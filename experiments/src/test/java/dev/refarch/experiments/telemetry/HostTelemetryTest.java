package dev.refarch.experiments.telemetry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.refarch.platform.spi.PlatformException;
import dev.refarch.platform.spi.PlatformState;
import dev.refarch.platform.spi.telemetry.TelemetryRound;
import dev.refarch.platform.spi.telemetry.TelemetrySample;
import dev.refarch.platform.spi.telemetry.TelemetrySource;
import dev.refarch.platform.spi.telemetry.TelemetryTarget;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The process and disk sources against a {@code /proc} laid out as Linux lays it out (the field
 * orders of proc(5) and the kernel's Documentation/admin-guide/iostats.rst), with counters this
 * test moves, so that the figures they give can be checked exactly; against this machine's real
 * {@code /proc} they run in {@code FailoverIT}.
 */
class HostTelemetryTest {

  @TempDir
  Path proc;

  private static final String MOUNTINFO = """
      22 27 0:21 / /proc rw,relatime - proc proc rw
      27 1 254:0 / / rw,relatime - ext4 /dev/vda rw,discard
      30 25 0:27 / /dev/shm rw,relatime - tmpfs tmpfs rw,size=24684096k
      41 27 8:1 / /mnt/fast\\040disk rw,relatime - xfs /dev/sda1 rw
      """;

  private static String diskstats(long reads, long sectorsRead, long readMs, long writes,
      long sectorsWritten, long writeMs, long busyMs) {
    return "   7       0 loop0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n"
        + " 254       0 vda " + reads + " 0 " + sectorsRead + " " + readMs + " " + writes + " 0 "
        + sectorsWritten + " " + writeMs + " 0 " + busyMs + " 0 0 0 0 0 0 0\n"
        + "   8       1 sda1 5 0 40 1 0 0 0 0 0 1 1\n";
  }

  private TelemetryTarget target(PlatformState state) {
    return new TelemetryTarget("mongodb://127.0.0.1:1", Optional.empty(), () -> state, true,
        Map.of(), Optional.empty());
  }

  private static double value(TelemetryRound round, String member, String metric) {
    return round.samples().stream().filter(s -> s.member().equals(member)
        && s.metric().equals(metric)).mapToDouble(TelemetrySample::value).findFirst()
        .orElseThrow(() -> new AssertionError(metric + " of " + member + " in " + round));
  }

  @Test
  void theDiskUnderEachDataDirectoryGivesRatesAwaitAndUtilisation() throws Exception {
    Files.createDirectories(proc.resolve("self"));
    Files.writeString(proc.resolve("self/mountinfo"), MOUNTINFO);
    Files.writeString(proc.resolve("diskstats"), diskstats(100, 800, 50, 200, 1600, 150, 1000));
    PlatformState state = PlatformState.empty()
        .with("local", "member.rs0-0.dbPath", "/tmp/ycsb-local-1/rs0-0/data")
        .with("local", "member.rs0-1.dbPath", "/tmp/ycsb-local-1/rs0-1/data")
        .with("local", "member.rs0-2.dbPath", "/mnt/fast disk/rs0-2/data");
    try (TelemetrySource disk = new DiskTelemetry(proc).open(target(state)).orElseThrow()) {
      assertThat(disk.watches()).containsExactly("sda1 (rs0-2)", "vda (rs0-0, rs0-1)");
      assertThat(disk.sample(1).samples()).as("no rates from one reading").isEmpty();
      Thread.sleep(20);
      // 10 reads of 8 sectors in 30 ms, 30 writes of 16 sectors in 90 ms: 120 ms over 40 I/Os
      Files.writeString(proc.resolve("diskstats"), diskstats(110, 880, 80, 230, 2080, 240, 1010));
      TelemetryRound round = disk.sample(2);
      assertThat(value(round, "vda", "disk.await")).isEqualTo(3.0);
      assertThat(value(round, "vda", "disk.readBytes") / value(round, "vda", "disk.reads"))
          .isCloseTo(8 * 512, org.assertj.core.data.Offset.offset(1e-6));
      assertThat(value(round, "vda", "disk.writeBytes") / value(round, "vda", "disk.writes"))
          .isCloseTo(16 * 512, org.assertj.core.data.Offset.offset(1e-6));
      // 10 ms in flight in at least 20 ms of wall time: at most half of it busy
      assertThat(value(round, "vda", "disk.utilisation")).isPositive().isLessThanOrEqualTo(50);
      assertThat(round.samples()).filteredOn(s -> s.member().equals("sda1"))
          .extracting(TelemetrySample::metric).doesNotContain("disk.await"); // it did no I/O
    }
  }

  @Test
  void dataOnlyOnFileSystemsWithoutADeviceIsOneErrorNamingTheMember() throws Exception {
    Files.createDirectories(proc.resolve("self"));
    Files.writeString(proc.resolve("self/mountinfo"), MOUNTINFO);
    Files.writeString(proc.resolve("diskstats"), diskstats(1, 1, 1, 1, 1, 1, 1));
    PlatformState state = PlatformState.empty()
        .with("local", "member.rs0-0.dbPath", "/dev/shm/rs0-0/data");
    assertThatThrownBy(() -> new DiskTelemetry(proc).open(target(state)))
        .isInstanceOf(PlatformException.class)
        .hasMessageContaining("rs0-0's /dev/shm/rs0-0/data is on tmpfs (0:27), no block device");
  }

  @Test
  void aClusterWithoutDataDirectoriesHereGetsNoDiskOrProcessSource() {
    PlatformState containers = PlatformState.empty().with("testcontainers", "member.rs0-0.port",
        "32768");
    assertThat(new DiskTelemetry(proc).open(target(containers))).isEmpty();
    assertThat(new ProcessTelemetry(proc).open(target(containers))).isEmpty();
  }

  private void process(long pid, String command, long utime, long stime, long rssKb)
      throws Exception {
    Path dir = Files.createDirectories(proc.resolve(Long.toString(pid)));
    Files.writeString(dir.resolve("comm"), command + "\n");
    // pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime
    // cutime cstime priority nice threads itrealvalue starttime …
    Files.writeString(dir.resolve("stat"), pid + " (" + command + ") S 1 1 1 0 -1 0 0 0 0 0 "
        + utime + " " + stime + " 0 0 20 0 30 0 5000 100000 2000\n");
    Files.writeString(dir.resolve("status"), "Name:\t" + command + "\nVmRSS:\t  " + rssKb
        + " kB\nThreads:\t30\n");
  }

  @Test
  void eachServerProcessGivesItsCpuInCoresAndItsResidentMemory() throws Exception {
    Files.createDirectories(proc.resolve("self"));
    process(4242, "mongod", 1000, 200, 150_000);
    process(4343, "java", 10, 10, 10);
    PlatformState state = PlatformState.empty().with("local", "member.rs0-0.pid", "4242")
        .with("local", "member.rs0-1.pid", "4343").with("local", "member.rs0-2.pid", "4444");
    try (TelemetrySource source = new ProcessTelemetry(proc).open(target(state)).orElseThrow()) {
      assertThat(source.watches()).containsExactly("rs0-0", "rs0-1", "rs0-2");
      long before = System.nanoTime();
      TelemetryRound first = source.sample(1);
      assertThat(value(first, "rs0-0", "memory.rss")).isEqualTo(150_000 * 1024.0);
      assertThat(first.missing()).containsOnlyKeys("rs0-1", "rs0-2");
      assertThat(first.missing().get("rs0-1")).isEqualTo("pid 4343 is java, not a mongod or mongos");
      assertThat(first.missing().get("rs0-2")).startsWith("pid 4444 not running");
      Thread.sleep(50);
      // 30 user ticks and 10 system ticks: 0.3 and 0.1 CPU seconds, over at least 50 ms
      process(4242, "mongod", 1030, 210, 150_000);
      TelemetryRound second = source.sample(2);
      double wall = (System.nanoTime() - before) / 1e9;
      assertThat(value(second, "rs0-0", "cpu.user")).isBetween(0.3 / wall, 0.3 / 0.05);
      assertThat(value(second, "rs0-0", "cpu.user") / value(second, "rs0-0", "cpu.system"))
          .isCloseTo(3.0, org.assertj.core.data.Offset.offset(1e-9));
    }
  }
}
