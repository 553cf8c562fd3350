package dev.refarch.ycsb.mongo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.MongoException;
import org.bson.RawBsonDocument;
import org.junit.jupiter.api.Test;

/** Write replies as a replica-set member sends them, read as the driver's write methods would. */
class WriteReplyTest {

  private static RawBsonDocument reply(String json) {
    return RawBsonDocument.parse(json);
  }

  @Test
  void countIsTheReplysN() {
    assertThat(WriteReply.count(reply("{\"n\": 1, \"nModified\": 1, \"electionId\": {\"$oid\":"
        + " \"7fffffff0000000000000001\"}, \"ok\": 1.0}"))).isEqualTo(1);
    assertThat(WriteReply.count(reply("{\"n\": {\"$numberLong\": \"0\"}, \"ok\": 1.0}"))).isZero();
  }

  @Test
  void aWriteErrorFailsWithTheServersCodeAndMessage() {
    assertThatThrownBy(() -> WriteReply.count(reply("{\"n\": 0, \"writeErrors\": [{\"index\": 0,"
        + " \"code\": 11000, \"errmsg\": \"E11000 duplicate key error\"}], \"ok\": 1.0}")))
        .isInstanceOf(MongoException.class)
        .hasMessage("write error 11000: E11000 duplicate key error")
        .extracting(e -> ((MongoException) e).getCode()).isEqualTo(11000);
  }

  @Test
  void aWriteConcernErrorFailsWithTheReplysLabels() {
    assertThatThrownBy(() -> WriteReply.count(reply("{\"n\": 1, \"writeConcernError\": {\"code\":"
        + " 91, \"errmsg\": \"Replication is being shut down\"}, \"errorLabels\":"
        + " [\"RetryableWriteError\"], \"ok\": 1.0}")))
        .isInstanceOfSatisfying(MongoException.class, e -> {
          assertThat(e.getCode()).isEqualTo(91);
          assertThat(e.hasErrorLabel("RetryableWriteError")).isTrue();
          assertThat(IdCommands.isRetryableWrite(e)).isTrue();
        });
  }

  @Test
  void anEmptyWriteErrorsListIsNoError() {
    assertThat(WriteReply.count(reply("{\"n\": 1, \"writeErrors\": [], \"ok\": 1.0}"))).isEqualTo(1);
  }
}
