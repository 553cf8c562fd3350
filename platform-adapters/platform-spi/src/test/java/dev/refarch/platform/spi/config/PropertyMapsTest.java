package dev.refarch.platform.spi.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class PropertyMapsTest {

  private static final Setting<Integer> BATCH = Setting.integer("db.batchsize", 1, 1, 10, "batch");
  private static final SettingGroup GROUP = SettingGroup.of("db.", BATCH,
      Setting.string("db.url", null, "where"));

  /** {@code new Properties(defaults)} with {@code defaultsKv} underneath and {@code kv} on top. */
  private static Properties layered(Map<String, String> defaultsKv, Map<String, String> kv) {
    Properties defaults = new Properties();
    defaults.putAll(defaultsKv);
    Properties p = new Properties(defaults);
    p.putAll(kv);
    return p;
  }

  @Test
  void settingSeesAValueSetOnlyInTheDefaults() {
    Properties p = layered(Map.of("db.batchsize", "7"), Map.of());
    assertThat(BATCH.from(p)).isEqualTo(7);
  }

  @Test
  void ownEntryWinsOverTheDefaults() {
    Properties p = layered(Map.of("db.batchsize", "7"), Map.of("db.batchsize", "3"));
    assertThat(BATCH.from(p)).isEqualTo(3);
    assertThat(PropertyMaps.flatten(p)).containsExactly(Map.entry("db.batchsize", "3"));
  }

  @Test
  void unknownKeyInTheDefaultsIsRejected() {
    Properties p = layered(Map.of("db.batchsise", "3"), Map.of("db.url", "x"));
    assertThatThrownBy(() -> GROUP.rejectUnknown(p))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("db.batchsise='3'")
        .hasMessageContaining("did you mean 'db.batchsize'?");
  }

  @Test
  void badValueInTheDefaultsFailsValidation() {
    Properties p = layered(Map.of("db.batchsize", "11"), Map.of());
    assertThatThrownBy(() -> GROUP.validate(p)).hasMessageContaining("db.batchsize='11'");
  }

  @Test
  void flattenMergesEveryLayerInKeyOrder() {
    Properties middle = layered(Map.of("c", "1"), Map.of("b", "2"));
    Properties top = new Properties(middle);
    top.put("a", 3);
    assertThat(PropertyMaps.flatten(top))
        .containsExactly(Map.entry("a", "3"), Map.entry("b", "2"), Map.entry("c", "1"));
    assertThat(PropertyMaps.flattenToProperties(top).getProperty("c")).isEqualTo("1");
  }

  @Test
  void plainMapsAreReadAsTheyAre() {
    assertThat(PropertyMaps.get(Map.of("k", 5), "k")).isEqualTo(5);
    assertThat(PropertyMaps.keys(Map.of("b", 1, "a", 2))).containsExactly("a", "b");
  }
}
