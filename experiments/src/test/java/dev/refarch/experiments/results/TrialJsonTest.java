package dev.refarch.experiments.results;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.refarch.experiments.audit.AckAudit;
import dev.refarch.experiments.faults.FaultReport;
import dev.refarch.experiments.faults.FaultReports;
import dev.refarch.platform.spi.PlatformState;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TrialJsonTest {

  private static JsonNode faults(FaultReport... faults) throws Exception {
    TrialResult result = new TrialResult("B4-failures", "t001", List.of(), 1_000L, 2_000L,
        Map.of(), PlatformState.empty(), Map.of(), 1.0, 0.5, Path.of("t001"), List.of(faults));
    return new ObjectMapper().readTree(TrialJson.render(result, Map.of())).path("faults");
  }

  @Test
  void aFaultCarriesThePlatformSideDurationsInTheInjectorsOrder() throws Exception {
    JsonNode durations = faults(FaultReports.nodeFailure()).get(0).path("durationsMs");
    List<String> names = new ArrayList<>();
    durations.fieldNames().forEachRemaining(names::add);
    assertThat(names).containsExactly("podReady", "volumeAttached");
    assertThat(durations.path("podReady").isIntegralNumber()).isTrue();
    assertThat(durations.path("podReady").asLong()).isEqualTo(41_873L);
    assertThat(durations.path("volumeAttached").asLong()).isEqualTo(12_000L);
  }

  @Test
  void aFaultWithoutPlatformSideDurationsHasNoDurationsField() throws Exception {
    JsonNode kill = faults(FaultReports.kill()).get(0);
    assertThat(kill.has("durationsMs")).isFalse();
    assertThat(kill.path("action").asText()).isEqualTo("kill");
    assertThat(kill.path("electionMs").isNull()).isTrue();
  }

  private static JsonNode audited(java.util.Optional<AckAudit.AuditReport> audit) throws Exception {
    TrialResult result = new TrialResult("B4-failures", "t001", List.of(), 1_000L, 2_000L,
        Map.of(), PlatformState.empty(), Map.of(), 1.0, 0.5, Path.of("t001"), List.of(), audit);
    return new ObjectMapper().readTree(TrialJson.render(result, Map.of()));
  }

  @Test
  void theAuditCountsAllLostWritesAndListsTheFirstHundredKeys() throws Exception {
    List<String> lost = new ArrayList<>();
    for (int i = 0; i < 150; i++) {
      lost.add(String.format("user%04d", i));
    }
    JsonNode audit = audited(java.util.Optional.of(new AckAudit.AuditReport(9423, 150, lost)))
        .path("audit");
    assertThat(audit.path("acknowledged").asLong()).isEqualTo(9423);
    assertThat(audit.path("lost").asLong()).isEqualTo(150);
    assertThat(audit.path("lostKeys")).hasSize(100);
    assertThat(audit.path("lostKeys").get(99).asText()).isEqualTo("user0099");
  }

  @Test
  void aTrialWithoutTheAuditHasNoAuditField() throws Exception {
    assertThat(audited(java.util.Optional.empty()).has("audit")).isFalse();
  }
}
