package dev.refarch.experiments.audit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.Document;
import org.bson.RawBsonDocument;
import org.junit.jupiter.api.Test;

class RollbackCheckTest {

  /** Rollback files are BSON documents one after another, as the driver's own encoder writes. */
  @Test
  void rollbackFilesAreReadAsTheDriverEncodedThemAndATruncatedOneIsNamed() throws Exception {
    ByteArrayOutputStream file = new ByteArrayOutputStream();
    for (String id : new String[] {"user1", "user2", "user3"}) {
      var encoded = RawBsonDocument.parse("{_id: '" + id + "', field0: 'x'}").getByteBuffer();
      byte[] one = new byte[encoded.remaining()];
      encoded.get(one);
      file.write(one);
    }
    byte[] bytes = file.toByteArray();

    assertThat(RollbackCheck.documents("removed.bson", bytes))
        .extracting(d -> d.getString("_id").getValue())
        .containsExactly("user1", "user2", "user3");
    assertThat(RollbackCheck.documents("removed.bson", bytes).get(0))
        .isEqualTo(BsonDocument.parse("{_id: 'user1', field0: 'x'}"));
    assertThat(RollbackCheck.documents("empty.bson", new byte[0])).isEmpty();
    assertThatThrownBy(() -> RollbackCheck.documents("cut.bson", Arrays.copyOf(bytes,
        bytes.length - 3))).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("rollback file cut.bson: no BSON document at byte");
  }

  /**
   * replSetGetStatus as MongoDB answers it (member states 1 primary, 2 secondary, 7 arbiter,
   * 8 down, 9 rollback; {@code optime.t} the term of the last applied operation).
   */
  @Test
  void aSetHasCaughtUpWhenEveryLiveDataMemberAppliedTheCurrentTerm() {
    Document primary = member(1, 1, 5);
    Document secondary = member(1, 2, 5);
    Document behind = member(1, 2, 4);
    Document rollingBack = member(1, 9, 4);
    Document down = new Document("health", 0.0).append("state", 8);
    Document arbiter = new Document("health", 1.0).append("state", 7);

    assertThat(RollbackCheck.caughtUp(status(5, primary, secondary, arbiter, down))).isTrue();
    assertThat(RollbackCheck.caughtUp(status(5, primary, behind))).isFalse();
    assertThat(RollbackCheck.caughtUp(status(5, primary, rollingBack))).isFalse();
  }

  private static Document member(double health, int state, long appliedTerm) {
    return new Document("health", health).append("state", state)
        .append("optime", new Document("t", appliedTerm));
  }

  private static Document status(long term, Document... members) {
    return new Document("term", term).append("members", List.of(members));
  }
}
