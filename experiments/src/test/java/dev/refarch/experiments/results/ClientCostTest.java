package dev.refarch.experiments.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.refarch.ycsb.measure.LatencyStats;
import dev.refarch.ycsb.measure.OperationSummary;
import dev.refarch.ycsb.measure.Summary;
import dev.refarch.ycsb.measure.Warmup;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClientCostTest {

  private static Path client(Path dir, String name, String... lines) throws IOException {
    Path c = Files.createDirectories(dir.resolve(name));
    Files.writeString(c.resolve(ResultsFolder.CPU_TIMELINE), ResultsFolder.CPU_TIMELINE_HEADER
        + "\n" + String.join("\n", lines) + "\n");
    return c;
  }

  /** 4,000 operations measured from second 10 to second 14. */
  private static Summary figures() {
    return new Summary(5_000, 10_000, 14_000, Warmup.seconds(5), 100, List.of(
        operation("READ", Map.of("OK", 2_900L, "ERROR", 100L)),
        operation("UPDATE", Map.of("OK", 1_000L))), List.of());
  }

  private static OperationSummary operation(String name, Map<String, Long> counts) {
    return new OperationSummary(name, counts, 0, LatencyStats.of(new Histogram(3)),
        Optional.empty());
  }

  @Test
  void isTheClientsCpuOverTheWindowPerOperationOfIt(@TempDir Path dir) throws IOException {
    // one client at 0.5 s of CPU a second, the other at 0.25, interpolated at the window's ends
    Path a = client(dir, "run-0", "9000,4.0,0.1", "12000,5.5,0.2", "15000,7.0,0.3");
    Path b = client(dir, "run-1", "8000,1.0,0.0", "16000,3.0,0.0");
    ClientCost cost = ClientCost.of(ClientCost.JUDGED, figures(), List.of(a, b)).orElseThrow();
    assertThat(cost.cpuSeconds()).isCloseTo(2.0 + 1.0, within(1e-9));
    assertThat(cost.operations()).as("errors are operations the clients did").isEqualTo(4_000);
    assertThat(cost.microsPerOperation()).isCloseTo(750.0, within(1e-9));
    assertThat(cost.cores()).isCloseTo(0.75, within(1e-9));
  }

  @Test
  void isUnknownUnlessEveryClientsTimelineCoversTheWindow(@TempDir Path dir) throws IOException {
    Path a = client(dir, "run-0", "9000,4.0,0.1", "15000,7.0,0.3");
    Path late = client(dir, "run-1", "11000,1.0,", "16000,3.0,");
    assertThat(ClientCost.of(ClientCost.JUDGED, figures(), List.of(a, late))).isEmpty();
    assertThat(ClientCost.of(ClientCost.JUDGED, figures(), List.of(a, dir.resolve("none"))))
        .isEmpty();
    assertThat(ClientCost.of(ClientCost.MEASURED, figures(), List.of())).isEmpty();
  }

  @Test
  void refusesAWindowWithoutOperationsOrANameItDoesNotKnow() {
    assertThatThrownBy(() -> new ClientCost("whole", 0, 1, 1, 1)).hasMessageContaining("whole")
        .hasMessageContaining("judged");
    assertThatThrownBy(() -> new ClientCost(ClientCost.JUDGED, 5, 5, 1, 1))
        .hasMessageContaining("[5, 5)");
    assertThatThrownBy(() -> new ClientCost(ClientCost.JUDGED, 0, 5, 1, 0))
        .hasMessageContaining("0 operations");
  }
}
