package dev.refarch.experiments.report.format;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.refarch.experiments.report.ExperimentResults;
import dev.refarch.experiments.report.Fixtures;
import dev.refarch.experiments.report.TrialRecord;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The platform-side durations of a fault (e.g. Kubernetes' pod-Ready time) beside its election
 * and interruption, in the fault table of {@code report.html} and in {@code report.json}.
 */
class FaultTableTest {

  private static final String HEADER = "<th>election ms</th><th>platform ms</th>"
      + "<th>interruption ms</th>";

  @Test
  void theReaderKeepsThePlatformDurationsInTheirOrder(@TempDir Path dir) {
    TrialRecord kill = ExperimentResults.load(Fixtures.withPlatformDurations(dir)).trials().get(0);
    assertThat(kill.faults().get(0).durationsMs()).containsExactly(
        Map.entry("podReady", 41_873L), Map.entry("volumeAttached", 12_000L));
    assertThat(kill.faults().get(1).durationsMs()).isEmpty();
  }

  @Test
  void aTrialJsonWithoutDurationsReadsAsNoneMeasured() {
    TrialRecord kill = ExperimentResults.load(Fixtures.root().resolve(Fixtures.A12)).trials()
        .get(0);
    assertThat(kill.faults()).hasSize(2).allSatisfy(f -> assertThat(f.durationsMs()).isEmpty());
  }

  @Test
  void theFaultTableShowsThePlatformDurationsBetweenElectionAndInterruption(@TempDir Path dir) {
    String html = Golden.read(ExperimentReport.write(Fixtures.withPlatformDurations(dir)).html());
    assertThat(html).contains(HEADER).contains("<td>rs0-0</td><td>2241</td>"
        + "<td>podReady 41873, volumeAttached 12000</td><td>READ 2185, UPDATE 2185</td>")
        .contains("<td>restart</td><td>primary</td><td>rs0-0</td><td></td><td></td>"
            + "<td>READ 0, UPDATE 0</td>");
  }

  @Test
  void aFaultTableWithoutDurationsStillRendersWithAnEmptyColumn(@TempDir Path dir) {
    String html = Golden.read(ExperimentReport.write(Fixtures.copy(Fixtures.A12, dir)).html());
    assertThat(html).contains(HEADER).contains("<td>rs0-0</td><td>2241</td><td></td>"
        + "<td>READ 2185, UPDATE 2185</td>");
  }

  @Test
  void reportJsonCarriesThePlatformDurationsOfEachFault(@TempDir Path dir) throws Exception {
    Path json = ExperimentReport.write(Fixtures.withPlatformDurations(dir)).json();
    JsonNode faults = new ObjectMapper().readTree(json.toFile()).path("trials").get(0)
        .path("faults");
    JsonNode durations = faults.get(0).path("durationsMs");
    List<String> names = new ArrayList<>();
    durations.fieldNames().forEachRemaining(names::add);
    assertThat(names).containsExactly("podReady", "volumeAttached");
    assertThat(durations.path("podReady").asLong()).isEqualTo(41_873L);
    assertThat(durations.path("volumeAttached").asLong()).isEqualTo(12_000L);
    assertThat(faults.get(1).path("durationsMs").isObject()).isTrue();
    assertThat(faults.get(1).path("durationsMs")).isEmpty();
  }
}
