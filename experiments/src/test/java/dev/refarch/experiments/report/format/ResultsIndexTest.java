package dev.refarch.experiments.report.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.refarch.experiments.report.ExperimentResults;
import dev.refarch.experiments.report.Fixtures;
import dev.refarch.experiments.report.ReportException;
import dev.refarch.experiments.report.TrialRecord;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The index of a results folder, and folders of trials without a plan (SloTrial's). */
class ResultsIndexTest {

  private static final Locale DEFAULT = Locale.getDefault();

  @AfterEach
  void restoreLocale() {
    Locale.setDefault(DEFAULT);
  }

  private static Path results(Path dir) {
    Fixtures.copy(Fixtures.A1, dir);
    Fixtures.copy(Fixtures.A12, dir);
    Fixtures.copy(Fixtures.B2, dir);
    return dir.resolve("results");
  }

  @Test
  void indexMatchesItsGoldenFileInEveryLocale(@TempDir Path dir) {
    Path root = results(dir);
    ResultsIndex.reportAll(root);
    for (Locale locale : List.of(Locale.ROOT, Locale.GERMANY)) {
      Locale.setDefault(locale);
      Golden.assertMatches("index/index.html", Golden.read(ResultsIndex.write(root)));
    }
  }

  @Test
  void indexGivesEachExperimentsStatusTrialCountsHeadlineAndVerdicts(@TempDir Path dir) {
    Path root = results(dir);
    List<ReportFiles> reports = ResultsIndex.reportAll(root);
    assertThat(reports).hasSize(3);
    String html = Golden.read(root.resolve(ResultsIndex.FILE));

    assertThat(html).contains("<a href=\"A1-client-threads/report.html\">A1: client threads</a>",
        "<span class=\"badge status-partial\">partial</span>", "9 of 10 ran",
        "1 failed, 1 missing", "<span class=\"badge status-complete\">complete</span>",
        "ops/s</b>", "<span class=\"note\">n ");
    ResultsIndex.Row a1 = ResultsIndex.row(root.resolve("A1-client-threads"));
    assertThat(a1.status()).isEqualTo(ResultsIndex.Status.PARTIAL);
    assertThat(List.of(a1.planned(), a1.ran(), a1.failed(), a1.missing()))
        .containsExactly(10L, 9L, 1L, 1L);
    assertThat(a1.steady() + a1.notSteady()).isEqualTo(8);
    assertThat(a1.verdicts()).isNotEmpty();
    assertThat(a1.date()).matches("\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC");
    assertThat(a1.best()).hasValueSatisfying(p -> assertThat(p.parameters())
        .containsEntry("workload", "b"));
  }

  @Test
  void aFolderOfSloTrialResultsReportsOnePointPerTrial(@TempDir Path dir) {
    Path slo = Fixtures.copy(Fixtures.SLO, dir);
    assertThat(ExperimentResults.isExperiment(slo)).isTrue();
    ExperimentResults r = ExperimentResults.load(slo);

    assertThat(r.plan().experiment()).isEqualTo("slo");
    assertThat(r.plan().sweep().mode()).contains("readproportion", "updateproportion");
    assertThat(r.points()).extracting(p -> p.parameters().get("trial"))
        .containsExactly("workload-a-200ops", "workload-b-200ops");
    assertThat(r.trials()).allSatisfy(t -> assertThat(t.status())
        .isEqualTo(TrialRecord.Status.COMPLETED));
    assertThat(SweepCharts.categorical(r)).isTrue();

    String html = Golden.read(ExperimentReport.write(slo).html());
    assertThat(html).contains("slo: trials run without a plan", "id=\"fig-throughput\"",
        "readproportion=0.5", "readproportion=0.95");
    assertThat(ResultsIndex.experiments(slo.getParent())).containsExactly(slo);
  }

  @Test
  void aFolderWithNeitherPlanNorTrialsSaysWhereToPointTheReport(@TempDir Path dir)
      throws Exception {
    Path empty = Files.createDirectories(dir.resolve("empty"));
    assertThatThrownBy(() -> ExperimentReport.write(empty)).isInstanceOf(ReportException.class)
        .hasMessageContaining("no plan and no trial folders")
        .hasMessageContaining("target/slo-results/slo");
    assertThat(ResultsIndex.experiments(dir)).isEmpty();
  }
}
