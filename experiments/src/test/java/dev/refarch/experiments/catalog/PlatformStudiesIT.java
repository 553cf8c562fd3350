package dev.refarch.experiments.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.refarch.experiments.run.ExperimentRunner;
import dev.refarch.experiments.run.Progress;
import dev.refarch.experiments.faults.FaultSchedule;
import dev.refarch.experiments.report.Verdict;
import dev.refarch.experiments.report.VerdictSummary;
import dev.refarch.experiments.report.format.ExperimentReport;
import dev.refarch.experiments.spec.ExperimentSpec;
import dev.refarch.experiments.spec.SteadyRule;
import dev.refarch.experiments.spec.UntilSteady;
import dev.refarch.experiments.spec.Variant;
import dev.refarch.experiments.results.TelemetryFile;
import dev.refarch.platform.santricity.Swagger;
import dev.refarch.platform.santricity.testdouble.SantricityTestDouble;
import dev.refarch.platform.santricity.testdouble.SantricityTestDouble.Flavor;
import dev.refarch.ycsb.measure.Warmup;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The E-Series studies at laptop scale, run whole against the SANtricity test double (no
 * simulator of the array exists) and a local {@code mongod}: the hook builds the pools, volumes
 * and SSD cache of each variant on the double, the fault schedule fails a drive through it, the
 * trials complete, and every reference says that these numbers do not reflect the array.
 * Shortened for CI as {@link CatalogIT} is.
 */
class PlatformStudiesIT {

  private static final ObjectMapper JSON = new ObjectMapper();

  private SantricityTestDouble array;
  private Path passwordFile;

  @BeforeEach
  void startArray(@TempDir Path dir) throws Exception {
    array = SantricityTestDouble.start(Flavor.V12_0X);
    passwordFile = dir.resolve("santricity-password");
    Files.writeString(passwordFile, SantricityTestDouble.PASSWORD);
  }

  @AfterEach
  void stopArray() {
    array.close();
  }

  private ExperimentSpec shortened(String study) {
    ExperimentSpec spec = Catalog.resolve(study, "laptop").get(0);
    ExperimentSpec.Builder b = spec.toBuilder().property("recordcount", "1000")
        .property("santricity.url", array.url())
        .property("santricity.passwordFile", passwordFile.toString())
        .property("santricity.fault.pollMillis", "100")
        // the double answers "initializing" to a new volume's first read, as an array does for
        // hours; at the default 30 s between polls each trial would wait 30 s for it
        .property("santricity.volume.initPollMillis", "100");
    b.warmup(Warmup.none());
    if (spec.untilSteady().isPresent()) {
      b.untilSteady(new UntilSteady(new SteadyRule(2, 1.0, 10.0),
          Duration.ofSeconds(2)));
    }
    spec.variants().forEach((name, v) -> b.variant(name, new Variant(v.properties(),
        v.faults().map(f -> FaultSchedule.parse("2s santricity:fail-drive pool:mongo_ssd_ddp")))));
    if (study.equals("C4")) {
      b.property("maxexecutiontime", "6");
    }
    return b.build();
  }

  /**
   * Plays the array's I/O while a study runs: every 200 ms of its clock, on every volume, 100
   * reads (60 of them from the SSD cache, 300 µs each) and 50 writes (500 µs each) of 4 KiB.
   */
  private static final class ServedIo implements AutoCloseable {
    private final Thread thread;
    private volatile boolean stop;

    private ServedIo(SantricityTestDouble array) {
      thread = new Thread(() -> {
        while (!stop) {
          array.withArray(a -> {
            // serve advances the array's clock: by 200 ms once a round, after the last volume
            var volumes = a.volumes();
            for (int i = 0; i < volumes.size(); i++) {
              a.serve(volumes.get(i).name(), 100, 50, 4096, 100 * 300, 50 * 500, 60,
                  i == volumes.size() - 1 ? 200 : 0);
            }
          });
          try {
            Thread.sleep(200);
          } catch (InterruptedException e) {
            return;
          }
        }
      }, "served-io");
      thread.setDaemon(true);
      thread.start();
    }

