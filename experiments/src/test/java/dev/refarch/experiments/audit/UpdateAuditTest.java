package dev.refarch.experiments.audit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.refarch.experiments.audit.UpdateAudit.Write;
import dev.refarch.ycsb.mongo.AuditDigest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.bson.BsonBinary;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The update audit's rule on hand-made histories of one record (times in microseconds). */
class UpdateAuditTest {

  private static String d(String value) {
    return AuditDigest.of(new BsonBinary(value.getBytes(StandardCharsets.UTF_8)));
  }

  private static BsonDocument record(String... fieldValues) {
    BsonDocument doc = new BsonDocument("_id", new BsonString("user1"));
    for (int i = 0; i < fieldValues.length; i += 2) {
      doc.put(fieldValues[i], new BsonBinary(fieldValues[i + 1].getBytes(StandardCharsets.UTF_8)));
    }
    return doc;
  }

  private static Write ok(long sent, long answered, String field, String value) {
    return new Write(sent, answered, true, Map.of(field, d(value)));
  }

  @Test
  void theLastAcknowledgedValueShownLosesNothing() {
    List<Write> writes = List.of(ok(10, 20, "field0", "a"), ok(30, 40, "field0", "b"));
    assertThat(UpdateAudit.lost(writes, Optional.of(record("field0", "b")))).isZero();
  }

  @Test
  void anEarlierValueShownLosesEveryAcknowledgedUpdateSentAfterItsWriterWasAnswered() {
    // a rollback took the record back to a's value: b and c were sent after a was answered
    List<Write> writes = List.of(ok(10, 20, "field0", "a"), ok(30, 40, "field0", "b"),
        ok(50, 60, "field0", "c"));
    assertThat(UpdateAudit.lost(writes, Optional.of(record("field0", "a")))).isEqualTo(2);
  }

  @Test
  void aValueNoLoggedUpdateWroteIsTheLoadsAndEveryAcknowledgedUpdateOfTheFieldIsLost() {
    List<Write> writes = List.of(ok(10, 20, "field0", "a"), ok(30, 40, "field0", "b"),
        ok(35, 45, "field1", "x"));
    assertThat(UpdateAudit.lost(writes, Optional.of(record("field0", "loaded", "field1", "x"))))
        .isEqualTo(2);
  }

  @Test
  void overlappingUpdatesMayBeOrderedEitherWay() {
    // b was sent before a was answered: the server may have applied b first
    List<Write> writes = List.of(ok(10, 50, "field0", "a"), ok(20, 40, "field0", "b"));
    assertThat(UpdateAudit.lost(writes, Optional.of(record("field0", "a")))).isZero();
    assertThat(UpdateAudit.lost(writes, Optional.of(record("field0", "b")))).isZero();
  }

  @Test
  void aFinalValueFromAnUnacknowledgedUpdateProvesNothing() {
    // the failed write may have been applied any time after it was sent
    List<Write> writes = List.of(new Write(10, 20, false, Map.of("field0", d("t"))),
        ok(30, 40, "field0", "b"));
    assertThat(UpdateAudit.lost(writes, Optional.of(record("field0", "t")))).isZero();
  }

  @Test
  void unacknowledgedUpdatesAreNeverCountedLost() {
    List<Write> writes = List.of(ok(10, 20, "field0", "a"),
        new Write(30, 40, false, Map.of("field0", d("t"))));
    assertThat(UpdateAudit.lost(writes, Optional.of(record("field0", "a")))).isZero();
  }

  @Test
  void anUpdateOfSeveralFieldsCountsOnceWhenAnyIsLost() {
    Write both = new Write(30, 40, true, Map.of("field0", d("b0"), "field1", d("b1")));
    List<Write> writes = List.of(ok(10, 20, "field0", "a"), ok(10, 20, "field1", "a"), both);
    assertThat(UpdateAudit.lost(writes, Optional.of(record("field0", "a", "field1", "a"))))
        .isEqualTo(1);
    assertThat(UpdateAudit.lost(writes, Optional.of(record("field0", "b0", "field1", "a"))))
        .isEqualTo(1);
    assertThat(UpdateAudit.lost(writes, Optional.of(record("field0", "b0", "field1", "b1"))))
        .isZero();
  }

  @Test
  void everyAcknowledgedUpdateOfARecordThatIsGoneIsLost() {
    List<Write> writes = List.of(ok(10, 20, "field0", "a"), ok(30, 40, "field3", "b"),
        new Write(50, 60, false, Map.of("field0", d("t"))));
    assertThat(UpdateAudit.lost(writes, Optional.empty())).isEqualTo(2);
  }

  @Test
  void readsTheBindingsLogLinesAndNamesTheLineItCannotRead(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve("updates-7-0.log"), "user1\t10\t20\tok\tfield0=" + d("a")
        + ",field1=" + d("b") + "\nuser2\t30\t40\tunacknowledged\tfield0=" + d("c") + "\n");
    Files.writeString(dir.resolve("acked-7-0.log"), "user9\n");
    Map<String, List<Write>> read = UpdateAudit.read(List.of(dir));
    assertThat(read).containsOnlyKeys("user1", "user2");
    assertThat(read.get("user1")).containsExactly(new Write(10, 20, true,
        Map.of("field0", d("a"), "field1", d("b"))));
    assertThat(read.get("user2").get(0).acknowledged()).isFalse();

    Files.writeString(dir.resolve("updates-7-1.log"), "user3\t10\t20\tmaybe\tfield0=" + d("a")
        + "\n");
    assertThatThrownBy(() -> UpdateAudit.read(List.of(dir)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("updates-7-1.log line 1").hasMessageContaining("ok or unacknowledged");
  }
}
