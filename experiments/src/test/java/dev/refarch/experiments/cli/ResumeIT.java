package dev.refarch.experiments.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A runner killed mid-sweep loses nothing finished: {@code refarch run} runs in its own JVM and is
 * killed with SIGKILL after two of four trials; {@code --resume} then runs only the other two.
 * Trials use the synthetic DB, so no MongoDB is involved.
 */
class ResumeIT {

  private static final String SPEC = SyntheticSpec.of("resume",
      "  operationcount: \"100000000\"\n  maxexecutiontime: \"2\"\n",
      "sweep: {parameters: {threadcount: [1, 2, 3, 4]}}\n");

  private static Process refarch(Path dir, String... extra) throws Exception {
    List<String> cmd = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"), Refarch.class.getName(),
        "run", dir.resolve("resume.yaml").toString(), "--results", dir.resolve("results").toString()));
    cmd.addAll(List.of(extra));
    return new ProcessBuilder(cmd).redirectErrorStream(true)
        .redirectOutput(dir.resolve("out-" + System.nanoTime() + ".txt").toFile()).start();
  }

  /**
   * Finished trials only: a trial is written into a hidden staging folder and renamed into place,
   * so a staging folder may hold trial.json for an instant (or for good, if the kill lands between
   * the write and the rename). Those are not finished, and the resumed run removes them.
   */
  private static List<Path> completed(Path results) throws Exception {
    if (!Files.exists(results)) {
      return List.of();
    }
    try (Stream<Path> s = Files.list(results)) {
      return s.filter(p -> !p.getFileName().toString().startsWith("."))
          .filter(p -> Files.exists(p.resolve("trial.json"))).sorted().toList();
    }
  }

  @Test
  void resumeSkipsTheTrialsAKilledRunnerFinished(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve("resume.yaml"), SPEC);
    Path results = dir.resolve("results").resolve("resume");
    Process first = refarch(dir);
    long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
    while (completed(results).size() < 2 && System.nanoTime() < deadline && first.isAlive()) {
      Thread.sleep(50);
    }
    first.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
    List<Path> finished = completed(results);
    assertThat(finished).as("trials finished before the kill").hasSizeBetween(2, 3);
    Map<Path, FileTime> before = new HashMap<>();
    for (Path t : finished) {
      before.put(t, Files.getLastModifiedTime(t.resolve("trial.json")));
    }
    // the killed runner's clients end themselves when they notice it is gone
    Thread.sleep(1500);
    // (a client JVM names its runner's pid, warm or not)
    String runner = String.valueOf(first.pid());
    assertThat(ProcessHandle.allProcesses().filter(p -> p.info().commandLine().orElse("")
        .contains("ClientMain") && List.of(p.info().arguments().orElse(new String[0]))
        .contains(runner))).as("orphaned clients").isEmpty();

    Process second = refarch(dir, "--resume");
    assertThat(second.waitFor(3, TimeUnit.MINUTES)).isTrue();
    assertThat(second.exitValue()).as("exit code of the resumed run").isZero();
    assertThat(results.resolve("report.html")).as("the report of the whole experiment").exists();
    String out;
    try (Stream<Path> s = Files.list(dir)) {
      out = Files.readString(s.filter(p -> p.getFileName().toString().startsWith("out-"))
          .sorted().reduce((a, b) -> b).orElseThrow());
    }
    assertThat(completed(results)).extracting(p -> p.getFileName().toString()).containsExactly(
        "t001-threadcount=1-r1", "t002-threadcount=2-r1", "t003-threadcount=3-r1", "t004-threadcount=4-r1");
    for (var e : before.entrySet()) {
      assertThat(Files.getLastModifiedTime(e.getKey().resolve("trial.json"))).as("not re-run: " + e.getKey())
          .isEqualTo(e.getValue());
      assertThat(out).contains(e.getKey().getFileName() + " already completed (resumed)");
    }
    try (Stream<Path> s = Files.list(results)) {
      assertThat(s.map(p -> p.getFileName().toString()).filter(n -> n.startsWith("."))).as(
          "the killed trial's staging folder is removed by the resumed run").isEmpty();
    }
  }
}
