package dev.refarch.platform.vsan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.refarch.platform.vsan.config.VsanSettings;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The README's property table is generated from the declarations; this keeps them in step. */
class ReadmeTest {

  @Test
  void readmeHoldsTheGeneratedPropertyTable() throws Exception {
    String readme = Files.readString(Path.of("README.md"));

    assertThat(readme).as("regenerate with VsanSettings.GROUP.markdownTable()")
        .contains(VsanSettings.GROUP.markdownTable());
  }
}
