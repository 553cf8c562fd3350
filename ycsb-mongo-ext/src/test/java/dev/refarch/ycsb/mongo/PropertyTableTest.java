package dev.refarch.ycsb.mongo;

import static org.assertj.core.api.Assertions.assertThat;

import dev.refarch.platform.local.config.LocalSettings;
import dev.refarch.ycsb.measure.MeasurementProperties;
import dev.refarch.ycsb.workloads.WorkloadProperties;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The docs' property tables are generated from the declarations; this keeps them equal. */
class PropertyTableTest {

  /** {@code page} of {@code src/docs} must hold {@code table} verbatim. */
  private static void assertPageContains(String page, String table) throws Exception {
    Path file = Path.of("..", "src", "docs", page);
    assertThat(Files.readString(file)).as("%s must contain this table verbatim:%n%s", file, table)
        .contains(table);
  }

  @Test
  void readmeListsEveryMongodbPropertyAsDeclared() throws Exception {
    assertPageContains("binding.md", MongoProperties.GROUP.markdownTable());
  }

  @Test
  void readmeListsEveryMeasurementPropertyAsDeclared() throws Exception {
    assertPageContains("measurement.md", MeasurementProperties.GROUP.markdownTable());
  }

  @Test
  void readmeListsEveryRefarchWorkloadPropertyAsDeclared() throws Exception {
    assertPageContains("workloads.md", WorkloadProperties.GROUP.markdownTable());
  }

  @Test
  void docsListEveryYcsbKeyTheBindingChecksAsDeclared() throws Exception {
    assertPageContains("binding.md", dev.refarch.ycsb.config.YcsbProperties.GROUP.markdownTable());
  }

  @Test
  void readmeListsEveryLocalProvisionerPropertyAsDeclared() throws Exception {
    assertPageContains("platforms.md", LocalSettings.GROUP.markdownTable());
  }
}
