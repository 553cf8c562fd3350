package dev.refarch.testcontainers.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.refarch.experiments.cli.Refarch;
import dev.refarch.testcontainers.junit.MongoClusterExtension;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestReporter;
import org.junit.jupiter.api.io.TempDir;

/**
 * A catalog study on containers, as a user runs it: {@code refarch run A6 --cluster
 * testcontainers} — the replica-set study, whose sweep starts a one-member set and then a
 * two-member set with an arbiter, each through the {@code testcontainers} provisioner. Scaled
 * down with {@code --set} to keep the suite short; the study's shape is unchanged.
 */
class CatalogOnContainersIT {

  @Test
  void studyA6RunsItsReplicaSetsOnContainers(@TempDir Path results, TestReporter reporter)
      throws Exception {
    Assumptions.assumeTrue(Docker.unavailableReason() == null, () -> "testcontainers: "
        + Docker.unavailableReason());
    reporter.publishEntry(MongoClusterExtension.BACKEND_ENTRY, "testcontainers");
    int exit = Refarch.commandLine().execute("run", "A6", "--cluster", "testcontainers",
        "--results", results.toString(), "--set", "recordcount=1000", "--set",
        "maxexecutiontime=3", "--set", "threads=4");

    assertThat(exit).as("exit code; the command's progress is in the test output")
        .isEqualTo(Refarch.OK);
    List<JsonNode> trials = trials(results.resolve("A6-replica-set"));
    assertThat(trials).hasSize(3).allSatisfy(t -> {
      assertThat(t.path("status").asText()).isEqualTo("completed");
      JsonNode state = t.path("platformState").path(ContainerCluster.COMPONENT);
      assertThat(state.path("image").asText()).isNotEmpty();
      assertThat(state.path("serverVersion").asText()).isNotEmpty();
    });
    assertThat(trials).extracting(t -> t.path("platformState").path(ContainerCluster.COMPONENT)
        .path("topology").asText()).containsExactlyInAnyOrder("rs=1", "rs=3", "rs=3");
    assertThat(trials).filteredOn(t -> t.path("platformState").path(ContainerCluster.COMPONENT)
        .path("topology").asText().equals("rs=3")).allSatisfy(t ->
            assertThat(t.path("platformState").path(ContainerCluster.COMPONENT)
                .path("member.rs0-2.role").asText()).isEqualTo("arbiter"));
  }

  private static List<JsonNode> trials(Path experiment) throws Exception {
    List<JsonNode> out = new ArrayList<>();
    try (Stream<Path> files = Files.walk(experiment)) {
      for (Path f : files.filter(p -> p.getFileName().toString().equals("trial.json")).toList()) {
        out.add(new ObjectMapper().readTree(f.toFile()));
      }
    }
    return out;
  }
}
