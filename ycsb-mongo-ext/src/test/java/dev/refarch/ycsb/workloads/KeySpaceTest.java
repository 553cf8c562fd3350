package dev.refarch.ycsb.workloads;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;
import site.ycsb.measurements.Measurements;
import site.ycsb.workloads.CoreWorkload;

class KeySpaceTest {

  /** YCSB's own key builder, to compare with. */
  static final class Core extends CoreWorkload {
    String key(long ordinal) {
      return buildKeyName(ordinal);
    }
  }

  @ParameterizedTest(name = "insertorder={0}, zeropadding={1}")
  @CsvSource({"hashed, 1", "ordered, 1", "ordered, 12", "hashed, 20"})
  void namesKeysExactlyAsYcsb(String order, int padding) throws Exception {
    Properties p = new Properties();
    p.setProperty("insertorder", order);
    p.setProperty("zeropadding", String.valueOf(padding));
    p.setProperty("recordcount", "1000");
    p.setProperty("operationcount", "10");
    Measurements.setProperties(p);
    Core core = new Core();
    core.init(p);
    KeySpace keys = KeySpace.fromProperties(p);
    for (long ordinal : new long[] {0, 1, 9, 10, 999, 123_456_789, Integer.MAX_VALUE}) {
      assertThat(keys.keyName(ordinal)).isEqualTo(core.key(ordinal));
    }
  }

  @Test
  void loadedOrdinalsStayAndInsertsMoveToTheReservedBlock() {
    KeySpace keys = KeySpace.fromProperties(Map.of("recordcount", "1000")).withInsertBase(50_000);
    assertThat(keys.physical(0)).isZero();
    assertThat(keys.physical(999)).isEqualTo(999);
    assertThat(keys.physical(1000)).isEqualTo(50_000);
    assertThat(keys.physical(1007)).isEqualTo(50_007);
  }

  @Test
  void ordinalKeyIsUnhashedWhateverTheOrder() {
    KeySpace hashed = KeySpace.fromProperties(Map.of("recordcount", "10"));
    assertThat(hashed.ordinalKey(42)).isEqualTo("user42");
    assertThat(hashed.keyName(42)).isNotEqualTo("user42");
  }
}
