package dev.refarch.experiments.trial;

import dev.refarch.experiments.telemetry.ProcCpu;
import dev.refarch.experiments.telemetry.ProcCpuTest;
import static org.assertj.core.api.Assertions.assertThat;

import dev.refarch.experiments.results.ResultsFolder;
import dev.refarch.platform.spi.PlatformState;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The runner's CPU sampler against this machine's real /proc. */
class HostCpuSamplerTest {

  private static final Duration FAST = Duration.ofMillis(100);

  @TempDir
  Path dir;

  @BeforeAll
  static void needsLinux() {
    assertThat(Path.of("/proc/stat")).as("this test reads Linux's /proc").isRegularFile();
  }

  /** The data lines, split into their cells (empty cells kept). */
  private static List<String[]> rows(Path file) throws Exception {
    List<String> lines = Files.readAllLines(file);
    assertThat(lines.get(0)).isEqualTo(ResultsFolder.HOST_CPU_HEADER);
    List<String[]> rows = new ArrayList<>();
    for (String line : lines.subList(1, lines.size())) {
      String[] cells = line.split(",", -1);
      assertThat(cells).as(line).hasSize(6);
      rows.add(cells);
    }
    return rows;
  }

  @Test
  void appendsALinePerPeriodWithTheMachinesAndTheServersGrowingCounters() throws Exception {
    Path file = dir.resolve(ResultsFolder.HOST_CPU);
    // this JVM stands in for a server: any process the sampler can see is read the same way
    try (HostCpuSampler s = HostCpuSampler.start(file, List.of(ProcessHandle.current().pid()),
        FAST, ProcCpu.ROOT)) {
      ProcCpuTest.spinFor(0.5);
    }
    List<String[]> rows = rows(file);

    assertThat(rows).hasSizeGreaterThanOrEqualTo(3);
    String[] first = rows.get(0);
    String[] last = rows.get(rows.size() - 1);
    assertThat(Long.parseLong(last[0])).isGreaterThan(Long.parseLong(first[0]));
    assertThat(Double.parseDouble(last[1]) - Double.parseDouble(first[1]))
        .as("machine busy seconds").isGreaterThanOrEqualTo(0.3);
    assertThat(Integer.parseInt(last[2])).isGreaterThanOrEqualTo(1);
    assertThat(Integer.parseInt(last[3])).isGreaterThanOrEqualTo(1);
    assertThat(Double.parseDouble(last[4]) - Double.parseDouble(first[4]))
        .as("server CPU seconds").isGreaterThanOrEqualTo(0.3);
    assertThat(Double.parseDouble(last[5])).as("server run delay")
        .isGreaterThanOrEqualTo(Double.parseDouble(first[5]));
    for (int i = 1; i < rows.size(); i++) {
      assertThat(Double.parseDouble(rows.get(i)[1]))
          .isGreaterThanOrEqualTo(Double.parseDouble(rows.get(i - 1)[1]));
    }
  }

  /**
   * The last line is taken when sampling stops, so that the samples cover the trial's end: a
   * window that ends when the phase ended can be judged (the first full runs lost the machine's
   * figures of every trial whose judged window ended after the last one-second sample).
   */
  @Test
  void closingTakesALastSampleAfterTheMomentItWasAskedTo() throws Exception {
    Path file = dir.resolve(ResultsFolder.HOST_CPU);
    HostCpuSampler s = HostCpuSampler.start(file, List.of(), java.time.Duration.ofSeconds(30),
        ProcCpu.ROOT);
    Thread.sleep(200);
    long closing = System.currentTimeMillis();
    s.close();
    List<String[]> rows = rows(file);
    assertThat(rows).hasSize(2);
    assertThat(Long.parseLong(rows.get(1)[0])).isGreaterThanOrEqualTo(closing);
  }

  @Test
  void withoutServersTheServerColumnsStayEmpty() throws Exception {
    Path file = dir.resolve(ResultsFolder.HOST_CPU);
    try (HostCpuSampler s = HostCpuSampler.start(file, List.of(), FAST, ProcCpu.ROOT)) {
      Thread.sleep(250);
    }

    assertThat(rows(file)).isNotEmpty().allSatisfy(cells -> {
      assertThat(cells[1]).isNotEmpty();
      assertThat(cells[4]).isEmpty();
      assertThat(cells[5]).isEmpty();
    });
  }

  @Test
  void aServerThatEndsLeavesTheServerColumnsEmptyFromThenOn() throws Exception {
    Process server = new ProcessBuilder("sleep", "30").start();
    Path file = dir.resolve(ResultsFolder.HOST_CPU);
    try (HostCpuSampler s = HostCpuSampler.start(file, List.of(server.pid()), FAST,
        ProcCpu.ROOT)) {
      Thread.sleep(350);
      server.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      Thread.sleep(350);
    }
    List<String[]> rows = rows(file);

    assertThat(rows.get(0)[4]).isNotEmpty();
    assertThat(rows.get(rows.size() - 1)[4]).isEmpty();
    int firstEmpty = rows.stream().map(r -> r[4]).toList().indexOf("");
    assertThat(rows.subList(firstEmpty, rows.size())).allSatisfy(cells -> {
      assertThat(cells[4]).isEmpty();
      assertThat(cells[5]).isEmpty();
    });
  }

  @Test
  void onlyRunningMongodAndMongosProcessesCountAsServers() {
    PlatformState state = PlatformState.empty()
        .with("local", "member.rs0-0.pid", String.valueOf(ProcessHandle.current().pid()))
        .with("local", "member.rs0-1.pid", "2147483647")
        .with("local", "member.rs0-2.pid", "not-a-pid")
        .with("local", "member.rs0-0.port", "27017");

    // a java process, a pid nothing has, a value that is no pid: none is a server
    assertThat(HostCpuSampler.serverPids(state)).isEmpty();
    assertThat(HostCpuSampler.serverPids(PlatformState.empty())).isEmpty();
  }

  @Test
  void aFailureEndsSamplingWithNothingMoreWrittenAndDoesNotHoldUpClosing(@TempDir Path proc)
      throws Exception {
    Files.writeString(proc.resolve("stat"), "not what the kernel writes\n");
    Path file = dir.resolve(ResultsFolder.HOST_CPU);
    HostCpuSampler s = HostCpuSampler.start(file, List.of(), FAST, proc);
    Thread.sleep(300);
    long start = System.nanoTime();
    s.close();

    assertThat(System.nanoTime() - start).isLessThan(TimeUnit.MILLISECONDS.toNanos(500));
    assertThat(Files.readAllLines(file)).containsExactly(ResultsFolder.HOST_CPU_HEADER);
  }

  @Test
  void withoutProcNothingIsWritten(@TempDir Path notProc) {
    Path file = dir.resolve(ResultsFolder.HOST_CPU);
    HostCpuSampler.start(file, List.of(ProcessHandle.current().pid()), FAST, notProc).close();

    assertThat(file).doesNotExist();
  }
}
