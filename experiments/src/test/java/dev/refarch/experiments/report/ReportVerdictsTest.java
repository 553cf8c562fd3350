package dev.refarch.experiments.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.refarch.experiments.report.format.ExperimentReport;
import dev.refarch.experiments.spec.ExperimentSpec;
import dev.refarch.experiments.spec.Reference;
import dev.refarch.experiments.spec.SloSpec;
import dev.refarch.experiments.spec.Sweep;
import dev.refarch.experiments.spec.Transfer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Verdicts, sample counts, scans and SLO searches as report.json, report.csv and the summary show them. */
class ReportVerdictsTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String WHY = "B's gain is A's updates taken away";

  private static Reference shape(Map<String, String> at, Transfer transfer, Optional<String> against) {
    return new Reference(at, "throughput", "OVERALL", OptionalDouble.of(5890), "ops/s", "workload B",
        transfer, Map.of(), against);
  }

  private static Map<String, String> ordered(String... keysAndValues) {
    Map<String, String> m = new java.util.LinkedHashMap<>();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      m.put(keysAndValues[i], keysAndValues[i + 1]);
    }
    return m;
  }

  private static ExperimentSpec single(String id, String study, Reference... refs) {
    ExperimentSpec.Builder b = ExperimentSpec.builder(id).study(study).workload("a");
    for (Reference r : refs) {
      b.reference(r);
    }
    return b.build();
  }

  @Test
  void aShapeAgainstAnotherExperimentIsJudgedFromItsFolder(@TempDir Path root) throws Exception {
    ResultsWriter w = new ResultsWriter(root);
    w.plan(single("D1-workload-a", "D1"));
    w.trial("D1-workload-a", "t001-r1", 3000, true, "none");
    Path d2 = w.plan(single("D2-workload-b", "D2", shape(Map.of(),
        Transfer.Shape.up(WHY), Optional.of("D1-workload-a"))));
    w.trial("D2-workload-b", "t001-r1", 4500, true, "none");

    ExperimentReport.write(d2);
    JsonNode ref = JSON.readTree(d2.resolve("report.json").toFile()).get("references").get(0);
    assertThat(ref.get("verdict").asText()).isEqualTo("agrees");
    assertThat(ref.get("why").asText()).startsWith("+50.0 % [+").endsWith("] against"
        + " D1-workload-a; expected up (the direction transfers, not the size)");
    assertThat(ref.get("effect").asDouble()).isEqualTo(50.0);
    assertThat(ref.get("ci95").get(0).asDouble()).isBetween(45.0, 50.0);
    assertThat(ref.get("ci95").get(1).asDouble()).isBetween(50.0, 55.0);
    assertThat(ref.get("method").asText()).startsWith("moving-block bootstrap within one trial");
    assertThat(ref.get("repetitions").get("measured").asInt()).isEqualTo(1);
    assertThat(ref.get("rule").asText()).isEqualTo(WHY);
    assertThat(ref.get("window").asText()).isEqualTo("each trial's whole measured window");
    assertThat(ref.get("baselineExperiment").asText()).isEqualTo("D1-workload-a");
    assertThat(ref.get("samples").asLong()).isEqualTo(90_000);
    assertThat(Files.readAllLines(d2.resolve("report.csv")))
        .anyMatch(l -> l.startsWith("OVERALL,throughput,ops/s,4500.000,")
            && l.contains(",5890.000,agrees,\"+50.0 % [+"));
  }

  @Test
  void theSummaryCallsTheBaselinesOwnFigureTheBaselineNotAChangeOfZero(@TempDir Path root) {
    ResultsWriter w = new ResultsWriter(root);
    Path d1 = w.plan(single("D1-workload-a", "D1", shape(Map.of(),
        Transfer.Shape.up(WHY), Optional.empty())));
    w.trial("D1-workload-a", "t001-r1", 3000, true, "none");

    assertThat(VerdictSummary.rows(d1, Optional.empty())).singleElement()
        .extracting(VerdictSummary.Row::measuredChange).isEqualTo("baseline");
  }

  @Test
  void aSiblingThatHasNotRunLeavesTheShapeNotComparable(@TempDir Path root) {
    ResultsWriter w = new ResultsWriter(root);
    Path d3 = w.plan(single("D3-workload-e", "D3", shape(Map.of(),
        Transfer.Shape.down(WHY), Optional.of("D1-workload-a"))));
    w.trial("D3-workload-e", "t001-r1", 300, true, "none");
    List<VerdictSummary.Row> rows = VerdictSummary.rows(d3, Optional.empty());
    assertThat(rows).singleElement().satisfies(r -> {
      assertThat(r.verdict()).isEqualTo(Verdict.notComparable(
          "D1-workload-a has no results beside this experiment: run it too"));
      assertThat(r.study()).isEqualTo("D3");
    });
  }

  @Test
  void aSkippedStudyListsItsReferencesWithTheReason(@TempDir Path root) {
    ResultsWriter w = new ResultsWriter(root);
    Path a7 = w.plan(single("A7-stripewidth", "A7", shape(Map.of(),
        new Transfer.PlatformOnly("a vSAN storage policy"), Optional.empty())));
    List<VerdictSummary.Row> rows = VerdictSummary.rows(a7, Optional.of("needs vsan"));
    assertThat(rows).singleElement().extracting(VerdictSummary.Row::verdict)
        .isEqualTo(Verdict.notComparable("study skipped: needs vsan"));
    assertThat(VerdictSummary.render(rows)).startsWith(
        "verdicts: 1 references — 0 agree, 0 disagree, 0 inconclusive, 1 not comparable here\n")
        .contains("study skipped: needs vsan");
  }

  @Test
  void notSteadyTrialsShowInEveryOutput(@TempDir Path root) throws Exception {
    ResultsWriter w = new ResultsWriter(root);
    ExperimentSpec spec = ExperimentSpec.builder("A9-durability").study("A9").workload("a")
        .sweep(Sweep.cartesian(Map.of("mongodb.durability", List.of("durable", "balanced"))))
        .baseline(Map.of("mongodb.durability", "durable"))
        .reference(shape(Map.of("mongodb.durability", "balanced"),
            Transfer.Shape.up(WHY), Optional.empty())).build();
    Path dir = w.plan(spec);
    w.trial("A9-durability", "t001-mongodb.durability=durable-r1", 1000, true, "none");
    w.trial("A9-durability", "t002-mongodb.durability=balanced-r1", 1500, false, "none");

    ExperimentReport.write(dir);
    JsonNode report = JSON.readTree(dir.resolve("report.json").toFile());
    assertThat(report.get("references").get(0).get("why").asText()).isEqualTo(
        "not steady: t002-mongodb.durability=balanced-r1 found no steady window in 20 s measured");
    assertThat(report.get("trials").get(1).get("steady").asBoolean()).isFalse();
    assertThat(report.get("points").get(1).get("steady").asInt()).isZero();
    assertThat(Files.readString(dir.resolve("report.html"))).contains("NOT steady")
        .contains("not comparable here");
  }

  @Test
  void aFigureAtTheBaselinesXValueInAnotherSeriesIsMeasuredAgainstTheStudysBaseline(
      @TempDir Path root) throws Exception {
    // A6: w is the x-axis; rs=3 w=1 shares the baseline's w, not its topology
    ResultsWriter w = new ResultsWriter(root);
    Map<String, List<String>> swept = new java.util.LinkedHashMap<>();
    swept.put("topology", List.of("rs=1", "rs=3"));
    swept.put("mongodb.writeConcern.w", List.of("1", "1"));
    ExperimentSpec spec = ExperimentSpec.builder("A6-replica-set").study("A6").workload("a")
        .sweep(Sweep.zipped(swept))
        .baseline(Map.of("topology", "rs=1"))
        .reference(shape(ordered("topology", "rs=3", "mongodb.writeConcern.w", "1"),
            Transfer.Shape.down(WHY), Optional.empty())).build();
    Path dir = w.plan(spec);
    w.trial("A6-replica-set", "t001-topology=rs=1-mongodb.writeConcern.w=1-r1", 1000, true, "none");
    w.trial("A6-replica-set", "t002-topology=rs=3-mongodb.writeConcern.w=1-r1", 800, true, "none");
    assertThat(VerdictSummary.rows(dir, Optional.empty())).singleElement()
        .extracting(VerdictSummary.Row::verdict).satisfies(v -> {
          assertThat(v.kind()).isEqualTo(Verdict.Kind.AGREES);
          assertThat(v.reason()).startsWith("-20.0 % [").contains("] against topology=rs=1"
              + " mongodb.writeConcern.w=1; expected down");
        });
  }

  @Test
  void scansShowTheirDocumentsAndBytesPerScan(@TempDir Path root) throws Exception {
    ResultsWriter w = new ResultsWriter(root);
    Path dir = w.plan(single("D3-workload-e", "D3"));
    w.trial("D3-workload-e", "t001-r1", ResultsWriter.scan(250, 50), true, "none");
    ExperimentReport.write(dir);
    JsonNode scan = JSON.readTree(dir.resolve("report.json").toFile()).get("points").get(0)
        .get("values").get("SCAN");
    assertThat(scan.get("documents").get("median").asDouble()).isEqualTo(50);
    assertThat(scan.get("bytes").get("median").asDouble()).isEqualTo(102_400);
    assertThat(scan.get("samples").asLong()).isEqualTo(5_000);
    assertThat(Files.readAllLines(dir.resolve("report.csv")))
        .anyMatch(l -> l.startsWith("SCAN,documents,docs/op,50.000,"));
  }

  @Test
  void anSloSearchShowsItsProbesBracketAndAnswer(@TempDir Path root) throws Exception {
    ResultsWriter w = new ResultsWriter(root);
    ExperimentSpec spec = ExperimentSpec.builder("B2-balanced-slo").study("B2").workload("a")
        .sweep(Sweep.cartesian(Map.of("workload", List.of("a"))))
        .slo(new SloSpec("READ", "p99", 10, 2, "response")).build();
    Path dir = w.plan(spec);
    w.trial("B2-balanced-slo", "t001-workload=a-r1-slo0", 2000, true, "none");
    w.trial("B2-balanced-slo", "t001-workload=a-r1-slo1", 1000, true, "1000.0");
    w.trial("B2-balanced-slo", "t001-workload=a-r1-slo2", 1500, true, "1500.0");
    ResultsWriter.write(dir.resolve("slo-t001-workload=a-r1.json"), """
        {"format": "ycsb-mongo-refarch/slo-search/1", "trial": "t001-workload=a-r1",
         "probes": [
           {"step": 0, "trial": "t001-workload=a-r1-slo0", "targetOpsPerSecond": null, "throughput": 2000, "latencyMs": 14.2, "met": false, "steady": true},
           {"step": 1, "trial": "t001-workload=a-r1-slo1", "targetOpsPerSecond": 1000, "throughput": 1000, "latencyMs": 4.1, "met": true, "steady": true},
           {"step": 2, "trial": "t001-workload=a-r1-slo2", "targetOpsPerSecond": 1500, "throughput": 1500, "latencyMs": 11.0, "met": false, "steady": true}],
         "bracket": {"lowOpsPerSecond": 1000, "highOpsPerSecond": 1500},
         "answerOpsPerSecond": 1000, "why": "the highest target that met the SLO"}
        """);

    ExperimentReport.write(dir);
    JsonNode report = JSON.readTree(dir.resolve("report.json").toFile());
    assertThat(report.get("trialCounts").get("completed").asInt()).isEqualTo(3);
    assertThat(report.get("trialCounts").get("missing").asInt()).isZero();
    assertThat(report.get("unplanned")).isEmpty();
    JsonNode search = report.get("sloSearches").get(0);
    assertThat(search.get("answerOpsPerSecond").asDouble()).isEqualTo(1000);
    assertThat(search.get("probes")).hasSize(3);
    assertThat(search.get("bracketHighOpsPerSecond").asDouble()).isEqualTo(1500);
    assertThat(Files.readString(dir.resolve("report.html")))
        .contains("t001-workload=a-r1: 1000 ops/s")
        .contains("the highest target that met the SLO; the search ended between 1000 and 1500 ops/s.");
  }
}
