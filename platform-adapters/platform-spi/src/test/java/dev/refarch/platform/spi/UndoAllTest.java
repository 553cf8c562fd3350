package dev.refarch.platform.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class UndoAllTest {

  @Test
  void everyStepRunsAndTheFirstFailureIsThrownWithTheRestSuppressed() {
    List<String> ran = new ArrayList<>();
    UndoAll undo = new UndoAll();
    assertThat(undo.attempt("lift a", () -> {
      ran.add("a");
      throw new IllegalStateException("iptables: chain busy");
    })).isFalse();
    assertThat(undo.attempt("lift b", () -> ran.add("b"))).isTrue();
    undo.attempt("lift c", () -> {
      ran.add("c");
      throw new IllegalArgumentException("no such group");
    });

    assertThat(ran).containsExactly("a", "b", "c");
    assertThatThrownBy(undo::throwIfFailed)
        .isInstanceOf(PlatformException.class)
        .hasMessage("lift a: iptables: chain busy")
        .satisfies(e -> {
          assertThat(((PlatformException) e).operation()).isEqualTo("lift a");
          assertThat(e.getCause()).isInstanceOf(IllegalStateException.class);
          assertThat(e.getSuppressed()).singleElement()
              .extracting(Throwable::getMessage).isEqualTo("no such group");
        });
  }

  @Test
  void nothingFailedThrowsNothing() {
    UndoAll undo = new UndoAll();
    undo.attempt("lift a", () -> { });
    undo.throwIfFailed();
    assertThat(undo.attempt("lift b", () -> { })).isTrue();
  }
}
