package dev.refarch.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import site.ycsb.generator.NumberGenerator;
import site.ycsb.generator.ScrambledZipfianGenerator;
import site.ycsb.generator.UniformLongGenerator;

class RawLoopTest {

  @Test
  void zipfianKeysAreYcsbsScrambledZipfianWithRoomForInserts() {
    NumberGenerator keys = RawLoop.keyChooser("zipfian", 1000, 500);
    assertThat(keys).isInstanceOf(ScrambledZipfianGenerator.class);
    for (int i = 0; i < 10_000; i++) {
      assertThat(keys.nextValue().longValue()).isBetween(0L, 1500L);
    }
  }

  @Test
  void uniformKeysAreYcsbsUniformGeneratorOverTheLoadedRecordsOnly() {
    NumberGenerator keys = RawLoop.keyChooser("uniform", 1000, 500);
    assertThat(keys).isInstanceOf(UniformLongGenerator.class);
    long max = 0;
    for (int i = 0; i < 10_000; i++) {
      long key = keys.nextValue().longValue();
      assertThat(key).isBetween(0L, 999L);
      max = Math.max(max, key);
    }
    // 10,000 draws of 1,000 keys reach the last few
    assertThat(max).isGreaterThan(990L);
  }

  @Test
  void aDistributionTheRawLoopCannotDrawIsRefusedNamingTheTwoItCan() {
    assertThatThrownBy(() -> RawLoop.keyChooser("latest", 1000, 0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'latest'").hasMessageContaining("zipfian, uniform");
  }
}
