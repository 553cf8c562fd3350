package dev.refarch.platform.spi.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class SettingGroupTest {

  private static final SettingGroup GROUP = SettingGroup.of("db.",
      Setting.integer("db.batchsize", 1, 1, 10, "batch"),
      Setting.string("db.url", null, "where"));

  @Test
  void rejectsUnknownKeySuggestingClosest() {
    assertThatThrownBy(() -> GROUP.rejectUnknown(Map.of("db.batchsise", "3")))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("db.batchsise='3'")
        .hasMessageContaining("db.batchsize, db.url")
        .hasMessageContaining("did you mean 'db.batchsize'?");
  }

  @Test
  void reportsEveryUnknownKeyAtOnce() {
    assertThatThrownBy(() -> GROUP.rejectUnknown(Map.of("db.batchsise", "3", "db.ulr", "x")))
        .hasMessageStartingWith("2 settings are not allowed:")
        .hasMessageContaining("did you mean 'db.batchsize'?")
        .hasMessageContaining("did you mean 'db.url'?");
  }

  @Test
  void neverShowsTheValueOfAMistypedSecretKey() {
    assertThatThrownBy(() -> GROUP.rejectUnknown(Map.of("db.pasword", "hunter2")))
        .hasMessageStartingWith("db.pasword='***' is not allowed")
        .hasMessageNotContaining("hunter2");
  }

  @Test
  void ignoresKeysOutsideThePrefix() {
    GROUP.rejectUnknown(Map.of("other.key", "1", "recordcount", "5"));
  }

  @Test
  void validateParsesEveryPresentSetting() {
    assertThatThrownBy(() -> GROUP.validate(Map.of("db.batchsize", "11")))
        .hasMessageContaining("db.batchsize='11'");
  }

  @Test
  void rendersMarkdownTableFromDeclarations() {
    assertThat(GROUP.markdownTable()).contains("| `db.batchsize` | `1` | an integer from 1 to 10 | batch |")
        .contains("| `db.url` | — | any text | where |");
  }

  @Test
  void refusesDeclarationsOutsideThePrefix() {
    assertThatThrownBy(() -> SettingGroup.of("db.", Setting.bool("x.flag", true, "f")))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("x.flag");
  }
}
