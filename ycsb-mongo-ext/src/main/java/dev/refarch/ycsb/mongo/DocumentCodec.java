package dev.refarch.ycsb.mongo;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Set;
import org.bson.BsonBinaryReader;
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

  /** BSON overhead per binary field beyond name and value: type, name terminator, length, subtype. */
  private static final int FIELD_OVERHEAD = 7;

  private DocumentCodec() {
  }

  /** {@code {_id: key, field: binary, ...}}. */
  static RawBsonDocument record(String key, Map<String, ByteIterator> values) {
    BasicOutputBuffer buffer = new BasicOutputBuffer(estimate(key, values));
    try (BsonBinaryWriter writer = new BsonBinaryWriter(buffer)) {
      writer.writeStartDocument();
      writer.writeString("_id", key);
      writeFields(writer, values);
      writer.writeEndDocument();
    }
    return new RawBsonDocument(buffer.getInternalBuffer(), 0, buffer.getPosition());
  }

  /** {@code {$set: {field: binary, ...}}}. */
  static RawBsonDocument setFields(Map<String, ByteIterator> values) {
    BasicOutputBuffer buffer = new BasicOutputBuffer(estimate("", values) + 16);
    try (BsonBinaryWriter writer = new BsonBinaryWriter(buffer)) {
      writer.writeStartDocument();
      writer.writeStartDocument("$set");
      writeFields(writer, values);
      writer.writeEndDocument();
      writer.writeEndDocument();
    }
    return new RawBsonDocument(buffer.getInternalBuffer(), 0, buffer.getPosition());
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
   * {@code null}) into {@code out}. Binary values are copied as bytes, strings as UTF-8; other
   * types are skipped, as they cannot come from a YCSB load.
   *
   * @return the number of bytes of the document, for scan measurements
   */
  static int decode(RawBsonDocument document, Set<String> fields, Map<String, ByteIterator> out) {
    var bytes = document.getByteBuffer();
    try (BsonBinaryReader reader = new BsonBinaryReader(bytes.asNIO())) {
      reader.readStartDocument();
      while (reader.readBsonType() != BsonType.END_OF_DOCUMENT) {
        String name = reader.readName();
        BsonType type = reader.getCurrentBsonType();
        if (name.equals("_id") || (fields != null && !fields.contains(name))) {
          reader.skipValue();
        } else if (type == BsonType.BINARY) {
          out.put(name, new ByteArrayByteIterator(reader.readBinaryData().getData()));
        } else if (type == BsonType.STRING) {
          out.put(name, new ByteArrayByteIterator(reader.readString().getBytes(StandardCharsets.UTF_8)));
        } else {
          reader.skipValue();
        }
      }
      reader.readEndDocument();
    }
    return bytes.limit();
  }
}
