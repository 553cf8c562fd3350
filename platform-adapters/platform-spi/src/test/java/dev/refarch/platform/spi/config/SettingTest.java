package dev.refarch.platform.spi.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class SettingTest {

  enum Color { DARK_RED, BLUE }

  private static final Setting<Integer> BATCH =
      Setting.integer("x.batch", 1, 1, 1000, "documents per batch");
  private static final Setting<Boolean> FLAG = Setting.bool("x.flag", false, "a flag");
  private static final Setting<Color> COLOR = Setting.ofEnum("x.color", Color.BLUE, Color.class, "c");

  @Test
  void parsesDeclaredTypes() {
    assertThat(BATCH.parse(" 42 ")).isEqualTo(42);
    assertThat(FLAG.parse("TRUE")).isTrue();
    assertThat(COLOR.parse("dark-red")).isEqualTo(Color.DARK_RED);
  }

  @Test
  void fallsBackToDefaultWhenAbsentOrBlank() {
    assertThat(BATCH.from(Map.of())).isEqualTo(1);
    assertThat(BATCH.from(Map.of("x.batch", " "))).isEqualTo(1);
    assertThat(COLOR.defaultText()).isEqualTo("blue");
  }

  @Test
  void rejectsIntegerOutOfRangeNamingKeyValueAndRange() {
    assertThatThrownBy(() -> BATCH.parse("0"))
        .isInstanceOf(ConfigurationException.class)
        .hasMessage("x.batch='0' is not allowed; allowed: an integer from 1 to 1000");
  }

  @Test
  void rejectsNonNumericInteger() {
    assertThatThrownBy(() -> BATCH.parse("ten"))
        .hasMessageContaining("x.batch='ten'").hasMessageContaining("an integer from 1 to 1000");
  }

  @Test
  void rejectsBooleanOtherThanTrueOrFalse() {
    assertThatThrownBy(() -> FLAG.parse("maybe"))
        .hasMessage("x.flag='maybe' is not allowed; allowed: true, false");
  }

  @Test
  void rejectsUnknownChoiceSuggestingClosest() {
    assertThatThrownBy(() -> COLOR.parse("dark-rad"))
        .hasMessage("x.color='dark-rad' is not allowed; allowed: dark-red, blue"
            + " (did you mean 'dark-red'?)");
  }

  @Test
  void masksCredentialsInRejectedValues() {
    Setting<Integer> s = Setting.custom("x.url", "uri", null, "a URI", "d", v -> {
      throw new IllegalArgumentException("a mongodb:// URI");
    });
    assertThatThrownBy(() -> s.parse("mongodb://u:secret@h/db"))
        .hasMessageNotContaining("secret").hasMessageContaining("mongodb://***@h/db");
  }
}
