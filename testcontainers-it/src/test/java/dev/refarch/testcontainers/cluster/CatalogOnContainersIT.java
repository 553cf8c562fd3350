package dev.refarch.testcontainers.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.refarch.experiments.catalog.Catalog;
import dev.refarch.experiments.cli.Refarch;
import dev.refarch.experiments.report.format.ExperimentReport;
import dev.refarch.experiments.run.ExperimentRunner;
import dev.refarch.experiments.run.Progress;
import dev.refarch.experiments.spec.ExperimentSpec;
import dev.refarch.experiments.spec.Sweep;
import dev.refarch.testcontainers.junit.MongoClusterExtension;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestReporter;
import org.junit.jupiter.api.io.TempDir;

/**
 * A catalog study on containers, as a user runs it: {@code refarch run A6 --cluster
 * testcontainers} — the replica-set study, whose sweep starts a one-member set and then a
 * two-member set with an arbiter, each through the {@code testcontainers} provisioner. Fewer
 * records and threads and one repetition of each point ({@code --set}; the laptop entry runs two
 * or three, which {@code AutoRepetitionsIT} covers) keep the suite short; the study's shape and
 * its runs until steady are unchanged.
 */
class CatalogOnContainersIT {

  @Test
  void studyA6RunsItsReplicaSetsOnContainers(@TempDir Path results, TestReporter reporter)
      throws Exception {
    Assumptions.assumeTrue(Docker.unavailableReason() == null, () -> "testcontainers: "
        + Docker.unavailableReason());
    reporter.publishEntry(MongoClusterExtension.BACKEND_ENTRY, "testcontainers");
    int exit = Refarch.commandLine().execute("run", "A6", "--cluster", "testcontainers",
        "--results", results.toString(), "--set", "recordcount=1000", "--set", "threads=4",
        "--set", "repetitions=1");

    assertThat(exit).as("exit code; the command's progress is in the test output")
        .isEqualTo(Refarch.OK);
    List<Trial> trials = trials(results.resolve("A6-replica-set"));
    assertThat(trials).extracting(Trial::topology)
        .containsExactlyInAnyOrder("rs=1", "rs=3", "rs=3");
    assertThat(trials).allSatisfy(t -> {
      assertThat(t.status()).isEqualTo("completed");
      assertThat(t.inserted()).as("records loaded").isBetween(1L, 1000L);
      assertThat(t.readsAndUpdates()).as("reads and updates run").isPositive();
      assertThat(t.image()).isEqualTo(ContainerSettings.from(Map.of()).image()
          .asCanonicalNameString());
      assertThat(t.arbiter()).isEqualTo(t.topology().equals("rs=3") ? "arbiter" : "");
    });
  }

