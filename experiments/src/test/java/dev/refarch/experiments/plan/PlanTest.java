package dev.refarch.experiments.plan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.refarch.experiments.spec.ExperimentSpec;
import dev.refarch.experiments.spec.Sweep;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PlanTest {

  private static Map<String, List<String>> params(Object... kv) {
    Map<String, List<String>> m = new LinkedHashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      @SuppressWarnings("unchecked")
      List<String> values = (List<String>) kv[i + 1];
      m.put((String) kv[i], values);
    }
    return m;
  }

  @Test
  void cartesianSweepVariesTheLastParameterFastestAndInterleavesRepetitionsWithStableIds() {
    ExperimentSpec spec = ExperimentSpec.builder("e").repetitions(2).sweep(Sweep.cartesian(params(
        "workload", List.of("a", "b"), "threadcount", List.of("8", "16")))).build();
    Plan plan = Plan.of(spec, Map.of());
    assertThat(plan.trials()).extracting(PlannedTrial::id).containsExactly(
        "t001-workload=a-threadcount=8-r1", "t002-workload=a-threadcount=16-r1",
        "t003-workload=b-threadcount=8-r1", "t004-workload=b-threadcount=16-r1",
        "t001-workload=a-threadcount=8-r2", "t002-workload=a-threadcount=16-r2",
        "t003-workload=b-threadcount=8-r2", "t004-workload=b-threadcount=16-r2");
    assertThat(plan.trials()).extracting(PlannedTrial::repetition)
        .containsExactly(1, 1, 1, 1, 2, 2, 2, 2);
    assertThat(Plan.of(spec, Map.of()).trials()).isEqualTo(plan.trials());
    assertThat(plan.baselineTrial().orElseThrow().id()).isEqualTo(
        "t001-workload=a-threadcount=8-r1");
  }

  @Test
  void repetitionsInterleaveWithinEachTopologySoThatEveryClusterStartsOnce() {
    ExperimentSpec spec = ExperimentSpec.builder("e").repetitions(2).sweep(Sweep.cartesian(params(
        "topology", List.of("rs=1", "rs=3"), "workload", List.of("a", "b")))).build();
    assertThat(Plan.of(spec, Map.of()).trials()).extracting(PlannedTrial::id).containsExactly(
        "t001-topology=rs=1-workload=a-r1", "t002-topology=rs=1-workload=b-r1",
        "t001-topology=rs=1-workload=a-r2", "t002-topology=rs=1-workload=b-r2",
        "t003-topology=rs=3-workload=a-r1", "t004-topology=rs=3-workload=b-r1",
        "t003-topology=rs=3-workload=a-r2", "t004-topology=rs=3-workload=b-r2");
  }

  @Test
  void zippedSweepTakesTheIthValuesTogether() {
    ExperimentSpec spec = ExperimentSpec.builder("e").sweep(Sweep.zipped(params(
        "topology", List.of("sharded:2x1", "sharded:4x1"), "recordcount", List.of("50", "100"),
        "threadcount", List.of("64", "128")))).build();
    assertThat(Plan.of(spec, Map.of()).trials()).extracting(PlannedTrial::id).containsExactly(
        "t001-topology=sharded_2x1-recordcount=50-threadcount=64-r1",
        "t002-topology=sharded_4x1-recordcount=100-threadcount=128-r1");
  }

  @Test
  void noSweepIsOneTrial() {
    assertThat(Plan.of(ExperimentSpec.builder("e").build(), Map.of()).trials())
        .extracting(PlannedTrial::id).containsExactly("t001-r1");
  }

  @Test
  void studiesNeedingAnUnconfiguredPlatformAreSkippedWithTheReason() {
    ExperimentSpec spec = ExperimentSpec.builder("e").requires("vsan").build();
    assertThat(Plan.of(spec, Map.of()).skipped()).contains("needs a platform that is not"
        + " configured: vsan (set vsan.url, and VSAN_PASSWORD or vsan.passwordFile)");
    assertThat(Plan.of(spec, Map.of("vsan.url", "https://vc/sdk")).skipped()).isEmpty();
  }

  @Test
  void manualStudiesAreSkipped() {
    assertThat(Plan.of(ExperimentSpec.builder("e").manual("hardware").build(), Map.of()).skipped())
        .contains("manual study: hardware");
  }

  @Test
  void baselineTrialMatchesTheBaselinePoint() {
    ExperimentSpec spec = ExperimentSpec.builder("e").sweep(Sweep.cartesian(params(
        "threadcount", List.of("8", "16")))).baseline(Map.of("threadcount", "16")).build();
    assertThat(Plan.of(spec, Map.of()).baselineTrial().orElseThrow().id()).isEqualTo("t002-threadcount=16-r1");
  }

  @Test
  void aTrialWhoseFaultTheInjectorLacksIsUnavailableWithTheReason() {
    ExperimentSpec spec = ExperimentSpec.builder("e")
        .cluster(dev.refarch.experiments.spec.ClusterSpec.uri("mongodb://h/ycsb", "rs=3"))
        .sweep(Sweep.cartesian(params("variant", List.of("host", "disk"))))
        .variant("host", new dev.refarch.experiments.spec.Variant(Map.of(), java.util.Optional.of(
            dev.refarch.experiments.faults.FaultSchedule.parse("120s vsan:host-shutdown esx-02")))
        ).variant("disk", new dev.refarch.experiments.spec.Variant(Map.of(), java.util.Optional.of(
            dev.refarch.experiments.faults.FaultSchedule.parse("120s vsan:disk-failure esx-02"))))
        .build();
    Plan plan = Plan.of(spec, Map.of());
    assertThat(plan.unavailable()).containsOnlyKeys("t002-variant=disk-r1");
    assertThat(plan.unavailable().get("t002-variant=disk-r1"))
        .startsWith("the vsan fault injector has no 'disk-failure' action (it has: ")
        .contains("host-shutdown");
    assertThat(plan.describe()).contains("t002-variant=disk-r1  rs=3 · 1 client × 1 thread"
        + " · variant disk · faults run+120000ms vsan:disk-failure esx-02  — skipped here [1]")
        .contains("  [1] the vsan fault injector has no 'disk-failure' action");
  }

  @Test
  void aUriClusterWithoutAConnectionStringForATopologyCannotRunIt() {
    ExperimentSpec spec = ExperimentSpec.builder("e")
        .cluster(new dev.refarch.experiments.spec.ClusterSpec("uri",
            dev.refarch.platform.spi.Topology.parse("rs=3"), java.util.Optional.empty(), Map.of(),
            Map.of("rs=3", "mongodb://three/ycsb")))
        .sweep(Sweep.cartesian(params("topology", List.of("rs=1", "rs=3")))).build();
    assertThat(Plan.of(spec, Map.of()).unavailable()).containsExactly(
        Map.entry("t001-topology=rs=1-r1", "no connection string for rs=1 (cluster.uris)"));
  }

  @Test
  void planJsonHasTheReportersLayout() throws Exception {
    ExperimentSpec spec = ExperimentSpec.builder("e").study("A1").sweep(Sweep.cartesian(params(
        "threadcount", List.of("8")))).build();
    var json = new com.fasterxml.jackson.databind.ObjectMapper().readTree(PlanJson.render(Plan.of(spec, Map.of())));
    assertThat(json.get("format").asText()).isEqualTo("ycsb-mongo-refarch/plan/2");
    assertThat(json.get("trials").get(0).get("threadsPerClient").asInt()).isEqualTo(8);
    assertThat(json.get("trials").get(0).get("totalThreads").asInt()).isEqualTo(8);
    assertThat(json.get("run").get("untilSteady").isNull()).isTrue();
    assertThat(json.get("trials").get(0).get("id").asText()).isEqualTo("t001-threadcount=8-r1");
    assertThat(json.get("sweep").get("parameters").get(0).asText()).isEqualTo("threadcount");
    assertThat(json.get("baseline").get("threadcount").asText()).isEqualTo("8");
    assertThat(json.get("slo").isNull()).isTrue();
  }
}
