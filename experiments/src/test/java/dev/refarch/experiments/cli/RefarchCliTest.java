package dev.refarch.experiments.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The command line's contract: plans, listings and exit codes (0 ok, 1 trial failed, 2 bad input). */
class RefarchCliTest {

  private record Run(int exit, String out, String err) {
  }

  private static Run run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cli = Refarch.commandLine();
    cli.setOut(new PrintWriter(out));
    cli.setErr(new PrintWriter(err));
    java.io.PrintStream stdout = System.out;
    java.io.ByteArrayOutputStream captured = new java.io.ByteArrayOutputStream();
    System.setOut(new java.io.PrintStream(captured, true, java.nio.charset.StandardCharsets.UTF_8));
    try {
      int exit = cli.execute(args);
      return new Run(exit, out + captured.toString(java.nio.charset.StandardCharsets.UTF_8), err.toString());
    } finally {
      System.setOut(stdout);
    }
  }

  @Test
  void dryRunPrintsThePlanWithStableIdsAndRunsNothing(@TempDir Path dir) {
    Run r = run("run", "A1", "--dry-run", "--results", dir.toString());
    assertThat(r.exit()).isZero();
    assertThat(r.out()).contains("A1-client-threads — A1: client threads [laptop], 12 trial(s),"
        + " 1 to 3 repetitions of each point, interleaved: another round while a verdict on a"
        + " point is inconclusive, within 180 s")
        .contains("t001-workload=a-threadcount=4-r1  rs=1 · 1 client × 4 threads\n")
        .contains("t004-workload=b-threadcount=16-r1").contains("until steady")
        .contains("t004-workload=b-threadcount=16-r3  rs=1 · 1 client × 16 threads  (only while a"
            + " verdict on the point is inconclusive)");
    assertThat(dir.resolve("A1-client-threads")).doesNotExist();
  }

  @Test
  void dryRunOfTheTourListsItsFourExperiments() {
    Run r = run("run", "tour", "--dry-run");
    assertThat(r.out()).contains("tour-1-baseline").contains("tour-2-threads")
        .contains("tour-3-durability").contains("tour-4-failover").contains("faults run+4000ms kill primary");
  }

  @Test
  void setAndClusterOverridesShowInThePlan() {
    Run r = run("run", "D3", "--dry-run", "--set", "threads=2", "--set", "maxscanlength=10",
        "--cluster", "local:rs=1");
    assertThat(r.out()).contains("cluster local rs=1").contains("rs=1 · 1 client × 2 threads")
        .contains("maxscanlength=10");
  }

  @Test
  void thePlanNamesTheHooksThatRunAroundEachPhase() {
    Run r = run("run", "A4", "--dry-run");
    assertThat(r.out()).contains("mongodb.load.cacheSizeGB=1,")
        .contains("requestdistribution=zipfian}, hooks mongodb-load-cache\n");
    assertThat(run("run", "A1", "--dry-run").out()).doesNotContain("hooks");
  }

  @Test
  void clusterWithoutTopologyKeepsTheSpecsSweepOfTopologies() {
    Run r = run("run", "A6", "--dry-run", "--cluster", "local");
    assertThat(r.exit()).isZero();
    assertThat(r.out()).contains("cluster local (topology per trial)").contains("  rs=1 · ")
        .contains("  rs=3 · ");
  }

  @Test
  void unknownClusterProvisionerIsBadInputListingTheKnownOnes() {
    Run r = run("run", "A6", "--dry-run", "--cluster", "nosuch:rs=1");
    assertThat(r.exit()).isEqualTo(Refarch.BAD_INPUT);
    assertThat(r.err()).contains("--cluster='nosuch:rs=1' is not allowed; allowed:"
        + " <provisioner>[:<topology>] with a provisioner of ").contains("local");
  }

  @Test
  void allPlansEveryStudy() {
    Run r = run("run", "all", "--dry-run");
    assertThat(r.exit()).isZero();
    assertThat(r.out()).contains("A1-client-threads").contains("C4-drive-failure").contains("D3-workload-e")
        .doesNotContain("tour-1-baseline");
  }

  @Test
  void unknownStudyIsBadInput() {
    Run r = run("run", "Z9");
    assertThat(r.exit()).isEqualTo(Refarch.BAD_INPUT);
    assertThat(r.err()).contains("experiment='Z9' is not allowed; allowed: a catalog id or study (A1, A2");
  }

  @Test
  void malformedSpecFileIsBadInputWithFileAndLine(@TempDir Path dir) throws Exception {
    Path spec = dir.resolve("bad.yaml");
    Files.writeString(spec, "id: x\nclients: many\n");
    Run r = run("run", spec.toString());
    assertThat(r.exit()).isEqualTo(Refarch.BAD_INPUT);
    assertThat(r.err()).contains(spec + ":2: clients='many' is not allowed; allowed: an integer from 1 to 64");
  }

  @Test
  void unknownScaleIsBadInput() {
    assertThat(run("run", "A1", "--scale", "huge", "--dry-run").err())
        .contains("--scale='huge' is not allowed; allowed: laptop, paper");
  }

  @Test
  void badSetIsBadInput() {
    Run r = run("run", "A1", "--dry-run", "--set", "threads");
    assertThat(r.exit()).isEqualTo(Refarch.BAD_INPUT);
    assertThat(r.err()).contains("--set='threads' is not allowed; allowed: key=value");
  }

  @Test
  void aTimeLimitWithoutUnitIsBadInputBeforeAnythingRuns() {
    Run r = run("run", "all", "--dry-run", "--within", "35");
    assertThat(r.exit()).isEqualTo(Refarch.BAD_INPUT);
    assertThat(r.err()).contains("--within='35' is not allowed; allowed: a duration, e.g. 90s, 6m"
        + " or 1h, or 0 for no limit");
    assertThat(run("run", "all", "--dry-run", "--within", "0").exit()).isZero();
  }

  @Test
  void listShowsEveryStudyAndWhySomeAreSkipped() {
    Run r = run("list");
    assertThat(r.exit()).isZero();
    for (String study : new String[] {"A1", "A7", "A11", "A12", "B2", "C2", "D3"}) {
      assertThat(r.out()).contains(study);
    }
    assertThat(r.out()).contains("manual study").contains("needs a platform that is not configured: vsan");
    assertThat(r.out()).contains("telemetry sources").containsPattern("\\n  mongodb +serverStatus")
        .containsPattern("\\n  process +CPU").containsPattern("\\n  disk +reads");
  }

  @Test
  void aFailedTrialExitsWithOne(@TempDir Path dir) throws Exception {
    Path spec = dir.resolve("failing.yaml");
    Files.writeString(spec, """
        id: failing
        cluster: {type: uri, uri: "mongodb://127.0.0.1:1/", topology: standalone}
        phases: [run]
        properties:
          db: dev.refarch.ycsb.measure.MeasuredDb
          measurement.delegate: com.example.NoSuchBinding
          workload: site.ycsb.workloads.CoreWorkload
          operationcount: "10"
        """);
    Run r = run("run", spec.toString(), "--results", dir.resolve("results").toString());
    assertThat(r.exit()).isEqualTo(Refarch.TRIAL_FAILED);
    assertThat(r.out()).contains("FAILED: client run-0 exited without writing its measurements");
  }

  private static final String SYNTHETIC = SyntheticSpec.of("synthetic",
      "  operationcount: \"2000\"\n", "");

  @Test
  void resumeRefusesTrialsStoredWithOtherSettingsNamingTheKeysAndRerunsThemWhenAsked(
      @TempDir Path dir) throws Exception {
    Path spec = dir.resolve("synthetic.yaml");
    Files.writeString(spec, SYNTHETIC);
    String results = dir.resolve("results").toString();
    Run first = run("run", spec.toString(), "--results", results, "--json");
    assertThat(first.exit()).as(first.err()).isZero();
    var json = new com.fasterxml.jackson.databind.ObjectMapper().readTree(first.out());
    var trial = json.path("experiments").get(0).path("trials").get(0);
    assertThat(trial.path("id").asText()).isEqualTo("t001-r1");
    assertThat(trial.path("status").asText()).isEqualTo("completed");
    assertThat(trial.path("operations").path("READ").path("p99Ms").asDouble()).isPositive();
    Path stored = dir.resolve("results/synthetic/t001-r1/trial.json");
    var storedAt = Files.getLastModifiedTime(stored);

    Run refused = run("run", spec.toString(), "--results", results, "--resume",
        "--set", "recordcount=2000");
    assertThat(refused.exit()).isEqualTo(Refarch.BAD_INPUT);
    assertThat(refused.err().lines()).containsExactly("synthetic t001-r1: completed earlier with"
        + " other settings (recordcount 1000 → 2000); --resume keeps only trials of the same"
        + " settings: add --rerun-changed to run it again, or use another --results");
    assertThat(Files.getLastModifiedTime(stored)).isEqualTo(storedAt);

    Run same = run("run", spec.toString(), "--results", results, "--resume");
    assertThat(same.exit()).isZero();
    assertThat(same.out()).contains("t001-r1 already completed (resumed)")
        .contains("trial").contains("p50 / p99 ms per operation").contains("READ ");

    Run rerun = run("run", spec.toString(), "--results", results, "--resume", "--rerun-changed",
        "--set", "recordcount=2000");
    assertThat(rerun.exit()).as(rerun.err()).isZero();
    assertThat(rerun.out()).contains("t001-r1: stored with other settings; running it again");
    assertThat(Files.readString(stored)).contains("\"property.recordcount\" : \"2000\"");
  }

  @Test
  void everySubcommandHasHelpAndVersion() {
    // picocli formats descriptions: a lone % there makes it warn on standard error
    java.io.PrintStream stderr = System.err;
    java.io.ByteArrayOutputStream warnings = new java.io.ByteArrayOutputStream();
    System.setErr(new java.io.PrintStream(warnings, true, java.nio.charset.StandardCharsets.UTF_8));
    try {
      for (String command : new String[] {"run", "list", "report", "compare", "cluster"}) {
        Run help = run(command, "--help");
        assertThat(help.exit()).as(command + " --help").isZero();
        assertThat(help.out()).contains("Usage: refarch " + command);
        Run version = run(command, "--version");
        assertThat(version.exit()).as(command + " --version").isZero();
        assertThat(version.out()).contains("refarch ");
      }
      assertThat(run("help", "run").out()).contains("Usage: refarch run");
      assertThat(run("compare", "--help").out().replaceAll("\\s+", " "))
          .contains("95 % confidence interval").contains("\"throughput < -5%\"");
    } finally {
      System.setErr(stderr);
    }
    assertThat(warnings.toString(java.nio.charset.StandardCharsets.UTF_8)).as("standard error")
        .doesNotContain("picocli WARN");
  }

  @Test
  void verbosePrintsTheStackTraceOfBadInputToo() {
    Run quiet = run("run", "Z9", "--dry-run");
    assertThat(quiet.err()).doesNotContain("\tat ");
    Run verbose = run("run", "Z9", "--dry-run", "--verbose");
    assertThat(verbose.exit()).isEqualTo(Refarch.BAD_INPUT);
    assertThat(verbose.err()).contains("\tat dev.refarch.experiments.catalog.Catalog.resolve")
        .contains("experiment='Z9' is not allowed");
  }
}
