package dev.refarch.platform.local.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DirectoriesTest {

  @TempDir
  Path dir;

  @Test
  void deletesEverythingButTheKeptFilesAndTheirDirectories() throws IOException {
    Path root = Files.createDirectories(dir.resolve("cluster"));
    Path keptLog = Files.writeString(Files.createDirectories(root.resolve("rs0-1")).resolve("mongod.log"), "x");
    Files.writeString(Files.createDirectories(root.resolve("rs0-1/data")).resolve("wt"), "x");
    Files.writeString(Files.createDirectories(root.resolve("rs0-0/data")).resolve("wt"), "x");

    Directories.deleteExcept(root, keptLog::equals);

    assertThat(keptLog).exists();
    assertThat(root.resolve("rs0-1/data")).doesNotExist();
    assertThat(root.resolve("rs0-0")).doesNotExist();
  }

  @Test
  void deletesTheWholeTree() throws IOException {
    Path root = Files.createDirectories(dir.resolve("a/b/c"));
    Files.writeString(root.resolve("f"), "x");

    Directories.deleteRecursively(dir.resolve("a"));

    assertThat(dir.resolve("a")).doesNotExist();
    Directories.deleteRecursively(dir.resolve("a")); // missing is fine
  }
}
