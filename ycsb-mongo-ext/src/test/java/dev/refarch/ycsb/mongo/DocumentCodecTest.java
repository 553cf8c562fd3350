package dev.refarch.ycsb.mongo;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.bson.BsonBinary;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.bson.RawBsonDocument;
import org.junit.jupiter.api.Test;
import site.ycsb.ByteIterator;
import site.ycsb.StringByteIterator;

class DocumentCodecTest {

  private static Map<String, ByteIterator> values(String... kv) {
    Map<String, ByteIterator> m = new LinkedHashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      m.put(kv[i], new StringByteIterator(kv[i + 1]));
    }
    return m;
  }

  @Test
  void encodesRecordWithStringIdAndBinaryFields() {
    RawBsonDocument doc = DocumentCodec.record("user1", values("field0", "abc", "field1", "xyz"));
    assertThat(doc.getString("_id").getValue()).isEqualTo("user1");
    assertThat(doc.getBinary("field0").getData()).isEqualTo("abc".getBytes(StandardCharsets.UTF_8));
    assertThat(doc.keySet()).containsExactly("_id", "field0", "field1");
  }

  @Test
  void encodesSetUpdate() {
    RawBsonDocument doc = DocumentCodec.setFields(values("field3", "q"));
    assertThat(doc.toJson()).isEqualTo(new BsonDocument("$set",
        new BsonDocument("field3", new BsonBinary("q".getBytes(StandardCharsets.UTF_8)))).toJson());
  }

  @Test
  void decodesOnlyRequestedFieldsAndNeverId() {
    RawBsonDocument doc = DocumentCodec.record("k", values("a", "1", "b", "2", "c", "3"));
    Map<String, ByteIterator> out = new HashMap<>();
    int bytes = DocumentCodec.decode(doc, Set.of("a", "c"), out);
    assertThat(out.keySet()).containsExactlyInAnyOrder("a", "c");
    assertThat(out.get("c").toString()).isEqualTo("3");
    assertThat(bytes).isEqualTo(doc.getByteBuffer().limit());

    Map<String, ByteIterator> all = new HashMap<>();
    DocumentCodec.decode(doc, null, all);
    assertThat(all.keySet()).containsExactlyInAnyOrder("a", "b", "c");
  }

  @Test
  void decodesStringValuesAsUtf8() {
    BsonDocument d = new BsonDocument("_id", new BsonString("k")).append("s", new BsonString("héllo"));
    Map<String, ByteIterator> out = new HashMap<>();
    DocumentCodec.decode(RawBsonDocument.parse(d.toJson()), null, out);
    assertThat(out.get("s").toArray()).isEqualTo("héllo".getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void storesTextValuesAsStringsAndNumbersAsNumbers() {
    Map<String, ByteIterator> v = new LinkedHashMap<>();
    v.put("name", new TextValue("abc"));
    v.put("ordinal", new site.ycsb.NumericByteIterator(42L));
    v.put("score", new site.ycsb.NumericByteIterator(1.5));
    RawBsonDocument doc = DocumentCodec.record("user1", v);
    assertThat(doc.get("name")).isEqualTo(new BsonString("abc"));
    assertThat(doc.get("ordinal")).isEqualTo(new org.bson.BsonInt64(42));
    assertThat(doc.get("score")).isEqualTo(new org.bson.BsonDouble(1.5));
  }

  @Test
  void decodesStringFieldsAsTheirUtf8Bytes() {
    Map<String, ByteIterator> v = new LinkedHashMap<>();
    v.put("field0", new TextValue("xyz"));
    Map<String, ByteIterator> out = new HashMap<>();
    int bytes = DocumentCodec.decode(DocumentCodec.record("user1", v), null, out);
    assertThat(out.get("field0").toArray()).isEqualTo("xyz".getBytes(StandardCharsets.UTF_8));
    assertThat(bytes).isEqualTo(DocumentCodec.record("user1", v).getByteBuffer().remaining());
  }

  /** A find reply as the server shapes it, with {@code firstBatch} after other cursor fields. */
  private static RawBsonDocument reply(String batchJson) {
    return RawBsonDocument.parse("{\"cursor\": {\"id\": {\"$numberLong\": \"0\"},"
        + " \"ns\": \"ycsb.usertable\", \"firstBatch\": " + batchJson + "}, \"ok\": 1.0,"
        + " \"operationTime\": {\"$timestamp\": {\"t\": 1, \"i\": 1}}}");
  }

  @Test
  void firstOfBatchIsTheReplysFirstDocumentInPlace() {
    RawBsonDocument doc = DocumentCodec.firstOfBatch(
        reply("[{\"_id\": \"user1\", \"f\": \"a\"}, {\"_id\": \"user2\"}]"));
    assertThat(doc.toJson()).isEqualTo("{\"_id\": \"user1\", \"f\": \"a\"}");
    Map<String, ByteIterator> out = new HashMap<>();
    DocumentCodec.decode(doc, null, out);
    assertThat(out.get("f").toString()).isEqualTo("a");
  }

  @Test
  void firstOfAnEmptyBatchIsNull() {
    assertThat(DocumentCodec.firstOfBatch(reply("[]"))).isNull();
  }

  @Test
  void aReplyWithoutABatchIsRejected() {
    org.assertj.core.api.Assertions.assertThatThrownBy(() ->
        DocumentCodec.firstOfBatch(RawBsonDocument.parse("{\"ok\": 1.0, \"cursor\": {\"id\": 0}}")))
        .isInstanceOf(org.bson.BsonSerializationException.class)
        .hasMessageContaining("cursor.firstBatch");
  }
}
