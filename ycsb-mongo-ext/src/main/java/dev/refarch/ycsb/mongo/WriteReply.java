package dev.refarch.ycsb.mongo;

import com.mongodb.MongoException;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import org.bson.RawBsonDocument;

/**
 * Reads the reply of an {@code insert}, {@code update} or {@code delete} command as the driver's
 * write methods do: a reply that reports a write error or a write-concern error is a failure,
 * whatever its {@code ok}. A reply without errors — nearly every one — is read in one pass over
 * its bytes for {@code n}. Stateless.
 */
final class WriteReply {

  private WriteReply() {
  }

  /**
   * The reply's {@code n}: documents inserted, matched or deleted.
   *
   * @throws MongoException with the server's code and message for the first write error, or for
   *     the write-concern error, carrying the reply's error labels (e.g. {@code RetryableWriteError})
   */
  static long count(RawBsonDocument reply) {
    long n = DocumentCodec.countUnlessWriteError(reply);
    if (n >= 0) {
      return n;
    }
    BsonValue writeErrors = reply.get("writeErrors");
    if (writeErrors != null && writeErrors.isArray() && !writeErrors.asArray().isEmpty()) {
      throw failure("write error", writeErrors.asArray().get(0).asDocument(), reply);
    }
    if (reply.get("writeConcernError") instanceof BsonDocument error) {
      throw failure("write concern error", error, reply);
    }
    return reply.get("n") instanceof org.bson.BsonNumber count ? count.longValue() : 0;
  }

  private static MongoException failure(String what, BsonDocument error, RawBsonDocument reply) {
    int code = error.getNumber("code", new org.bson.BsonInt32(-1)).intValue();
    String message = error.getString("errmsg", new org.bson.BsonString("")).getValue();
    MongoException e = new MongoException(code, what + " " + code + ": " + message);
    if (reply.get("errorLabels") instanceof org.bson.BsonArray labels) {
      for (BsonValue label : labels) {
        e.addLabel(label.asString().getValue());
      }
    }
    return e;
  }
}
