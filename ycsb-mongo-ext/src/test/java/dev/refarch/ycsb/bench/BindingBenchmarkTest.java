package dev.refarch.ycsb.bench;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.refarch.platform.spi.config.ConfigurationException;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BindingBenchmarkTest {

  @Test
  void aCacheBelowWhatMongodAcceptsIsRefusedNamingTheArgument() {
    assertThatThrownBy(() -> BindingBenchmark.GROUP.validate(Map.of("bench.cache", "0.1")))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("bench.cache").hasMessageContaining("0.1")
        .hasMessageContaining("0.25");
    assertThatCode(() -> BindingBenchmark.GROUP.validate(Map.of("bench.cache", "1")))
        .doesNotThrowAnyException();
  }
}
