package dev.refarch.platform.vsan.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class NamePatternTest {

  @Test
  void matchesNamesAndGlobs() {
    NamePattern pattern = NamePattern.parse("mongod-*, cfg-?");

    assertThat(pattern.matches("mongod-1")).isTrue();
    assertThat(pattern.matches("cfg-2")).isTrue();
    assertThat(pattern.matches("cfg-10")).isFalse();
    assertThat(pattern.matches("mongos-1")).isFalse();
  }

  @Test
  void treatsRegexCharactersLiterally() {
    assertThat(NamePattern.parse("db.1").matches("dbx1")).isFalse();
    assertThat(NamePattern.parse("db.1").matches("db.1")).isTrue();
  }

  @Test
  void listsEntriesThatMatchNothing() {
    assertThat(NamePattern.parse("mongod-1,mongod-9,x*").unmatched(List.of("mongod-1", "y")))
        .containsExactly("mongod-9", "x*");
  }

  @Test
  void rejectsEmptyEntries() {
    assertThatThrownBy(() -> NamePattern.parse("a,,b"))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
