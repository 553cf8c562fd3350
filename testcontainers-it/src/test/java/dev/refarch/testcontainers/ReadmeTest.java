package dev.refarch.testcontainers;

import static org.assertj.core.api.Assertions.assertThat;

import dev.refarch.testcontainers.cluster.ContainerSettings;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The README and the testing page show code and tables that the build keeps true. */
class ReadmeTest {

  private static String page(String file) throws Exception {
    return Files.readString(Path.of("..").resolve(file));
  }

  @Test
  void propertyTableIsGeneratedFromTheDeclarations() throws Exception {
    String table = ContainerSettings.GROUP.markdownTable();
    assertThat(page("src/docs/testing.md"))
        .as("src/docs/testing.md must contain this table verbatim:%n%s", table)
        .contains(table);
  }

  @ParameterizedTest
  @CsvSource({"CheckoutPerformanceIT, src/docs/testing.md", "ProfileStoreIT, README.md"})
  void exampleTestClassIsTheOneThatCompiles(String example, String shownIn) throws Exception {
    String source = Files.readString(Path.of("src", "test", "java", "dev", "refarch",
        "testcontainers", "example", example + ".java"));
    String shown = source.substring(source.indexOf("import "));
    assertThat(page(shownIn)).as("%s must show this class verbatim:%n%s", shownIn, shown)
        .contains(shown);
  }
}
