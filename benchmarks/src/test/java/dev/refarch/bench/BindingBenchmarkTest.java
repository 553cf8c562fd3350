package dev.refarch.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.refarch.platform.spi.config.ConfigurationException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BindingBenchmarkTest {

  private static final List<BenchSide> YCSB_ONLY = List.of(BenchSide.binding("cp"));
  private static final List<BenchSide> WITH_RAW = List.of(BenchSide.binding("cp"),
      BenchSide.raw("cp"));

  @Test
  void aCacheBelowWhatMongodAcceptsIsRefusedNamingTheArgument() {
    assertThatThrownBy(() -> BindingBenchmark.GROUP.validate(Map.of("bench.cache", "0.1")))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("bench.cache").hasMessageContaining("0.1")
        .hasMessageContaining("0.25");
    assertThatCode(() -> BindingBenchmark.GROUP.validate(Map.of("bench.cache", "1")))
        .doesNotThrowAnyException();
  }

  @Test
  void theShapeIsFieldcountByFieldlengthAndDefaultsToYcsbs() {
    assertThat(BindingBenchmark.shape(Map.of())).isEqualTo(new RecordShape(10, 100));
    assertThat(BindingBenchmark.shape(Map.of("bench.shape", "")))
        .isEqualTo(new RecordShape(10, 100));
    assertThat(BindingBenchmark.shape(Map.of("bench.shape", "10x188")))
        .isEqualTo(new RecordShape(10, 188));
    assertThat(BindingBenchmark.shape(Map.of("bench.shape", " 50X250 ")))
        .isEqualTo(new RecordShape(50, 250)).hasToString("50x250");
  }

  @Test
  void aMalformedShapeIsRefusedNamingTheSettingTheValueAndTheFormat() {
    for (String bad : List.of("10-188", "10x", "x100", "0x100", "10x0", "10x100x2", "ten",
        "10x-5")) {
      assertThatThrownBy(() -> BindingBenchmark.GROUP.validate(Map.of("bench.shape", bad)))
          .as(bad).isInstanceOf(ConfigurationException.class)
          .hasMessageContaining("bench.shape='" + bad + "' is not allowed")
          .hasMessageContaining("<fieldcount>x<fieldlength>")
          .hasMessageContaining("e.g. 10x100, 10x188, 50x250");
    }
  }

  @Test
  void aShapeOverMongoDbsLargestDocumentIsRefused() {
    assertThatThrownBy(() -> BindingBenchmark.GROUP.validate(Map.of("bench.shape", "10x2000000")))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("bench.shape='10x2000000'").hasMessageContaining("under 16 MiB")
        .hasMessageContaining("about 19 MiB");
    assertThatCode(() -> BindingBenchmark.GROUP.validate(Map.of("bench.shape", "10x1000000")))
        .doesNotThrowAnyException();
  }

  @Test
  void theDistributionIsOneOfYcsbsRequestDistributions() {
    for (String good : List.of("zipfian", "uniform", "latest", "hotspot", "sequential",
        "exponential", "Uniform", "")) {
      assertThatCode(() -> BindingBenchmark.GROUP.validate(Map.of("bench.distribution", good)))
          .as(good).doesNotThrowAnyException();
    }
    assertThatThrownBy(() -> BindingBenchmark.GROUP.validate(
        Map.of("bench.distribution", "zipfain")))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("bench.distribution='zipfain' is not allowed")
        .hasMessageContaining("uniform, zipfian, latest, hotspot, sequential, exponential")
        .hasMessageContaining("did you mean 'zipfian'?");
  }

  @Test
  void withoutADistributionEachWorkloadKeepsItsOwn() {
    assertThat(BindingBenchmark.distributions(Map.of("bench.workloads", "a,d"), YCSB_ONLY))
        .containsExactly(Map.entry("a", "zipfian"), Map.entry("d", "latest"));
  }

  @Test
  void aGivenDistributionIsEveryWorkloadsInItsCanonicalName() {
    assertThat(BindingBenchmark.distributions(Map.of("bench.workloads", "a,c",
        "bench.distribution", "UNIFORM"), WITH_RAW))
        .containsExactly(Map.entry("a", "uniform"), Map.entry("c", "uniform"));
  }

  @Test
  void theRawSideRefusesADistributionItCannotDraw() {
    assertThatThrownBy(() -> BindingBenchmark.distributions(Map.of("bench.workloads", "a",
        "bench.distribution", "hotspot"), WITH_RAW))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("bench.distribution='hotspot' is not allowed")
        .hasMessageContaining("zipfian, uniform with the raw side")
        .hasMessageContaining("leave raw out of bench.sides");
    assertThat(BindingBenchmark.distributions(Map.of("bench.workloads", "a",
        "bench.distribution", "hotspot"), YCSB_ONLY)).containsExactly(Map.entry("a", "hotspot"));
  }

  @Test
  void theRawSideRefusesAWorkloadWhoseOwnDistributionItCannotDraw() {
    assertThatThrownBy(() -> BindingBenchmark.distributions(Map.of("bench.workloads", "d"),
        WITH_RAW))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("workload d's own is latest");
  }

  @Test
  void anUnknownWorkloadIsRefusedBeforeAnythingRuns() {
    assertThatThrownBy(() -> BindingBenchmark.distributions(Map.of("bench.workloads", "a,g"),
        YCSB_ONLY))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("bench.workloads='g' is not allowed")
        .hasMessageContaining("a, b, c, d, e, f");
  }

  @Test
  void theJsonDataSaysTheShapeAndEachRunGroupsDistribution() {
    assertThat(BindingBenchmark.data(2000, new RecordShape(10, 188), "uniform",
        Map.of("c", "uniform"), 270))
        .containsEntry("target", 270).containsEntry("records", 2000).containsEntry("shape", "10x188")
        .containsEntry("fieldcount", 10).containsEntry("fieldlength", 188)
        .containsEntry("requestdistribution", Map.of("run-c", "uniform"))
        .containsEntry("requestdistributionFrom", "bench.distribution");
    assertThat(BindingBenchmark.data(2000, RecordShape.YCSB_DEFAULT, null, Map.of("a", "zipfian"),
        0))
        .containsEntry("requestdistributionFrom", "workload");
  }

  @Test
  void aThrottleIsForYcsbSidesOnly() {
    assertThat(BindingBenchmark.target(Map.of("bench.target", "270"), YCSB_ONLY)).isEqualTo(270);
    assertThat(BindingBenchmark.target(Map.of(), WITH_RAW)).isZero();
    assertThatThrownBy(() -> BindingBenchmark.target(Map.of("bench.target", "270"), WITH_RAW))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("bench.target='270' is not allowed")
        .hasMessageContaining("leave raw out of bench.sides");
    assertThatThrownBy(() -> BindingBenchmark.GROUP.validate(Map.of("bench.target", "-5")))
        .isInstanceOf(ConfigurationException.class).hasMessageContaining("bench.target='-5'");
  }
}
