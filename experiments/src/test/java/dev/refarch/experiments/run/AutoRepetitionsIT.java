package dev.refarch.experiments.run;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.refarch.experiments.report.ExperimentResults;
import dev.refarch.experiments.report.ReferenceCheck;
import dev.refarch.experiments.spec.ExperimentSpec;
import dev.refarch.experiments.spec.SpecReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code repetitions: {min, max}} on the synthetic binding: a point runs again while a verdict on
 * it is inconclusive, and no more once every verdict is decided; {@code repetitions.json} says
 * what ran and why the rounds stopped, and the report counts no unrun repetition as missing.
 */
class AutoRepetitionsIT {

  private static final ObjectMapper JSON = new ObjectMapper();

  /**
   * Two points 50 µs and 5 ms a read, one trial each at first; {@code references} appended. The
   * hundredfold ratio keeps "the mean rises" decided on a starved machine: preemption inflates
   * both points' busy-waited reads by the CPU share each trial got, and shares of a loaded CI
   * machine differ by far less than 100×; at 8× (400 µs) one CI run found it inconclusive.
   */
  private static ExperimentSpec spec(String id, String references) {
    return spec(id, 3, references);
  }

  /**
   * The spec: its steady rule is the loosest the spec allows, because these tests are about the
   * rounds, and a trial a loaded CI machine left unsteady makes its verdict not comparable rather
   * than inconclusive, which ends the rounds for a reason these tests do not test (a CI run once
   * found the time-limit case's maximum "not inconclusive" after its first round).
   */
  private static ExperimentSpec spec(String id, int max, String references) {
    return SpecReader.parse(id + ".yaml", "id: " + id + "\n"
        + "repetitions: {min: 1, max: " + max + "}\n" + """
        cluster: {type: uri, uri: "mongodb://127.0.0.1:1/", topology: standalone}
        phases: [run]
        threads: 2
        warmup: 1s
        steady: {window: 3s, band: 1.0, cv: 10, max: 6s}
        properties:
          db: dev.refarch.ycsb.measure.MeasuredDb
          measurement.delegate: dev.refarch.ycsb.testing.SyntheticDb
          workload: site.ycsb.workloads.CoreWorkload
          recordcount: "1000"
          operationcount: "100000000"
          readproportion: "1"
          updateproportion: "0"
        sweep: {parameters: {synthetic.medianUs: ["50", "5000"]}}
        baseline: {synthetic.medianUs: "50"}
        references:
        """ + references, null);
  }

  @Test
  void aDecidedVerdictStopsAfterTheFewestAndAnUndecidableOneRunsToTheMost(@TempDir Path dir)
      throws Exception {
    ExperimentRunner runner = new ExperimentRunner(dir, Progress.silent());
    runner.run(spec("decided", """
          - {parameters: {synthetic.medianUs: "5000"}, metric: mean, operation: READ, transfers: {direction: up, why: "a hundred times the synthetic service time"}}
        """), false);
    Path decided = dir.resolve("decided");
    assertThat(trials(decided)).containsExactlyInAnyOrder("t001-synthetic.medianUs=50-r1",
        "t002-synthetic.medianUs=5000-r1");
    assertThat(rounds(decided).path("rounds")).isEmpty();
    assertThat(rounds(decided).path("stopped").asText())
        .isEqualTo("no verdict is inconclusive after 1 repetitions");

    // a maximum has no interval within one trial: inconclusive, so each point runs again, and
    // after the most repetitions (2) the rounds stop whatever the verdict then is
    runner.run(spec("undecided", 2, """
          - {parameters: {synthetic.medianUs: "5000"}, metric: max, operation: READ, transfers: {direction: up, why: "a hundred times the synthetic service time"}}
        """), false);
    Path undecided = dir.resolve("undecided");
    assertThat(trials(undecided)).hasSize(4);
    JsonNode record = rounds(undecided);
    assertThat(record.path("rounds")).hasSize(1);
    assertThat(record.path("rounds").get(0).path("repetition").asInt()).isEqualTo(2);
    assertThat(record.path("rounds").get(0).path("points")).hasSize(2);
    assertThat(record.path("rounds").get(0).path("points").get(0).path("inconclusive").get(0)
        .asText()).startsWith("max READ at synthetic.medianUs=5000: ").doesNotContain("[");
    assertThat(record.path("stopped").asText()).isIn("no verdict is inconclusive after 2"
        + " repetitions", "the most repetitions (2) ran; 2 point(s) still under an inconclusive"
        + " verdict");
    ExperimentResults results = ExperimentResults.load(undecided);
    assertThat(ReferenceCheck.all(results).get(0).verdict().effect().orElseThrow().method())
        .isEqualTo("two-way model (point + round) on the logs of 2 rounds × 2 points of the"
            + " study, rounds as blocks (df 1)");
    // the decided experiment's unrun repetitions are not missing trials
    assertThat(ExperimentResults.load(decided).trials()).hasSize(2)
        .allMatch(t -> t.status() == dev.refarch.experiments.report.TrialRecord.Status.COMPLETED);
  }

  @Test
  void noFurtherRoundStartsThatWouldEndAfterTheRunsTimeLimit(@TempDir Path dir) throws Exception {
    ExperimentRunner.Started started = new ExperimentRunner(dir, Progress.silent())
        .start(spec("late", 3, """
          - {parameters: {synthetic.medianUs: "5000"}, metric: max, operation: READ, transfers: {direction: up, why: "a hundred times the synthetic service time"}}
        """), ExperimentRunner.ResumeMode.NONE);

    assertThat(started.nextRound(Optional.of(Instant.now()))).isFalse();
    assertThat(started.nextRound(Optional.empty())).as("stopped for good").isFalse();
    Path late = dir.resolve("late");
    assertThat(trials(late)).as("the first round only").hasSize(2);
    assertThat(rounds(late).path("rounds")).isEmpty();
    assertThat(rounds(late).path("stopped").asText())
        .matches("repetition 2 of 2 point\\(s\\) would take about \\d+ s; the run's time limit"
            + " leaves 0 s");
    assertThat(started.outcome().trials()).hasSize(2).noneMatch(ExperimentRunner.TrialOutcome::failed);
  }

  private static List<String> trials(Path dir) throws Exception {
    try (var s = Files.list(dir)) {
      return s.filter(p -> Files.isRegularFile(p.resolve("trial.json")))
          .map(p -> p.getFileName().toString()).toList();
    }
  }

  private static JsonNode rounds(Path dir) throws Exception {
    return JSON.readTree(dir.resolve(RepetitionRounds.FILE).toFile());
  }
}
