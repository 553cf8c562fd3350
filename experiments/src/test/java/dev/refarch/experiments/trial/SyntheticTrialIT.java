package dev.refarch.experiments.trial;

import static org.assertj.core.api.Assertions.assertThat;

import dev.refarch.experiments.results.TrialResult;
import dev.refarch.platform.spi.Phase;
import dev.refarch.platform.spi.PlatformState;
import dev.refarch.ycsb.measure.HdrLogs;
import dev.refarch.ycsb.measure.LatencyStats;
import dev.refarch.ycsb.measure.MeasuredDb;
import dev.refarch.ycsb.measure.OperationSummary;
import dev.refarch.ycsb.testing.SyntheticDb;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A four-client trial against the synthetic ground-truth DB: the merge loses and invents nothing. */
class SyntheticTrialIT {

  @Test
  void fourClientsMergeIntoTheUnionOfTheirOperations(@TempDir Path dir) throws Exception {
    TrialSpec spec = TrialSpec.builder("synthetic", "four-clients").cluster("mongodb://127.0.0.1:1/")
        .db(MeasuredDb.class.getName())
        .property("measurement.delegate", SyntheticDb.class.getName())
        .property("synthetic.medianUs", "30")
        .property("synthetic.errorEvery", "40")
        .property("synthetic.truthDir", dir.resolve("truth").toString())
        .property("workload", "site.ycsb.workloads.CoreWorkload")
        .property("recordcount", "1000").property("operationcount", "8000")
        .property("readproportion", "1").property("updateproportion", "0")
        .phases(false, true).clients(4).threadsPerClient(1).build();
    TrialResult r = new TrialRunner(dir.resolve("results")).run(spec, PlatformState.empty());
    assertThat(r.failures()).isEmpty();

    long truthOk;
    long truthAll;
    try (Stream<Path> files = Files.list(dir.resolve("truth"))) {
      var lines = files.flatMap(f -> {
        try {
          return Files.readAllLines(f).stream();
        } catch (java.io.IOException e) {
          throw new java.io.UncheckedIOException(e);
        }
      }).toList();
      truthAll = lines.size();
      truthOk = lines.stream().filter(l -> l.endsWith(" OK")).count();
    }
    assertThat(truthAll).isEqualTo(8000);
    OperationSummary read = r.summary(Phase.RUN).orElseThrow().operation("READ").orElseThrow();
    assertThat(read.counts()).containsEntry("OK", truthOk).containsEntry("ERROR", truthAll - truthOk);

    Histogram union = new Histogram(3);
    for (int i = 0; i < 4; i++) {
      union.add(HdrLogs.totalsByTag(r.folder().resolve("clients/run-" + i + "/measurements/latency.hlog"))
          .get("READ.service"));
    }
    assertThat(union.getTotalCount()).isEqualTo(truthOk);
    assertThat(read.serviceTime()).isEqualTo(LatencyStats.of(union));
    assertThat(HdrLogs.totalsByTag(r.folder().resolve("run.hlog")).get("READ.service")).isEqualTo(union);
  }
}