  /**
   * W1 on containers, its isolate variant with {@code balanced} and {@code durable-majority}
   * (the whole catalog entry, six trials, runs in about 4 minutes with {@code refarch run W1}; CI
   * keeps the two that make the point): both complete, the report's points table is the
   * durability table, MongoDB's rollback files hold every acknowledged insert the audit found
   * lost, and {@code durable-majority} loses none. That {@code balanced} loses some is
   * {@code NetworkFaultsIT}'s to show.
   */
  @Test
  void studyW1ShowsTheDurabilityTableOnContainers(@TempDir Path results, TestReporter reporter)
      throws Exception {
    Assumptions.assumeTrue(Docker.unavailableReason() == null, () -> "testcontainers: "
        + Docker.unavailableReason());
    reporter.publishEntry(MongoClusterExtension.BACKEND_ENTRY, "testcontainers");
    ExperimentSpec w1 = Catalog.resolve("W1", "laptop").get(0);
    Map<String, List<String>> sweep = new java.util.LinkedHashMap<>();
    sweep.put("mongodb.durability", List.of("balanced", "durable-majority"));
    sweep.put("variant", List.of("isolate"));
    ExperimentSpec trimmed = w1.toBuilder().sweep(new Sweep(Sweep.Mode.CARTESIAN, sweep)).build();
    long started = System.currentTimeMillis();
    ExperimentRunner.Outcome outcome = new ExperimentRunner(results,
        new Progress(System.out, false)).run(trimmed, false);
    ExperimentReport.write(results.resolve(w1.id()));
    System.out.printf("[catalog-containers] W1 (isolate: balanced, durable-majority) ran in %.0f s%n",
        (System.currentTimeMillis() - started) / 1000.0);

    assertThat(outcome.skipped()).as("skipped").isEmpty();
    Path experiment = results.resolve("W1-write-loss");
    List<Durability> trials = new ArrayList<>();
    try (Stream<Path> files = Files.walk(experiment)) {
      for (Path f : files.filter(p -> p.getFileName().toString().equals("trial.json")).toList()) {
        trials.add(Durability.of(new ObjectMapper().readTree(f.toFile())));
      }
    }
    trials.forEach(t -> System.out.println("[catalog-containers] W1 " + t));
    assertThat(trials).hasSize(2).allSatisfy(t -> {
      assertThat(t.status()).isEqualTo("completed");
      assertThat(t.acknowledged()).as("acknowledged inserts").isPositive();
      assertThat(t.lostFound()).as("lost inserts found in the rollback files")
          .isLessThanOrEqualTo(t.lost());
      if (t.fault().equals("isolate")) {
        // no crash: whatever an isolated primary acknowledged and lost, its rollback removed
        assertThat(t.lostFound()).as("lost inserts found in the rollback files").isEqualTo(t.lost());
      }
      assertThat(t.updatesAcknowledged()).as("acknowledged updates").isPositive();
      if (t.fault().equals("isolate")) {
        assertThat(t.lostUpdatesFound()).as("records with a lost update found in the rollback"
            + " files").isEqualTo(t.lostUpdateRecords());
      }
      if (t.durability().equals("durable-majority")) {
        assertThat(t.lost()).as("w:majority, j:true").isZero();
        assertThat(t.updatesLost()).as("w:majority, j:true: updates").isZero();
      }
    });
    String html = Files.readString(experiment.resolve("report.html"));
    assertThat(html).contains("<th>acknowledged writes</th><th>acknowledged and lost</th>"
        + "<th>of them updates</th><th>updates lost</th><th>in rollback files</th>");
  }

  /** What a W1 trial's {@code trial.json} says about its writes. */
  private record Durability(String durability, String fault, String status, long acknowledged,
      long lost, long lostFound, long updatesAcknowledged, long updatesLost,
      long lostUpdateRecords, long lostUpdatesFound) {

    static Durability of(JsonNode json) {
      JsonNode audit = json.path("audit");
      JsonNode updates = audit.path("updates");
      JsonNode rollback = audit.path("rollback");
      return new Durability(json.path("parameters").path("property.mongodb.durability").asText(),
          json.path("faults").path(0).path("action").asText(), json.path("status").asText(),
          audit.path("acknowledged").asLong(), audit.path("lost").asLong(),
          rollback.path("lostFound").asLong(), updates.path("acknowledged").asLong(),
          updates.path("lost").asLong(), updates.path("lostRecords").asLong(),
          rollback.path("lostUpdatesFound").asLong());
    }
  }

  /** What a trial's {@code trial.json} says about where and what it ran. */
  private record Trial(String topology, String status, long inserted, long readsAndUpdates,
      String image, String arbiter) {

    static Trial of(JsonNode json) {
      JsonNode state = json.path("platformState").path(ContainerCluster.COMPONENT);
      JsonNode load = json.path("phases").path("load").path("summary").path("operations");
      JsonNode run = json.path("phases").path("run").path("summary").path("operations");
      return new Trial(state.path("topology").asText(), json.path("status").asText(),
          sum(load.path("INSERT").path("counts")),
          sum(run.path("READ").path("counts")) + sum(run.path("UPDATE").path("counts")),
          state.path("image").asText(), state.path("member.rs0-2.role").asText());
    }

    private static long sum(JsonNode counts) {
      long n = 0;
      for (JsonNode c : counts) {
        n += c.asLong();
      }
      return n;
    }
  }

  private static List<Trial> trials(Path experiment) throws Exception {
    List<Trial> out = new ArrayList<>();
    try (Stream<Path> files = Files.walk(experiment)) {
      for (Path f : files.filter(p -> p.getFileName().toString().equals("trial.json")).toList()) {
        out.add(Trial.of(new ObjectMapper().readTree(f.toFile())));
      }
    }
    return out;
  }
}
