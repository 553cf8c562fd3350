package dev.refarch.experiments.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.refarch.experiments.trial.TrialDetails;
import dev.refarch.experiments.trial.TrialSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A trial's shape travels typed: the threads of each client (as a spec's {@code threads} and
 * YCSB's {@code -threads} mean) go from the trial to {@code trial.json} and from there to the
 * report as they are, the total beside them, and nothing divides one by the other.
 */
class TrialShapeRecordTest {

  @TempDir
  Path root;

  @Test
  void threadsPerClientReachTheReportAsTheTrialRanThem() throws IOException {
    TrialSpec spec = TrialSpec.builder("e", "t001-r1").cluster("mongodb://127.0.0.1:1/")
        .clients(3).threadsPerClient(5).build();
    Map<String, String> parameters = new LinkedHashMap<>(TrialDetails.parameters(spec));
    assertThat(parameters).containsEntry("clients", "3").containsEntry("threadsPerClient", "5")
        .containsEntry("totalThreads", "15").doesNotContainKey("threads");

    Path dir = new ResultsWriter(root).trial("e", "t001-r1", ResultsWriter.read(1000, 20), true,
        parameters);
    TrialFacts facts = TrialReader.read(dir, new StoredPlan.PlannedTrial("t001-r1", Map.of(), 1))
        .facts();
    assertThat(facts.clients()).isEqualTo(3);
    assertThat(facts.threadsPerClient()).isEqualTo(5);
    assertThat(facts.totalThreads()).isEqualTo(15);
  }

  @Test
  void trialsWrittenWithOnlyTheTotalReadAsTheirFirstClientRan() throws IOException {
    // before threadsPerClient, trial.json held the total, shared with the remainder first
    Path dir = new ResultsWriter(root).trial("e", "t001-r1", ResultsWriter.read(1000, 20), true,
        Map.of("clients", "2", "threads", "5"));
    assertThat(Files.readString(dir.resolve("trial.json"))).contains("\"threads\" : \"5\"");
    TrialFacts facts = TrialReader.read(dir, new StoredPlan.PlannedTrial("t001-r1", Map.of(), 1))
        .facts();
    assertThat(facts.threadsPerClient()).isEqualTo(3);
  }
}