    static ServedIo start(SantricityTestDouble array) {
      return new ServedIo(array);
    }

    @Override
    public void close() throws InterruptedException {
      stop = true;
      thread.join(5_000);
    }
  }

  /**
   * The volumes' rates per interval reached the trial's telemetry, as the array's counters and
   * clock give them (so what ServedIo served, within the rounding of the double's split of each
   * counter over two controllers), and every statistics request and answer fits NetApp's swagger.
   */
  private void volumesWereSampledPerInterval(Path trial) {
    List<TelemetryFile.Row> rows = TelemetryFile.read(trial.resolve(TelemetryFile.FILE));
    List<TelemetryFile.Row> reads = rows.stream().filter(w -> w.source().equals("santricity")
        && w.metric().equals("volume.reads")).toList();
    assertThat(reads).as("per-interval volume reads").isNotEmpty()
        .allSatisfy(w -> assertThat(w.value()).isCloseTo(500, within(2.0)));
    assertThat(rows).filteredOn(w -> w.metric().equals("ssdCache.readHits")).isNotEmpty()
        .allSatisfy(w -> assertThat(w.value()).isCloseTo(60, within(0.5)));
    // (100 × 300 + 50 × 500) µs over 150 operations
    assertThat(rows).filteredOn(w -> w.metric().equals("volume.latency")).isNotEmpty()
        .allSatisfy(w -> assertThat(w.value()).isCloseTo(55_000.0 / 150 / 1000, within(0.002)));
    Swagger swagger = Swagger.load(Path.of("../../shared/santricity"), Flavor.V12_0X);
    List<SantricityTestDouble.Exchange> statistics = array.exchanges().stream()
        .filter(e -> e.path().endsWith("/volume-statistics")).toList();
    long rounds = reads.stream().mapToLong(TelemetryFile.Row::epochMs).distinct().count();
    assertThat(statistics).as("a request a round").hasSizeGreaterThanOrEqualTo((int) rounds);
    statistics.forEach(e -> assertThat(swagger.violations(e)).as(e.path()).isEmpty());
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"C1", "C2", "C4"})
  void aStudyRunsItsHooksAgainstTheTestDoubleAndSaysItsNumbersAreNotTheArrays(String study,
      @TempDir Path results) throws Exception {
    ExperimentSpec spec = shortened(study);
    ExperimentRunner.Outcome outcome;
    try (ServedIo io = ServedIo.start(array)) {
      outcome = new ExperimentRunner(results, new Progress(System.out, false)).run(spec, false);
    }

    assertThat(outcome.skipped()).isEmpty();
    assertThat(outcome.trials()).isNotEmpty().allSatisfy(t ->
        assertThat(t.status()).as(t.id() + ": " + t.detail()).isEqualTo("completed"));
    Path first = outcome.folder().resolve(outcome.trials().get(0).id());
    JsonNode trial = JSON.readTree(first.resolve("trial.json").toFile());
    assertThat(trial.get("platformState").get("santricity").get("pool.name").asText())
        .startsWith("mongo_");
    volumesWereSampledPerInterval(first);
    if (study.equals("C4")) {
      assertThat(trial.get("faults").get(0).get("action").asText())
          .isEqualTo("fail-drive");
      assertThat(trial.get("faults").get(0).has("failure")).isFalse();
    }
    ExperimentReport.write(outcome.folder());
    assertThat(Files.readString(outcome.folder().resolve("report.html")))
        .as("the array's own I/O drawn beside a trial's timeline")
        .contains("alt=\"Array volume I/O of ");
    List<VerdictSummary.Row> rows = VerdictSummary.rows(outcome.folder(), Optional.empty());
    assertThat(rows).isNotEmpty().allSatisfy(r -> {
      assertThat(r.verdict().kind()).isEqualTo(Verdict.Kind.NOT_COMPARABLE);
      assertThat(r.verdict().reason()).contains("SANtricity test double")
          .contains("do not reflect the array");
    });
  }
}
