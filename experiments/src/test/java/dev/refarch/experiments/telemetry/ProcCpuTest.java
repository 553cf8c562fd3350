package dev.refarch.experiments.telemetry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The /proc readers against this machine's real /proc, and against captured file layouts. */
public class ProcCpuTest {

  @BeforeAll
  static void needsLinux() {
    // the runner's evidence exists only on Linux; a CI machine without /proc cannot check it
    assertThat(Path.of("/proc/self/task")).as("this test reads Linux's /proc").isDirectory();
  }

  /** Burns {@code seconds} of this thread's own CPU, however loaded the machine is. */
  public static void spinFor(double seconds) {
    var threads = ManagementFactory.getThreadMXBean();
    long start = threads.getCurrentThreadCpuTime();
    long x = 0;
    while (threads.getCurrentThreadCpuTime() - start < seconds * 1e9) {
      x += System.nanoTime() % 7;
    }
    assertThat(x).isNotNegative();
  }

  @Test
  void theMachinesBusySecondsGrowWhileAThreadSpins() throws Exception {
    ProcCpu.Machine before = ProcCpu.machine(ProcCpu.ROOT);
    spinFor(0.5);
    ProcCpu.Machine after = ProcCpu.machine(ProcCpu.ROOT);

    // at least what this thread ran, in 10 ms ticks, whatever else the machine did
    assertThat(after.busySeconds() - before.busySeconds()).isGreaterThanOrEqualTo(0.45);
    assertThat(after.cores()).isGreaterThanOrEqualTo(1);
    assertThat(after.procsRunning()).as("this thread runs as it reads").isGreaterThanOrEqualTo(1);
  }

  @Test
  void aSpinningThreadsRunTimeGrowsAndStaysCountedAfterItEnds() throws Exception {
    ProcCpu.ThreadSchedstats self = new ProcCpu.ThreadSchedstats(ProcCpu.ROOT.resolve("self"));
    ProcCpu.Schedstat before = self.total();
    AtomicLong spunNs = new AtomicLong();
    AtomicBoolean stop = new AtomicBoolean();
    Thread spinner = new Thread(() -> {
      var threads = ManagementFactory.getThreadMXBean();
      long start = threads.getCurrentThreadCpuTime();
      while (!stop.get()) {
        spunNs.set(threads.getCurrentThreadCpuTime() - start);
      }
    }, "spinner");
    spinner.start();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (spunNs.get() < 300_000_000L && System.nanoTime() < deadline) {
      Thread.sleep(10);
    }
    ProcCpu.Schedstat during = self.total();
    stop.set(true);
    spinner.join();
    ProcCpu.Schedstat after = self.total();

    assertThat(spunNs.get()).as("the spinner got 0.3 s of CPU within a minute")
        .isGreaterThanOrEqualTo(300_000_000L);
    assertThat(during.runSeconds() - before.runSeconds()).isGreaterThanOrEqualTo(0.29);
    assertThat(after.runNs()).as("an ended thread keeps its count")
        .isGreaterThanOrEqualTo(during.runNs());
    assertThat(after.delayNs()).isGreaterThanOrEqualTo(during.delayNs());
  }

  @Test
  void aSleepingProcessUsesAndWaitsLittle() throws Exception {
    Process sleep = new ProcessBuilder("sleep", "5").start();
    try {
      Path dir = ProcCpu.ROOT.resolve(Long.toString(sleep.pid()));
      Thread.sleep(300);
      ProcCpu.Schedstat s = new ProcCpu.ThreadSchedstats(dir).total();

      assertThat(ProcCpu.command(dir)).isEqualTo("sleep");
      assertThat(s.runSeconds()).isLessThan(0.25);
      assertThat(s.delaySeconds()).isLessThan(0.25);
      assertThat(ProcCpu.processCpuSeconds(dir)).isLessThan(0.25);
      assertThat(ProcCpu.startTicks(dir)).isPositive().isEqualTo(ProcCpu.startTicks(dir));
    } finally {
      sleep.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
    }
  }

  @Test
  void aProcessThatIsGoneHasNoSchedstat() throws Exception {
    Process sleep = new ProcessBuilder("sleep", "5").start();
    ProcCpu.ThreadSchedstats threads =
        new ProcCpu.ThreadSchedstats(ProcCpu.ROOT.resolve(Long.toString(sleep.pid())));
    threads.total();
    sleep.destroyForcibly().waitFor(10, TimeUnit.SECONDS);

    assertThatThrownBy(threads::total).isInstanceOf(NoSuchFileException.class);
  }

  @Test
  void machineBusyCountsUserNiceSystemIrqSoftirqAndStealTicks(@TempDir Path root)
      throws Exception {
    Files.writeString(root.resolve("stat"), """
        cpu  100 20 30 1000 50 5 6 7 40 0
        cpu0 50 10 15 500 25 3 3 4 20 0
        cpu1 50 10 15 500 25 2 3 3 20 0
        intr 12345 0 0
        ctxt 999
        procs_running 3
        procs_blocked 1
        """);
    ProcCpu.Machine m = ProcCpu.machine(root);

    // idle and iowait left out; guest (40) is already inside user
    assertThat(m.busySeconds()).isCloseTo((100 + 20 + 30 + 5 + 6 + 7) / 100.0, within(1e-9));
    assertThat(m.cores()).isEqualTo(2);
    assertThat(m.procsRunning()).isEqualTo(3);
  }

  @Test
  void aProcessStatIsReadAfterItsNameWhateverTheNameHolds(@TempDir Path proc) throws Exception {
    // stat(5): pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt
    // utime stime cutime cstime priority nice threads itrealvalue starttime …
    Files.writeString(proc.resolve("stat"),
        "4242 (conn (x) 1) S 1 4242 4242 0 -1 4194560 100 0 0 0 250 50 0 0 20 0 30 0 98765 0 0\n");

    assertThat(ProcCpu.processCpuSeconds(proc)).isCloseTo(3.0, within(1e-9));
    assertThat(ProcCpu.startTicks(proc)).isEqualTo(98765);
  }
}
