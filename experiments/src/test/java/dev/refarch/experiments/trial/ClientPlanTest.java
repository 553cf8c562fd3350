package dev.refarch.experiments.trial;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.refarch.platform.spi.Phase;
import dev.refarch.ycsb.workloads.RefarchWorkload;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class ClientPlanTest {

  private static TrialSpec spec(int clients, int threadsPerClient) {
    return TrialSpec.builder("e", "t").cluster("mongodb://127.0.0.1:1/")
        .property("recordcount", "1003").property("operationcount", "10")
        .property("hooks", "recording").clients(clients).threadsPerClient(threadsPerClient).target(1000)
        .build();
  }

  @Test
  void sharesAddUpToTheWhole() {
    assertThat(IntStream.range(0, 3).mapToLong(i -> ClientPlan.share(1003L, 3, i)).sum()).isEqualTo(1003);
    assertThat(ClientPlan.share(10L, 4, 0)).isEqualTo(3);
    assertThat(ClientPlan.share(10L, 4, 3)).isEqualTo(2);
  }

  @Test
  void loadIsPartitionedWithInsertStartAndCount() {
    TrialSpec s = spec(3, 3);
    Map<String, String> c0 = ClientPlan.properties(s, Phase.LOAD, 0);
    Map<String, String> c1 = ClientPlan.properties(s, Phase.LOAD, 1);
    Map<String, String> c2 = ClientPlan.properties(s, Phase.LOAD, 2);
    assertThat(c0).containsEntry("insertstart", "0").containsEntry("insertcount", "335")
        .containsEntry("threadcount", "3").containsEntry("recordcount", "1003");
    assertThat(c1).containsEntry("insertstart", "335").containsEntry("insertcount", "334")
        .containsEntry("threadcount", "3");
    assertThat(c2).containsEntry("insertstart", "669").containsEntry("insertcount", "334")
        .containsEntry("threadcount", "3");
    assertThat(s.totalThreads()).isEqualTo(9);
  }

  @Test
  void runSplitsOperationsAndTargetAndAsksYcsbForDueTimes() {
    Map<String, String> c1 = ClientPlan.properties(spec(2, 2), Phase.RUN, 1);
    assertThat(c1).containsEntry("operationcount", "5").containsEntry("target", "500")
        .containsEntry("measurement.interval", "both").containsEntry("mongodb.url", "mongodb://127.0.0.1:1/");
  }

  @Test
  void targetIsWholeOperationsPerSecondAsYcsbParsesIt() {
    assertThat(ClientPlan.targetShare(1000, 3, 0)).isEqualTo(334);
    assertThat(ClientPlan.targetShare(1000, 3, 2)).isEqualTo(333);
    assertThat(ClientPlan.targetShare(200.4, 1, 0)).isEqualTo(200);
    assertThat(ClientPlan.targetShare(1, 2, 1)).as("never 0, which YCSB reads as unthrottled")
        .isEqualTo(1);
  }

  @Test
  void aRunUntilSteadyHasNoCountLastsWarmupPlusItsMaximumAndCanBeStopped() {
    TrialSpec s = TrialSpec.builder("e", "t").cluster("mongodb://127.0.0.1:1/")
        .property("workload", "site.ycsb.workloads.CoreWorkload").property("operationcount", "0")
        .clients(2).threadsPerClient(2).warmup(dev.refarch.ycsb.measure.Warmup.seconds(5))
        .untilSteady(new dev.refarch.experiments.spec.UntilSteady(
            dev.refarch.experiments.spec.SteadyRule.DEFAULT, java.time.Duration.ofSeconds(30)))
        .build();
    Map<String, String> run = ClientPlan.properties(s, Phase.RUN, 0);
    assertThat(run).containsEntry("operationcount", "1000000000")
        .containsEntry("maxexecutiontime", "35")
        .containsEntry("workload", StoppableCoreWorkload.class.getName())
        .containsEntry("measurement.warmup", "5s")
        .as("zipfian key choice spreads over the loaded records and as many new keys")
        .containsEntry(StoppableCoreWorkload.EXPECTED_NEW_KEYS, "1000")
        .as("the binding refuses refarch.* keys beside CoreWorkload")
        .doesNotContainKey("refarch.expectedNewKeys");
    TrialSpec refarch = TrialSpec.builder("e", "t").cluster("mongodb://127.0.0.1:1/")
        .property("workload", RefarchWorkload.class.getName()).property("recordcount", "3000")
        .untilSteady(new dev.refarch.experiments.spec.UntilSteady(
            dev.refarch.experiments.spec.SteadyRule.DEFAULT, java.time.Duration.ofSeconds(30)))
        .build();
    assertThat(ClientPlan.properties(refarch, Phase.RUN, 0))
        .containsEntry("workload", StoppableRefarchWorkload.class.getName())
        .containsEntry("refarch.expectedNewKeys", "3000");
    assertThat(ClientPlan.properties(s, Phase.LOAD, 0))
        .containsEntry("workload", "site.ycsb.workloads.CoreWorkload");
  }

  @Test
  void aRunWithoutACountEndsByYcsbsTimeLimitOrIsRefusedBeforeItRuns() {
    TrialSpec.Builder b = TrialSpec.builder("e", "t").cluster("mongodb://127.0.0.1:1/")
        .property("workload", "site.ycsb.workloads.CoreWorkload").property("recordcount", "500")
        .property("operationcount", "0");
    assertThat(ClientPlan.properties(b.property("maxexecutiontime", "7").build(), Phase.RUN, 0))
        .as("a count no run reaches: 0 would reserve no insert keys in RefarchWorkload")
        .containsEntry("operationcount", String.valueOf(ClientPlan.UNBOUNDED_OPERATIONS))
        .containsEntry("maxexecutiontime", "7")
        .containsEntry("workload", StoppableCoreWorkload.class.getName())
        .containsEntry(StoppableCoreWorkload.EXPECTED_NEW_KEYS, "500");
    assertThatThrownBy(() -> b.property("maxexecutiontime", "0").build())
        .hasMessageStartingWith("operationcount='0' is not allowed; allowed: a count above 0, or 0"
            + " with maxexecutiontime above 0 or a run until steady");
  }

  @Test
  void aRunUntilSteadyWithAnOperationCountKeepsYcsbsKeySpace() {
    TrialSpec s = TrialSpec.builder("e", "t").cluster("mongodb://127.0.0.1:1/")
        .property("workload", "site.ycsb.workloads.CoreWorkload")
        .property("operationcount", "5000")
        .untilSteady(new dev.refarch.experiments.spec.UntilSteady(
            dev.refarch.experiments.spec.SteadyRule.DEFAULT, java.time.Duration.ofSeconds(30)))
        .build();
    assertThat(ClientPlan.properties(s, Phase.RUN, 0)).containsEntry("operationcount", "5000")
        .doesNotContainKey("refarch.expectedNewKeys")
        .doesNotContainKey(StoppableCoreWorkload.EXPECTED_NEW_KEYS);
  }

  @Test
  void aStoppableCoreWorkloadDrawsZipfianKeysOverTheExpectedNewKeysOnly() throws Exception {
    java.util.Properties p = new java.util.Properties();
    p.putAll(Map.of("recordcount", "1000", "operationcount", "2000000000",
        "insertproportion", "0.05", "readproportion", "0.95", "requestdistribution", "zipfian"));
    site.ycsb.measurements.Measurements.setProperties(p);
    StoppableCoreWorkload ycsbs = new StoppableCoreWorkload();
    ycsbs.init(p);
    long[] wide = java.util.stream.LongStream.generate(ycsbs::drawKey).limit(10_000).toArray();
    assertThat(java.util.Arrays.stream(wide).filter(k -> k < 1000).count())
        .as("YCSB's key space: 2 x 10^8 keys, of which the loaded 1,000 are a sliver")
        .isLessThan(100);
    p.setProperty(StoppableCoreWorkload.EXPECTED_NEW_KEYS, "1000");
    StoppableCoreWorkload bounded = new StoppableCoreWorkload();
    bounded.init(p);
    long[] keys = java.util.stream.LongStream.generate(bounded::drawKey).limit(10_000).toArray();
    assertThat(java.util.Arrays.stream(keys).min().orElseThrow()).isGreaterThanOrEqualTo(0);
    assertThat(java.util.Arrays.stream(keys).max().orElseThrow()).isLessThanOrEqualTo(2000);
    assertThat(java.util.Arrays.stream(keys).filter(k -> k < 1000).count())
        .as("about half the draws find a loaded record").isBetween(3_000L, 7_000L);
  }

  @Test
  void aWarmupCountedInOperationsCannotTimeARunUntilSteady() {
    assertThatThrownBy(() -> TrialSpec.builder("e", "t").cluster("x")
        .warmup(dev.refarch.ycsb.measure.Warmup.operations(100))
        .untilSteady(new dev.refarch.experiments.spec.UntilSteady(
            dev.refarch.experiments.spec.SteadyRule.DEFAULT, java.time.Duration.ofSeconds(30)))
        .build()).hasMessageStartingWith("warmup='100ops' is not allowed");
  }

  @Test
  void clientsNeverRunTheHooksThemselves() {
    assertThat(ClientPlan.properties(spec(1, 1), Phase.RUN, 0)).doesNotContainKey("hooks");
  }

  @Test
  void specRejectsAClientWithoutThreads() {
    assertThatThrownBy(() -> spec(4, 0)).hasMessage(
        "threadsPerClient='0' is not allowed; allowed: 1 or more");
  }

  @Test
  void specRejectsNamesThatAreNotFolderNames() {
    assertThatThrownBy(() -> TrialSpec.builder("a/b", "t").cluster("x").build())
        .hasMessageContaining("experiment='a/b'");
  }

  @Test
  void theClientJvmOptionsGoToTheClientsCommandLine() {
    TrialSpec trial = TrialSpec.builder("e", "t").cluster("mongodb://127.0.0.1:27017/ycsb")
        .jvmOptions(List.of("-Xmx768m", "-XX:TieredStopAtLevel=1")).build();
    assertThat(ClientPlan.command(trial, dev.refarch.platform.spi.Phase.RUN,
        java.nio.file.Path.of("p"), "java", "cp", 1, java.nio.file.Path.of("cpu")))
        .containsSubsequence("java", "-Xmx768m", "-XX:TieredStopAtLevel=1", "-cp", "cp");
  }
}
