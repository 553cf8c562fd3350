package dev.refarch.experiments.results;

import static org.assertj.core.api.Assertions.assertThat;

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
}
