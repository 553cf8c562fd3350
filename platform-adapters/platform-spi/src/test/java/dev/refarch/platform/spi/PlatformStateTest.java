package dev.refarch.platform.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PlatformStateTest {

  @Test
  void withReturnsSortedCopyLeavingOriginalUntouched() {
    PlatformState empty = PlatformState.empty();
    PlatformState s = empty.with("b", "z", "1").with("a", "y", "2").with("b", "x", "3");
    assertThat(empty.isEmpty()).isTrue();
    assertThat(s.components().keySet()).containsExactly("a", "b");
    assertThat(s.of("b").keySet()).containsExactly("x", "z");
  }

  @Test
  void mergeLetsTheOtherStateWin() {
    PlatformState a = PlatformState.empty().with("h", "k", "old").with("h", "keep", "1");
    PlatformState b = PlatformState.empty().with("h", "k", "new");
    assertThat(a.merge(b).of("h")).isEqualTo(Map.of("k", "new", "keep", "1"));
  }

  @Test
  void isImmutableEvenWhenBuiltFromMutableMaps() {
    Map<String, String> facts = new HashMap<>(Map.of("k", "v"));
    PlatformState s = new PlatformState(Map.of("c", facts));
    facts.put("k2", "v2");
    assertThat(s.of("c")).containsOnlyKeys("k");
    assertThatThrownBy(() -> s.of("c").put("x", "y")).isInstanceOf(UnsupportedOperationException.class);
  }
}
