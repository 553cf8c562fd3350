package dev.refarch.testcontainers;

import static org.assertj.core.api.Assertions.assertThat;

import dev.refarch.testcontainers.cluster.ContainerSettings;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The README shows code and tables that the build keeps true. */
class ReadmeTest {

  private static String readme() throws Exception {
    return Files.readString(Path.of("..", "README.md"));
  }

  @Test
  void propertyTableIsGeneratedFromTheDeclarations() throws Exception {
    String table = ContainerSettings.GROUP.markdownTable();
    assertThat(readme()).as("README.md must contain this table verbatim:%n%s", table)
        .contains(table);
  }

  @ParameterizedTest
  @ValueSource(strings = {"CheckoutPerformanceIT", "ProfileStoreIT"})
  void exampleTestClassIsTheOneThatCompiles(String example) throws Exception {
    String source = Files.readString(Path.of("src", "test", "java", "dev", "refarch",
        "testcontainers", "example", example + ".java"));
    String shown = source.substring(source.indexOf("import "));
    assertThat(readme()).as("README.md must show this class verbatim:%n%s", shown)
        .contains(shown);
  }
}
