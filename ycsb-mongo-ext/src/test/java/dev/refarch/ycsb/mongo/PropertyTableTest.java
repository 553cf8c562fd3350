package dev.refarch.ycsb.mongo;

import static org.assertj.core.api.Assertions.assertThat;

import dev.refarch.platform.local.config.LocalSettings;
import dev.refarch.ycsb.measure.MeasurementProperties;
import dev.refarch.ycsb.workloads.WorkloadProperties;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The README's property tables are generated from the declarations; this keeps them equal. */
class PropertyTableTest {

  private static void assertReadmeContains(String table) throws Exception {
    String readme = Files.readString(Path.of("..", "README.md"));
    assertThat(readme).as("README.md must contain this table verbatim:%n%s", table).contains(table);
  }

  @Test
  void readmeListsEveryMongodbPropertyAsDeclared() throws Exception {
    assertReadmeContains(MongoProperties.GROUP.markdownTable());
  }

  @Test
  void readmeListsEveryMeasurementPropertyAsDeclared() throws Exception {
    assertReadmeContains(MeasurementProperties.GROUP.markdownTable());
  }

  @Test
  void readmeListsEveryRefarchWorkloadPropertyAsDeclared() throws Exception {
    assertReadmeContains(WorkloadProperties.GROUP.markdownTable());
  }

  @Test
  void readmeListsEveryLocalProvisionerPropertyAsDeclared() throws Exception {
    assertReadmeContains(LocalSettings.GROUP.markdownTable());
  }
}
