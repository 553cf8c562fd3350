package dev.refarch.platform.local.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LogTailTest {

  @TempDir
  Path dir;

  @Test
  void keepsOnlyTheLastLines() throws IOException {
    Path log = write("a.log", IntStream.rangeClosed(1, 30).mapToObj(i -> "line " + i)
        .collect(Collectors.joining("\n", "", "\n")));

    assertThat(LogTail.lastLines(log, 20)).hasSize(20).startsWith("line 11").endsWith("line 30");
  }

  @Test
  void formatsAHeaderNamingTheFileAndTheLineCount() throws IOException {
    Path log = write("b.log", "first\nsecond\nthird");

    assertThat(LogTail.format(log, 2))
        .isEqualTo("\n--- last 2 lines of " + log + " ---\nsecond\nthird");
    assertThat(LogTail.format(write("c.log", "only\n"), 20))
        .startsWith("\n--- last 1 line of ");
  }

  @Test
  void missingOrEmptyFilesGiveNothing() throws IOException {
    assertThat(LogTail.format(dir.resolve("absent.log"), 20)).isEmpty();
    assertThat(LogTail.format(write("empty.log", ""), 20)).isEmpty();
    assertThat(LogTail.format(write("blank.log", "\n\n"), 20)).isEmpty();
  }

  @Test
  void cutsVeryLongLines() throws IOException {
    Path log = write("long.log", "x".repeat(5000) + "\nshort\n");

    assertThat(LogTail.lastLines(log, 2)).containsExactly(
        "x".repeat(LogTail.MAX_LINE_CHARS) + "…", "short");
  }

  @Test
  void readsOnlyTheEndOfAHugeFileAndDropsThePartialFirstLine() throws IOException {
    String line = "0123456789".repeat(10); // 100 chars + newline = 101 bytes
    Path log = write("huge.log", (line + "\n").repeat(10_000) + "last\n");

    var lines = LogTail.lastLines(log, 100_000);

    assertThat(lines).last().isEqualTo("last");
    assertThat(lines).allMatch(l -> l.equals(line) || l.equals("last"));
    assertThat(lines.size()).isLessThanOrEqualTo(LogTail.MAX_BYTES / 101 + 1);
  }

  private Path write(String name, String text) throws IOException {
    return Files.writeString(dir.resolve(name), text);
  }
}
