package dev.refarch.experiments.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.refarch.experiments.report.format.ExperimentReport;
import dev.refarch.ycsb.measure.HdrLogs;
import dev.refarch.ycsb.measure.LatencyStats;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ExperimentResultsTest {

  private static final Path A1 = Fixtures.root().resolve(Fixtures.A1);

  @Test
  void repetitionsBecomeOnePointWithMedianAndRange() {
    ExperimentResults r = ExperimentResults.load(A1);
    Point a1 = r.point(Map.of("workload", "a", "threadcount", "1")).orElseThrow();
    assertThat(a1.trials()).extracting(TrialRecord::id)
        .containsExactly("t001-workload-a-threadcount-1-r1", "t002-workload-a-threadcount-1-r2");
    double r1 = a1.trials().get(0).value(Quantity.OVERALL, Quantity.THROUGHPUT).getAsDouble();
    double r2 = a1.trials().get(1).value(Quantity.OVERALL, Quantity.THROUGHPUT).getAsDouble();
    Stat s = a1.stat(Quantity.OVERALL, Quantity.THROUGHPUT).orElseThrow();
    assertThat(s.median()).isCloseTo((r1 + r2) / 2, within(1e-9));
    assertThat(s.min()).isEqualTo(Math.min(r1, r2));
    assertThat(s.max()).isEqualTo(Math.max(r1, r2));
    assertThat(s.count()).isEqualTo(2);
  }

  @Test
  void overallThroughputIsTheSumOverOperations() {
    TrialRecord t = ExperimentResults.load(A1).trials().get(0);
    assertThat(t.value(Quantity.OVERALL, Quantity.THROUGHPUT).getAsDouble()).isCloseTo(
        t.value("READ", Quantity.THROUGHPUT).getAsDouble()
            + t.value("UPDATE", Quantity.THROUGHPUT).getAsDouble(), within(1e-9));
  }

  @Test
  void overallLatencyIsTheHistogramUnionOfAllOperations() {
    TrialRecord t = ExperimentResults.load(A1).trials().get(0);
    Map<String, Histogram> tags = HdrLogs.totalsByTag(t.folder().orElseThrow().resolve("run.hlog"));
    Histogram union = new Histogram(3);
    union.add(tags.get("READ.service"));
    union.add(tags.get("UPDATE.service"));
    assertThat(t.value(Quantity.OVERALL, Quantity.P99).getAsDouble())
        .isEqualTo(LatencyStats.of(union).p99() / 1000.0);
    assertThat(t.value("READ", Quantity.P99).getAsDouble())
        .isEqualTo(LatencyStats.of(tags.get("READ.service")).p99() / 1000.0);
  }

  @Test
  void aFailedTrialKeepsItsFailureAndAMissingOneIsMissing() {
    Point b4 = ExperimentResults.load(A1).point(Map.of("workload", "b", "threadcount", "4"))
        .orElseThrow();
    assertThat(b4.trials()).extracting(TrialRecord::status)
        .containsExactly(TrialRecord.Status.FAILED, TrialRecord.Status.MISSING);
    assertThat(b4.trials().get(0).failures()).singleElement().asString()
        .startsWith("phase run timed out after PT3S");
    assertThat(b4.stat(Quantity.OVERALL, Quantity.THROUGHPUT)).isEmpty();
  }

  @Test
  void chartsPutTheNumericSweptParameterOnTheXAxisWithOneSeriesPerWorkload() {
    ExperimentResults r = ExperimentResults.load(A1);
    assertThat(r.xParameter()).contains("threadcount");
    assertThat(r.xValues()).containsExactly("1", "2", "4");
    assertThat(r.series()).containsOnlyKeys(Map.of("workload", "a"), Map.of("workload", "b"));
  }

  @Test
  void withoutNumbersTheLastVaryingParameterIsTheXAxis() {
    assertThat(ExperimentResults.load(Fixtures.root().resolve(Fixtures.A12)).xParameter())
        .contains("fault");
  }

  @Test
  void anUnreadableTrialJsonMakesAFailedTrialNotACrash(@TempDir Path dir) throws Exception {
    Path copy = Fixtures.copy(Fixtures.A1, dir);
    Files.writeString(copy.resolve("t001-workload-a-threadcount-1-r1/trial.json"), "{ broken");
    TrialRecord t = ExperimentResults.load(copy).trials().get(0);
    assertThat(t.status()).isEqualTo(TrialRecord.Status.FAILED);
    assertThat(t.failures()).singleElement().asString().startsWith("trial.json cannot be read");
  }

  @Test
  void foldersThePlanDoesNotListAreNamedNotCounted(@TempDir Path dir) throws Exception {
    Path copy = Fixtures.copy(Fixtures.A1, dir);
    Files.createDirectories(copy.resolve("t099-extra"));
    Files.copy(copy.resolve("t001-workload-a-threadcount-1-r1/trial.json"),
        copy.resolve("t099-extra/trial.json"));
    Files.createDirectories(copy.resolve(".t001-workload-a-threadcount-1-r1.staging-1-2"));
    ExperimentResults r = ExperimentResults.load(copy);
    assertThat(r.unplanned()).containsExactly("t099-extra");
    assertThat(r.trials()).hasSize(10);
  }

  @Test
  void theRunnersTargetBecomesAParameterWhenThePlanHasNone(@TempDir Path dir) throws Exception {
    Path copy = Fixtures.copy(Fixtures.A1, dir);
    Path json = copy.resolve("t001-workload-a-threadcount-1-r1/trial.json");
    Files.writeString(json, Files.readString(json).replace("\"target\" : \"none\"",
        "\"target\" : \"500.0\""));
    TrialRecord t = ExperimentResults.load(copy).trials().get(0);
    assertThat(t.parameters()).containsEntry("target", "500");
  }

  @Test
  void lostWritesComeFromTheAuditInTrialJson(@TempDir Path dir) throws Exception {
    Path copy = Fixtures.copy(Fixtures.A1, dir);
    Path json = copy.resolve("t001-workload-a-threadcount-1-r1/trial.json");
    Files.writeString(json, Files.readString(json).replace("\"faults\" : [ ],",
        "\"audit\" : { \"acknowledged\" : 1200, \"lost\" : 3, \"rollback\" : { \"documents\""
        + " : 4, \"lostFound\" : 3, \"members\" : [ \"rs0-1\" ], \"caughtUp\" : true } },\n"
        + "  \"faults\" : [ ],"));
    ExperimentResults r = ExperimentResults.load(copy);
    assertThat(r.trials().get(0).value(Quantity.OVERALL, Quantity.LOST_WRITES)).hasValue(3);
    assertThat(r.trials().get(0).value(Quantity.OVERALL, Quantity.ACKNOWLEDGED_WRITES))
        .hasValue(1200);
    assertThat(r.trials().get(0).value(Quantity.OVERALL, Quantity.ROLLED_BACK)).hasValue(4);
    assertThat(r.trials().get(1).value(Quantity.OVERALL, Quantity.LOST_WRITES)).isEmpty();

    ExperimentReport.write(copy);
    assertThat(Files.readString(copy.resolve("report.html"))).contains(
        "<th>acknowledged writes</th><th>acknowledged and lost</th><th>in rollback files</th>");
  }

  @Test
  void lostUpdatesCountAmongTheLostWritesAndStandAsTheUpdatesOwn(@TempDir Path dir)
      throws Exception {
    Path copy = Fixtures.copy(Fixtures.A1, dir);
    Path json = copy.resolve("t001-workload-a-threadcount-1-r1/trial.json");
    Files.writeString(json, Files.readString(json).replace("\"faults\" : [ ],",
        "\"audit\" : { \"acknowledged\" : 1200, \"lost\" : 3, \"updates\" : {"
        + " \"acknowledged\" : 800, \"lost\" : 5, \"lostRecords\" : 4 } },\n"
        + "  \"faults\" : [ ],"));
    TrialRecord t = ExperimentResults.load(copy).trials().get(0);
    assertThat(t.value(Quantity.OVERALL, Quantity.LOST_WRITES)).hasValue(8);
    assertThat(t.value(Quantity.OVERALL, Quantity.ACKNOWLEDGED_WRITES)).hasValue(2000);
    assertThat(t.value("UPDATE", Quantity.LOST_WRITES)).hasValue(5);
    assertThat(t.value("UPDATE", Quantity.ACKNOWLEDGED_WRITES)).hasValue(800);
    assertThat(t.value("READ", Quantity.LOST_WRITES)).isEmpty();

    ExperimentReport.write(copy);
    assertThat(Files.readString(copy.resolve("report.html"))).contains(
        "<th>acknowledged writes</th><th>acknowledged and lost</th><th>of them updates</th>"
        + "<th>updates lost</th>");
  }
}
