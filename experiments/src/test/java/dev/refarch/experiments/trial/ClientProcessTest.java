package dev.refarch.experiments.trial;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClientProcessTest {

  @TempDir
  Path dir;

  @Test
  void aTailOfStackFramesStartsWithWhatWasThrown() throws IOException {
    Path err = dir.resolve("stderr.txt");
    Files.write(err, List.of("Loading workload...", "java.lang.ClassNotFoundException: a",
        "\tat java.base/jdk.internal.loader.BuiltinClassLoader.loadClass(x)",
        "\tat java.base/java.lang.ClassLoader.loadClass(x)",
        "\tat java.base/java.lang.Class.forName(x)"));
    assertThat(ClientProcess.tail(err, 2)).isEqualTo("java.lang.ClassNotFoundException: a\n\t…\n"
        + "\tat java.base/java.lang.ClassLoader.loadClass(x)\n"
        + "\tat java.base/java.lang.Class.forName(x)");
  }

  @Test
  void aTailThatHoldsItsCauseIsShownAsItIs() throws IOException {
    Path err = dir.resolve("stderr.txt");
    Files.write(err, List.of("one", "two", "Exception in thread \"main\" java.lang.Error: x",
        "\tat a.b(c)"));
    assertThat(ClientProcess.tail(err, 2)).isEqualTo(
        "Exception in thread \"main\" java.lang.Error: x\n\tat a.b(c)");
    assertThat(ClientProcess.tail(dir.resolve("missing.txt"), 2)).startsWith("(no stderr: ");
  }
}
