package dev.refarch.ycsb.mongo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class KeyOrdinalsTest {

  @Test
  void readsTheTrailingDigits() {
    assertThat(KeyOrdinals.ordinal("user000123")).isEqualTo(123);
    assertThat(KeyOrdinals.ordinal("user7")).isEqualTo(7);
  }

  @Test
  void endKeyKeepsPrefixAndWidth() {
    assertThat(KeyOrdinals.withOrdinal("user000123", 223)).isEqualTo("user000223");
    assertThat(KeyOrdinals.withOrdinal("user000123", 1_000_000)).isEqualTo("user1000000");
  }

  @Test
  void endKeySortsAfterTheStartKeyAtEqualWidth() {
    String start = "user0000000990";
    assertThat(KeyOrdinals.withOrdinal(start, 990 + 100)).isGreaterThan(start).isEqualTo("user0000001090");
  }

  @Test
  void rejectsKeysWithoutAnOrdinal() {
    assertThatThrownBy(() -> KeyOrdinals.ordinal("user"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("key 'user' does not end in 1 to 18 digits (a record ordinal, as YCSB builds"
            + " keys: user<ordinal>)");
    assertThatThrownBy(() -> KeyOrdinals.ordinal("user1234567890123456789"))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
