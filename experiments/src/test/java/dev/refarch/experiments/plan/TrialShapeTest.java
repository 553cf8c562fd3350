package dev.refarch.experiments.plan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.refarch.experiments.faults.FaultSchedule;
import dev.refarch.experiments.spec.ExperimentSpec;
import dev.refarch.experiments.spec.SteadyRule;
import dev.refarch.experiments.spec.UntilSteady;
import dev.refarch.experiments.spec.Variant;
import dev.refarch.platform.spi.Topology;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class TrialShapeTest {

  private static ExperimentSpec.Builder sharded() {
    return ExperimentSpec.builder("s").workload("a").clients(4).threads(128)
        .property("mongodb.shardKey", "hashed").property("mongodb.shard.chunks", "64");
  }

  @Test
  void threadsArePerClientAndTheTotalIsTheirProduct() {
    TrialShape s = TrialShape.of(sharded().build(), Map.of("threadcount", "192"));
    assertThat(s.threadsPerClient()).isEqualTo(192);
    assertThat(s.totalThreads()).isEqualTo(768);
    assertThat(TrialShape.of(sharded().build(), Map.of("clients", "2")).totalThreads()).isEqualTo(256);
  }

  @Test
  void describesTopologyShardingClientsAndThreads() {
    TrialShape s = TrialShape.of(sharded().build(),
        Map.of("topology", "sharded:4x1,cfg=3,routers=4"));
    assertThat(s.topology()).isEqualTo(Topology.parse("sharded:4x1,cfg=3,routers=4"));
    assertThat(s.describe()).isEqualTo("sharded:4x1,cfg=3,routers=4 (hashed _id, pre-split into 64"
        + " chunks) · 4 clients × 128 threads = 512");
  }

  @Test
  void aVariantBringsItsPropertiesAndFaultsOverTheSpecs() {
    ExperimentSpec spec = sharded().property("santricity.cache.mode", "disabled")
        .faults(FaultSchedule.parse("5s kill primary"))
        .variant("hdd", new Variant(Map.of("santricity.cache.mode", "enabled"),
            Optional.of(FaultSchedule.parse("17m santricity:fail-drive pool:hdd"))))
        .variant("plain", new Variant(Map.of(), Optional.empty())).build();
    TrialShape hdd = TrialShape.of(spec, Map.of("variant", "hdd"));
    assertThat(hdd.properties()).containsEntry("santricity.cache.mode", "enabled");
    assertThat(hdd.faults().toString()).isEqualTo("run+1020000ms santricity:fail-drive pool:hdd");
    assertThat(TrialShape.of(spec, Map.of("variant", "plain")).faults().toString())
        .isEqualTo("run+5000ms kill primary");
    assertThat(hdd.properties()).doesNotContainKey("variant");
  }

  @Test
  void aRunUntilSteadyDropsTheWorkloadFilesOperationCountButKeepsTheSpecs() {
    UntilSteady steady = new UntilSteady(SteadyRule.DEFAULT, Duration.ofSeconds(30));
    ExperimentSpec untilSteady = ExperimentSpec.builder("u").workload("a").untilSteady(steady).build();
    assertThat(TrialShape.of(untilSteady, Map.of()).properties()).containsEntry("operationcount", "0");
    ExperimentSpec counted = untilSteady.toBuilder().property("operationcount", "5000").build();
    assertThat(TrialShape.of(counted, Map.of()).properties()).containsEntry("operationcount", "5000");
    assertThat(TrialShape.of(ExperimentSpec.builder("f").workload("a").build(), Map.of())
        .properties()).containsEntry("operationcount", "1000");
  }
}
