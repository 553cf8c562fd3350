package dev.refarch.experiments.exec;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.refarch.experiments.spec.SpecReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SLO search end to end, against the synthetic DB configured as one server slot of 4 ms: four
 * threads queue for it, so unthrottled an operation waits for the three others (about 16 ms),
 * while at a low target it finds the slot free (about 4 ms). A 10 ms bound lies between the two
 * with room for a loaded machine's preemptions, so what this test checks is the search — probes,
 * bracket, answer and its report — not how fast the machine is. The SLO is on service time, which
 * includes the queue for the slot. The first second of each probe is warm-up. The search's logic
 * for any outcome of the probes is {@link SloSearchTest}'s.
 */
class SloSearchIT {

  private static final String SPEC = """
      id: slo-synthetic
      cluster: {type: uri, uri: "mongodb://127.0.0.1:1/", topology: standalone}
      phases: [run]
      threads: 4
      warmup: 1s
      properties:
        db: dev.refarch.ycsb.measure.MeasuredDb
        measurement.delegate: dev.refarch.ycsb.testing.SyntheticDb
        synthetic.medianUs: "4000"
        synthetic.sigma: "0.1"
        synthetic.serverSlots: "1"
        workload: site.ycsb.workloads.CoreWorkload
        recordcount: "1000"
        operationcount: "100000000"
        maxexecutiontime: "4"
        readproportion: "0"
        updateproportion: "1"
        requestdistribution: uniform
      slo: {operation: UPDATE, metric: p99, boundMs: 10, steps: 4, latency: service}
      """;

  @Test
  void bisectionConvergesOnTheHighestThroughputMeetingTheSlo(@TempDir Path dir) throws Exception {
    var outcome = new ExperimentRunner(dir, Progress.silent())
        .run(SpecReader.parse("slo.yaml", SPEC, null), false);
    assertThat(outcome.anyFailed()).as(outcome.trials().toString()).isFalse();
    assertThat(outcome.trials()).extracting(ExperimentRunner.TrialOutcome::id)
        .containsExactly("t001-r1-slo0", "t001-r1-slo1", "t001-r1-slo2", "t001-r1-slo3",
            "t001-r1-slo4");

    JsonNode slo = new ObjectMapper().readTree(Files.readString(
        dir.resolve("slo-synthetic").resolve("slo-t001-r1.json")));
    List<JsonNode> probes = new ArrayList<>();
    slo.get("probes").forEach(probes::add);
    JsonNode unthrottled = probes.get(0);
    assertThat(unthrottled.get("met").asBoolean()).as("four threads queueing on one slot miss 10 ms")
        .isFalse();
    double max = unthrottled.get("throughput").asDouble();
    // one slot of 4 ms serves at most 250 ops/s
    assertThat(max).as("one 4 ms slot's capacity is 250 ops/s").isPositive().isLessThan(260);

    double best = slo.get("bestTargetOpsPerSecond").asDouble();
    assertThat(best).as(slo.toString()).isPositive().isLessThan(max);
    // every probe at or below the answer met the SLO, every one above it missed: a bisection
    // whose bracket closed around the crossing; the unthrottled probe's miss starts the bracket
    double lowestMiss = max;
    for (JsonNode p : probes.subList(1, probes.size())) {
      double target = p.get("target").asDouble();
      if (p.get("met").asBoolean()) {
        assertThat(target).isLessThanOrEqualTo(best);
      } else {
        assertThat(target).isGreaterThan(best);
        lowestMiss = Math.min(lowestMiss, target);
      }
    }
    assertThat(lowestMiss - best).as("bracket after 4 steps").isLessThanOrEqualTo(max / 16 + 1);
  }
}
