package dev.refarch.experiments.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultsFolderTest {

  @Test
  void nothingIsVisibleUnderTheTrialNameUntilCommit(@TempDir Path root) throws Exception {
    ResultsFolder f = new ResultsFolder(root, "exp", "t1");
    Files.writeString(f.staging().resolve("trial.json"), "{}");
    assertThat(root.resolve("exp/t1")).doesNotExist();
    assertThat(f.staging().getFileName().toString()).startsWith(".t1.staging-");
    f.commit();
    assertThat(root.resolve("exp/t1/trial.json")).hasContent("{}");
    try (Stream<Path> s = Files.list(root.resolve("exp"))) {
      assertThat(s).extracting(p -> p.getFileName().toString()).containsExactly("t1");
    }
  }

  @Test
  void commitReplacesAnEarlierResultWhole(@TempDir Path root) throws Exception {
    ResultsFolder first = new ResultsFolder(root, "exp", "t1");
    Files.writeString(first.staging().resolve("old-only.txt"), "x");
    first.commit();
    ResultsFolder second = new ResultsFolder(root, "exp", "t1");
    Files.writeString(second.staging().resolve("trial.json"), "{}");
    second.commit();
    assertThat(root.resolve("exp/t1/old-only.txt")).doesNotExist();
    assertThat(root.resolve("exp/t1/trial.json")).exists();
  }

  @Test
  void commitLeavesThePrivateFolderBehindAndCloseAfterwardsKeepsTheResult(@TempDir Path root)
      throws Exception {
    try (ResultsFolder f = new ResultsFolder(root, "exp", "t1")) {
      Files.createDirectories(f.privateDir());
      Files.writeString(f.privateDir().resolve("client.properties"), "mongodb.url=secret");
      f.commit();
    }
    assertThat(root.resolve("exp/t1")).exists();
    assertThat(root.resolve("exp/t1").resolve(ResultsFolder.PRIVATE)).doesNotExist();
  }

  @Test
  void closeWithoutCommitRemovesTheStagingFolder(@TempDir Path root) throws Exception {
    Path staging;
    try (ResultsFolder f = new ResultsFolder(root, "exp", "t1")) {
      staging = f.staging();
      Files.writeString(staging.resolve("trial.json"), "{}");
    }
    assertThat(staging).doesNotExist();
    assertThat(root.resolve("exp/t1")).doesNotExist();
  }

  @Test
  void removesStagingFoldersOfRunnersThatAreGoneAndKeepsThoseOfLiveOnes(@TempDir Path root)
      throws Exception {
    Process gone = new ProcessBuilder("true").start();
    gone.waitFor();
    Process live = new ProcessBuilder("sleep", "60").start();
    try {
      Path exp = Files.createDirectories(root.resolve("exp"));
      Path dead = Files.createDirectories(exp.resolve(".t1.staging-" + gone.pid() + "-1/.private"))
          .getParent();
      Files.writeString(dead.resolve(".private/client.properties"), "x");
      Path running = Files.createDirectories(exp.resolve(".t2.staging-" + live.pid() + "-1"));
      Path replaced = Files.createDirectories(exp.resolve(".t3.replaced-5"));
      Path result = Files.createDirectories(exp.resolve("t4"));

      assertThat(ResultsFolder.removeAbandoned(exp)).isEqualTo(2);
      assertThat(dead).doesNotExist();
      assertThat(replaced).doesNotExist();
      assertThat(running).exists();
      assertThat(result).exists();
    } finally {
      live.destroyForcibly().waitFor();
    }
  }

  @Test
  void checkRootRefusesWhatCannotHoldResultsWithoutWritingAnything(@TempDir Path root)
      throws Exception {
    Path file = Files.writeString(root.resolve("file.txt"), "x");
    assertThatThrownBy(() -> ResultsFolder.checkRoot("--results", file.resolve("sub")))
        .hasMessageContaining("--results='" + file.resolve("sub") + "' is not allowed")
        .hasMessageContaining(file + " is not a folder");
    assertThatThrownBy(() -> ResultsFolder.checkRoot("--results", Path.of("/proc/nope")))
        .hasMessageContaining("proc file system");
    ResultsFolder.checkRoot("--results", root.resolve("new/results"));
    assertThat(root.resolve("new")).doesNotExist();
  }
}
