package dev.refarch.platform.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FaultEventTest {

  private static FaultEvent event(Map<String, Long> durations) {
    return new FaultEvent(1_000L, "delete-pod", "primary", "rs0-1", "deleted", durations);
  }

  @Test
  void theFiveArgumentConstructorMeasuredNothing() {
    FaultEvent e = new FaultEvent(1_000L, "kill", "primary", "rs0-0", "SIGKILL pid 1");
    assertThat(e.durationsMs()).isEmpty();
    assertThat(e).isEqualTo(new FaultEvent(1_000L, "kill", "primary", "rs0-0", "SIGKILL pid 1",
        Map.of()));
  }

  @Test
  void durationsAreCopiedSoLaterChangesToTheCallersMapDoNotShow() {
    Map<String, Long> given = new HashMap<>(Map.of("podReady", 41_873L));
    FaultEvent e = event(given);
    given.put("podReady", 1L);
    given.put("volumeAttached", 2L);
    assertThat(e.durationsMs()).containsExactly(Map.entry("podReady", 41_873L));
  }

  @Test
  void durationsCannotBeChangedThroughTheEvent() {
    FaultEvent e = event(Map.of("podReady", 41_873L));
    assertThatThrownBy(() -> e.durationsMs().put("other", 1L))
        .isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void durationsKeepTheInjectorsOrder() {
    Map<String, Long> given = new LinkedHashMap<>();
    given.put("podScheduled", 3L);
    given.put("volumeAttached", 2L);
    given.put("podReady", 1L);
    assertThat(event(given).durationsMs().keySet())
        .containsExactly("podScheduled", "volumeAttached", "podReady");
  }

  @Test
  void rejectsNullDurationsNamesAndValues() {
    assertThatThrownBy(() -> event(null)).isInstanceOf(NullPointerException.class)
        .hasMessage("durationsMs");
    Map<String, Long> nullName = new HashMap<>();
    nullName.put(null, 1L);
    assertThatThrownBy(() -> event(nullName)).isInstanceOf(NullPointerException.class)
        .hasMessageContaining("a name");
    Map<String, Long> nullValue = new HashMap<>();
    nullValue.put("podReady", null);
    assertThatThrownBy(() -> event(nullValue)).isInstanceOf(NullPointerException.class)
        .hasMessageContaining("podReady");
  }
}
