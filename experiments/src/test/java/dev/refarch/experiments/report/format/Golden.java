package dev.refarch.experiments.report.format;

import static org.assertj.core.api.Assertions.assertThat;

import dev.refarch.experiments.report.Fixtures;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Pattern;

/**
 * Golden files of the report formats under {@code src/test/resources/report/golden/}. A golden
 * file changes only deliberately: run the tests with {@code -Dreport.golden.update=true}, then
 * review the diff like code.
 */
final class Golden {

  private static final Pattern IMAGE = Pattern.compile(
      Pattern.quote(ChartImage.DATA_URI_PREFIX) + "[A-Za-z0-9+/=]+");
  static final String IMAGE_PLACEHOLDER = ChartImage.DATA_URI_PREFIX + "(png)";

  private Golden() {
  }

  /** The HTML with every embedded image's bytes replaced: what is sealed is the structure. */
  static String structure(String html) {
    return IMAGE.matcher(html).replaceAll(IMAGE_PLACEHOLDER);
  }

  /** Asserts {@code actual} equals the golden file {@code name}, or rewrites it when asked. */
  static void assertMatches(String name, String actual) {
    if (Boolean.getBoolean("report.golden.update")) {
      Path source = Path.of("src/test/resources/report/golden").resolve(name);
      try {
        Files.createDirectories(source.getParent());
        Files.writeString(source, actual, StandardCharsets.UTF_8);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      return;
    }
    Path golden = Fixtures.root().resolve("golden").resolve(name);
    assertThat(golden).as("golden file %s (create it with -Dreport.golden.update=true)", name)
        .exists();
    try {
      assertThat(actual).as("output sealed in golden/%s", name)
          .isEqualTo(Files.readString(golden, StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static String read(Path file) {
    try {
      return Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
