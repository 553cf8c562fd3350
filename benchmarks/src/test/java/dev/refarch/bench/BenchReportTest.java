package dev.refarch.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BenchReportTest {

  private static Cell cell(String side, int repeat, double throughput, double cpuSeconds) {
    long operations = Math.round(throughput * 10);
    return new Cell("run-a", 16, repeat, side, throughput, operations, cpuSeconds, Map.of(), 0,
        1.0, SteadyWindow.Figures.NONE, Double.NaN);
  }

  /** Two repetitions of three sides, the second repetition's order rotated as the benchmark does. */
  private static final BenchReport REPORT = new BenchReport(List.of(
      cell("binding", 0, 1000, 2.0), cell("binding-no-retry", 0, 1100, 2.0),
      cell("stock-shaped-3.8.0", 0, 800, 2.0),
      cell("binding-no-retry", 1, 1200, 3.0), cell("stock-shaped-3.8.0", 1, 1500, 3.0),
      cell("binding", 1, 900, 1.8)), Map.of(), Map.of());

  @Test
  void everyBindingSideIsSetAgainstTheOtherSidesAndTheBindingAgainstItsVariants() {
    assertThat(REPORT.ratioPairs()).containsExactly(
        List.of("binding", "binding-no-retry"), List.of("binding", "stock-shaped-3.8.0"),
        List.of("binding-no-retry", "stock-shaped-3.8.0"));
    assertThat(BenchReport.isBinding("binding-no-retry")).isTrue();
    assertThat(BenchReport.isBinding("bindings")).isFalse();
  }

  @Test
  void aRatioIsTakenWithinEachRepetitionAndReportedAsMedianAndRange() {
    BenchReport.Spread r = REPORT.pairedRatio("run-a", 16, "binding", "stock-shaped-3.8.0",
        Cell::throughput);
    // repetition 0: 1000 / 800 = 1.25; repetition 1: 900 / 1500 = 0.6 — not 1900 / 2300
    assertThat(r.min()).isCloseTo(0.6, within(1e-12));
    assertThat(r.max()).isCloseTo(1.25, within(1e-12));
    assertThat(r.median()).isCloseTo((0.6 + 1.25) / 2, within(1e-12));

    // CPU per 1,000 operations: repetition 0, 2.0 s / 10,000 ops over 2.0 s / 11,000;
    // repetition 1, 1.8 s / 9,000 over 3.0 s / 12,000
    BenchReport.Spread cpu = REPORT.pairedRatio("run-a", 16, "binding", "binding-no-retry",
        Cell::cpuPerThousand);
    assertThat(cpu.max()).isCloseTo((2.0 / 10_000) / (2.0 / 11_000), within(1e-12));
    assertThat(cpu.min()).isCloseTo((1.8 / 9000) / (3.0 / 12_000), within(1e-12));
  }

  @Test
  void theSummaryAndTableNameEachPair() {
    @SuppressWarnings("unchecked")
    Map<String, Object> ratios = (Map<String, Object>) ((Map<String, Object>) REPORT.summary()
        .get("run-a/threads=16")).get("ratios");
    assertThat(ratios).containsOnlyKeys("binding/binding-no-retry",
        "binding/stock-shaped-3.8.0", "binding-no-retry/stock-shaped-3.8.0");
    // 1100 / 800 and 1200 / 1500
    assertThat(REPORT.table()).containsPattern(
        "binding-no-retry/stock-shaped-3.8.0 throughput 1\\.08[78] \\(0\\.800–1\\.375\\)");
  }

  @Test
  void theClientBudgetIsWhatTheOtherSideSpendsInAllLessWhatTheBindingCostsTheServer() {
    // 1,000 ops/s for 10 s: 10,000 operations; client 1.0 s and server 3.0 s over the cell
    Cell binding = cell("binding", 0, 1000, 1.0).withServerCpu(3.0);
    // 1,100 ops/s: 11,000 operations; client 0.88 s, server 2.2 s
    Cell reference = cell("stock-shaped-3.8.0", 0, 1100, 0.88).withServerCpu(2.2);
    assertThat(binding.coresBusy()).isCloseTo(1000 * (0.1 + 0.3) / 1000, within(1e-12));
    // the reference costs 0.08 + 0.2 CPU s per 1,000 operations; the binding's server 0.3 of it
    assertThat(BenchReport.clientBudget(binding, reference)).isCloseTo(0.08 + 0.2 - 0.3,
        within(1e-12));
    BenchReport report = new BenchReport(List.of(binding, reference), Map.of(), Map.of());
    assertThat(report.table())
        .contains("level at client CPU s/1000 ops -0.020 (-0.020–-0.020) (has 0.100)");
    assertThat(cell("raw", 0, 1000, 1.0).coresBusy()).isNaN();
  }

  @Test
  void theJsonSaysTheShapeAndDistributionTheCellsRanOn(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("bench-binding.json");
    new BenchReport(List.of(cell("binding", 0, 1000, 2.0)), Map.of(),
        BindingBenchmark.data(2000, new RecordShape(10, 188), "uniform", Map.of("a", "uniform"),
            0))
        .writeJson(file);
    JsonNode data = new ObjectMapper().readTree(file.toFile()).get("data");
    assertThat(data.get("shape").asText()).isEqualTo("10x188");
    assertThat(data.get("fieldcount").asInt()).isEqualTo(10);
    assertThat(data.get("fieldlength").asInt()).isEqualTo(188);
    assertThat(data.get("requestdistribution").get("run-a").asText()).isEqualTo("uniform");
    assertThat(data.get("requestdistributionFrom").asText()).isEqualTo("bench.distribution");
  }

  @Test
  void aVariantSideAddsItsPropertiesToTheYcsbCommandLine() {
    List<String> command = BenchSide.bindingNoRetry("cp").runCommand(
        Map.of("threadcount", "16"), Map.of());
    assertThat(String.join(" ", command)).contains("-p threadcount=16")
        .contains("-p mongodb.retryWrites=false").contains("-p mongodb.retryReads=false");
  }

  @Test
  void theRetryReferenceAddsRetryableWritesToTheConnectionString() {
    BenchSide side = BenchSide.stockShapedRetry("stock-shaped-3.8.0-retry", "cp");
    String url = "mongodb://127.0.0.1:27017/ycsb?replicaSet=rs0";
    assertThat(side.runCommand(Map.of("mongodb.url", url), Map.of()))
        .contains("mongodb.url=" + url + "&retryWrites=true");
    assertThat(side.runCommand(Map.of("mongodb.url", "mongodb://127.0.0.1:27017"), Map.of()))
        .contains("mongodb.url=mongodb://127.0.0.1:27017/?retryWrites=true");
    assertThat(BenchSide.withOptions("mongodb://h/ycsb", "retryWrites=true"))
        .isEqualTo("mongodb://h/ycsb?retryWrites=true");
    assertThat(BenchReport.isBinding(side.name())).isFalse();
  }
}
