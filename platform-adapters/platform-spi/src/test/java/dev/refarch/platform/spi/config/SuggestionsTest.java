package dev.refarch.platform.spi.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class SuggestionsTest {

  @Test
  void computesEditDistance() {
    assertThat(Suggestions.distance("kitten", "sitting")).isEqualTo(3);
    assertThat(Suggestions.distance("", "abc")).isEqualTo(3);
  }

  @Test
  void suggestsOnlyPlausibleTypos() {
    assertThat(Suggestions.closest("mongodb.upsret", List.of("mongodb.upsert", "mongodb.url")))
        .contains("mongodb.upsert");
    assertThat(Suggestions.closest("completely-different", List.of("abc"))).isEmpty();
  }
}
