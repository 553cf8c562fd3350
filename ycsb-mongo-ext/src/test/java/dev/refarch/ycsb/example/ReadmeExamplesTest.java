package dev.refarch.ycsb.example;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The README shows this package's examples exactly as the build compiles them. */
class ReadmeExamplesTest {

  @Test
  void jmhExampleIsTheOneThatCompiles() throws Exception {
    String source = Files.readString(Path.of("src", "test", "java", "dev", "refarch", "ycsb",
        "example", "ReadBenchmark.java"));
    String shown = source.substring(source.indexOf("import "));
    assertThat(Files.readString(Path.of("..", "src", "docs", "binding.md")))
        .as("src/docs/binding.md must show this class verbatim:%n%s", shown).contains(shown);
  }
}
