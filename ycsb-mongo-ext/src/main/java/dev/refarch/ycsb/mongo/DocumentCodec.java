package dev.refarch.ycsb.mongo;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Set;
import org.bson.BsonBinarySubType;
import org.bson.BsonSerializationException;
import org.bson.ByteBuf;
import org.bson.BsonBinaryWriter;
import org.bson.BsonType;
import org.bson.RawBsonDocument;
import org.bson.io.BasicOutputBuffer;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.NumericByteIterator;

/**
 * Encodes YCSB records straight into BSON bytes and decodes only the fields asked for, without
 * building intermediate {@code Document} maps.
 *
 * <p>Field values are stored as BSON binary, as the stock YCSB binding does, so data loaded by
 * either binding reads back with the other; a workload that wants other types says so with the
 * value's class: {@link TextValue} is stored as a BSON string, {@link NumericByteIterator} as a
 * BSON int64 or double. Stateless and thread-safe.
 */
final class DocumentCodec {

  private static final byte[] CURSOR = "cursor".getBytes(StandardCharsets.UTF_8);
  private static final byte[] FIRST_BATCH = "firstBatch".getBytes(StandardCharsets.UTF_8);
  private static final byte[] WRITE_ERRORS = "writeErrors".getBytes(StandardCharsets.UTF_8);
  private static final byte[] WRITE_CONCERN_ERROR = "writeConcernError".getBytes(StandardCharsets.UTF_8);

  /** BSON overhead per binary field beyond name and value: type, name terminator, length, subtype. */
  private static final int FIELD_OVERHEAD = 7;

  private DocumentCodec() {
  }

  /** {@code {_id: key, field: binary, ...}}. */
  static RawBsonDocument record(String key, Map<String, ByteIterator> values) {
    BasicOutputBuffer buffer = new BasicOutputBuffer(estimate(key, values));
    try (BsonBinaryWriter writer = new BsonBinaryWriter(buffer)) {
      writeRecord(writer, key, values);
    }
    return new RawBsonDocument(buffer.getInternalBuffer(), 0, buffer.getPosition());
  }

  /** {@code {$set: {field: binary, ...}}}. */
  static RawBsonDocument setFields(Map<String, ByteIterator> values) {
    BasicOutputBuffer buffer = new BasicOutputBuffer(estimate("", values) + 16);
    try (BsonBinaryWriter writer = new BsonBinaryWriter(buffer)) {
      writeSet(writer, values);
    }
    return new RawBsonDocument(buffer.getInternalBuffer(), 0, buffer.getPosition());
  }

  /** Writes {@code {_id: key, field: value, ...}} as the writer's next document or value. */
  static void writeRecord(BsonBinaryWriter writer, String key, Map<String, ByteIterator> values) {
    writer.writeStartDocument();
    writer.writeString("_id", key);
    writeFields(writer, values);
    writer.writeEndDocument();
  }

  /** Writes {@code {$set: {field: value, ...}}} as the writer's next document or value. */
  static void writeSet(BsonBinaryWriter writer, Map<String, ByteIterator> values) {
    writer.writeStartDocument();
    writer.writeStartDocument("$set");
    writeFields(writer, values);
    writer.writeEndDocument();
    writer.writeEndDocument();
  }

  private static void writeFields(BsonBinaryWriter writer, Map<String, ByteIterator> values) {
    for (Map.Entry<String, ByteIterator> field : values.entrySet()) {
      ByteIterator value = field.getValue();
      if (value instanceof TextValue text) {
        writer.writeString(field.getKey(), text.text());
      } else if (value instanceof NumericByteIterator number) {
        if (number.isFloatingPoint()) {
          writer.writeDouble(field.getKey(), number.getDouble());
        } else {
          writer.writeInt64(field.getKey(), number.getLong());
        }
      } else {
        writer.writeBinaryData(field.getKey(), new org.bson.BsonBinary(value.toArray()));
      }
    }
  }

  private static int estimate(String key, Map<String, ByteIterator> values) {
    int size = 16 + key.length();
    for (Map.Entry<String, ByteIterator> field : values.entrySet()) {
      size += field.getKey().length() + FIELD_OVERHEAD + (int) Math.min(field.getValue().bytesLeft(), 1 << 24);
    }
    return size;
  }

  /**
   * Copies the requested fields of {@code document} (all but {@code _id} when {@code fields} is
   * {@code null}) into {@code out}. Binary values and strings (as UTF-8) become byte iterators over
   * the document's own bytes, without copying; other types are skipped, as they cannot come from a
   * YCSB load.
   *
   * <p>Walks the BSON bytes directly rather than through a {@code BsonBinaryReader}: a reader per
   * document, a {@code BsonBinary} and a copy per value were most of a scan's client CPU.
   *
   * @return the number of bytes of the document, for scan measurements
   * @throws BsonSerializationException when the bytes are not a valid BSON document
   */
  static int decode(RawBsonDocument document, Set<String> fields, Map<String, ByteIterator> out) {
    ByteBuf buffer = document.getByteBuffer();
    byte[] b = buffer.array();
    int start = buffer.position();
    int size = int32(b, start);
    int end = start + size - 1;
    int p = start + 4;
    while (p < end) {
      byte type = b[p++];
      int nameStart = p;
      while (b[p] != 0) {
        p++;
      }
      String name = new String(b, nameStart, p - nameStart, StandardCharsets.UTF_8);
      p++;
      boolean wanted = !name.equals("_id") && (fields == null || fields.contains(name));
      if (type == BsonType.BINARY.getValue()) {
        int length = int32(b, p);
        int data = p + 5;
        if (b[p + 4] == BsonBinarySubType.OLD_BINARY.getValue()) {
          data += 4;
          length -= 4;
        }
        if (wanted) {
          out.put(name, new ByteArrayByteIterator(b, data, length));
        }
        p = data + length;
      } else if (type == BsonType.STRING.getValue()) {
        int length = int32(b, p);
        if (wanted) {
          out.put(name, new ByteArrayByteIterator(b, p + 4, length - 1));
        }
        p += 4 + length;
      } else {
        p = skip(type, b, p);
      }
    }
    return size;
  }

