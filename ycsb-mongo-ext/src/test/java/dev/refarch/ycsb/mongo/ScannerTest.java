package dev.refarch.ycsb.mongo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.refarch.ycsb.testing.KeyValues;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The query each scan mode sends for YCSB's start key and length. */
class ScannerTest {

  private static Scanner scanner(String... kv) {
    Map<String, String> p = KeyValues.of("insertorder", "ordered");
    p.putAll(KeyValues.of(kv));
    return new Scanner(MongoSettings.fromProperties(p).scan());
  }

  @Test
  void idModeIsYcsbsOpenEndedRange() {
    assertThat(scanner().filter("user000120", 10).toJson())
        .isEqualTo("{\"_id\": {\"$gte\": \"user000120\"}}");
  }

  @Test
  void rangeModeEndsAtTheStartOrdinalPlusTheLength() {
    assertThat(scanner("mongodb.scan.mode", "range").filter("user000120", 10).toJson())
        .isEqualTo("{\"_id\": {\"$gte\": \"user000120\", \"$lt\": \"user000130\"}}");
  }

  @Test
  void indexModeScansTheOrdinalsOfTheIndexField() {
    assertThat(scanner("mongodb.scan.mode", "index", "mongodb.scan.indexField", "ordinal")
        .filter("user120", 10).toJson())
        .isEqualTo("{\"ordinal\": {\"$gte\": 120, \"$lt\": 130}}");
  }

  @Test
  void rangeModeRejectsAKeyWithoutAnOrdinal() {
    assertThatThrownBy(() -> scanner("mongodb.scan.mode", "range").filter("alice", 10))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
