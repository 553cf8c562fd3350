package dev.refarch.ycsb.mongo;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import org.bson.BsonBinary;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonString;
import org.bson.RawBsonDocument;
import org.junit.jupiter.api.Test;
import site.ycsb.ByteIterator;
import site.ycsb.NumericByteIterator;
import site.ycsb.RandomByteIterator;

class AuditDigestTest {

  @Test
  void isTheFirstEightBytesOfSha256OverTheTypeAndTheValue() {
    // coreutils: printf '\x02abc' | sha256sum → 909ac45e43991119… (BSON type 2: string)
    assertThat(AuditDigest.of(new BsonString("abc"))).isEqualTo("909ac45e43991119");
    assertThat(AuditDigest.of(new BsonBinary("abc".getBytes(StandardCharsets.UTF_8))))
        .as("the same bytes as binary").isNotEqualTo(AuditDigest.of(new BsonString("abc")));
    assertThat(AuditDigest.of(new BsonInt32(7))).isEqualTo(AuditDigest.of(new BsonInt64(7)));
  }

  @Test
  void pinnedValuesWriteWhatTheDigestsName() {
    Map<String, ByteIterator> values = new LinkedHashMap<>();
    values.put("field0", new RandomByteIterator(100));
    values.put("field1", new TextValue("some text"));
    values.put("field2", new NumericByteIterator(42L));
    StringBuilder digests = new StringBuilder();
    Map<String, ByteIterator> pinned = AuditDigest.pin(values, digests);

    RawBsonDocument set = DocumentCodec.setFields(pinned);
    BsonDocument written = set.getDocument("$set");
    assertThat(digests.toString()).isEqualTo("field0=" + AuditDigest.of(written.get("field0"))
        + ",field1=" + AuditDigest.of(written.get("field1"))
        + ",field2=" + AuditDigest.of(written.get("field2")));
    assertThat(written.get("field0").asBinary().getData()).hasSize(100);
  }
}
