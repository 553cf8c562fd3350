package dev.refarch.ycsb;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The binding's jar — what a YCSB pipeline deploys — is the binding: no benchmark, no JMH, nothing
 * that needs a test-scoped module at run time. Reads the compiled classes the jar is packed from.
 */
class BindingJarTest {

  private static final Path CLASSES = Path.of("target", "classes");

  @Test
  void holdsNoBenchmarkClass() throws IOException {
    List<String> classes = classes();
    assertThat(classes).as("classes under %s", CLASSES.toAbsolutePath()).isNotEmpty()
        .contains("dev/refarch/ycsb/mongo/MongoDbClient.class");
    assertThat(classes).noneMatch(c -> c.contains("/bench/") || c.contains("Benchmark"));
  }

  @Test
  void referencesNeitherJmhNorTheLocalProvisioner() throws IOException {
    for (String c : classes()) {
      // class files name what they use as UTF-8 constants: a reference shows as its binary name
      String constants = new String(Files.readAllBytes(CLASSES.resolve(c)),
          StandardCharsets.ISO_8859_1);
      assertThat(constants).as(c).doesNotContain("org/openjdk/jmh")
          .doesNotContain("dev/refarch/platform/local");
    }
  }

  private static List<String> classes() throws IOException {
    try (Stream<Path> files = Files.walk(CLASSES)) {
      return files.filter(f -> f.toString().endsWith(".class"))
          .map(f -> CLASSES.relativize(f).toString().replace('\\', '/')).sorted().toList();
    }
  }
}