  /**
   * The first document of a {@code find} reply's {@code cursor.firstBatch}, as a view of the
   * reply's bytes (no copy); {@code null} when the batch is empty.
   *
   * @throws BsonSerializationException when the reply has no {@code cursor.firstBatch}
   */
  static RawBsonDocument firstOfBatch(RawBsonDocument reply) {
    ByteBuf buffer = reply.getByteBuffer();
    byte[] b = buffer.array();
    int cursor = element(b, buffer.position(), BsonType.DOCUMENT, CURSOR);
    int batch = element(b, cursor, BsonType.ARRAY, FIRST_BATCH);
    if (batch < 0) {
      throw new BsonSerializationException("a find reply without cursor.firstBatch");
    }
    int first = batch + 4;
    if (b[first] == 0) {
      return null;
    }
    if (b[first] != BsonType.DOCUMENT.getValue()) {
      throw new BsonSerializationException("cursor.firstBatch holds a BSON type 0x"
          + Integer.toHexString(b[first] & 0xff) + ", not a document");
    }
    int value = cstringEnd(b, first + 1);
    return new RawBsonDocument(b, value, int32(b, value));
  }

  /**
   * The position of the value of the element named {@code wanted} (UTF-8) of type {@code type} in the document
   * that starts at {@code document}, or -1 when it has none (or {@code document} is -1).
   */
  private static int element(byte[] b, int document, BsonType type, byte[] wanted) {
    if (document < 0) {
      return -1;
    }
    int end = document + int32(b, document) - 1;
    int p = document + 4;
    while (p < end) {
      byte t = b[p++];
      int nameStart = p;
      p = cstringEnd(b, p);
      if (t == type.getValue() && p - 1 - nameStart == wanted.length
          && java.util.Arrays.equals(b, nameStart, p - 1, wanted, 0, wanted.length)) {
        return p;
      }
      p = skip(t, b, p);
    }
    return -1;
  }

  /**
   * A write command's reply in one pass: its {@code n} (0 when absent), or -1 when it holds
   * {@code writeErrors} or a {@code writeConcernError}, for the caller to read them.
   */
  static long countUnlessWriteError(RawBsonDocument reply) {
    ByteBuf buffer = reply.getByteBuffer();
    byte[] b = buffer.array();
    int start = buffer.position();
    int end = start + int32(b, start) - 1;
    long n = 0;
    int p = start + 4;
    while (p < end) {
      byte type = b[p++];
      int nameStart = p;
      p = cstringEnd(b, p);
      int nameLength = p - 1 - nameStart;
      if (nameLength == 1 && b[nameStart] == 'n') {
        n = type == BsonType.INT32.getValue() ? int32(b, p)
            : type == BsonType.INT64.getValue() ? int64(b, p) : n;
      } else if (nameIs(b, nameStart, nameLength, WRITE_ERRORS)
          || nameIs(b, nameStart, nameLength, WRITE_CONCERN_ERROR)) {
        return -1;
      }
      p = skip(type, b, p);
    }
    return n;
  }

  private static boolean nameIs(byte[] b, int from, int length, byte[] name) {
    return length == name.length && java.util.Arrays.equals(b, from, from + length, name, 0, length);
  }

  private static long int64(byte[] b, int p) {
    return (int32(b, p) & 0xffffffffL) | ((long) int32(b, p + 4)) << 32;
  }

  private static int int32(byte[] b, int p) {
    return (b[p] & 0xff) | (b[p + 1] & 0xff) << 8 | (b[p + 2] & 0xff) << 16 | (b[p + 3] & 0xff) << 24;
  }

  private static int cstringEnd(byte[] b, int p) {
    while (b[p] != 0) {
      p++;
    }
    return p + 1;
  }

  /** The position after a value of {@code type} that starts at {@code p}. */
  private static int skip(byte type, byte[] b, int p) {
    BsonType bsonType = BsonType.findByValue(type);
    if (bsonType == null) {
      throw new BsonSerializationException("unknown BSON type 0x"
          + Integer.toHexString(type & 0xff) + " at byte " + (p - 1));
    }
    switch (bsonType) {
      case DOUBLE, DATE_TIME, TIMESTAMP, INT64:
        return p + 8;
      case DOCUMENT, ARRAY, JAVASCRIPT_WITH_SCOPE:
        return p + int32(b, p);
      case STRING, JAVASCRIPT, SYMBOL:
        return p + 4 + int32(b, p);
      case BINARY:
        return p + 5 + int32(b, p);
      case OBJECT_ID:
        return p + 12;
      case BOOLEAN:
        return p + 1;
      case INT32:
        return p + 4;
      case DECIMAL128:
        return p + 16;
      case REGULAR_EXPRESSION:
        return cstringEnd(b, cstringEnd(b, p));
      case DB_POINTER:
        return p + 4 + int32(b, p) + 12;
      case UNDEFINED, NULL, MIN_KEY, MAX_KEY:
        return p;
      default:
        throw new BsonSerializationException("unexpected BSON type 0x"
            + Integer.toHexString(type & 0xff) + " at byte " + (p - 1));
    }
  }
}
