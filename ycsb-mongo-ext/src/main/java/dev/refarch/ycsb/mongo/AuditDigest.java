package dev.refarch.ycsb.mongo;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import org.bson.BsonBinary;
import org.bson.BsonDouble;
import org.bson.BsonInt64;
import org.bson.BsonString;
import org.bson.BsonType;
import org.bson.BsonValue;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.NumericByteIterator;

/**
 * The acknowledged-write audit's name for a field value: a digest the binding logs for every
 * update it sends, and that {@code AckAudit} computes again from the document the server holds
 * afterwards, so that the audit can tell which update a field's final value came from without
 * logging the values themselves.
 *
 * <p>The digest is the first 8 bytes of SHA-256 (JDK) over the BSON type and the value's bytes
 * (binary: its data; string: UTF-8; int64 and double: their 8 bytes; int32 counts as int64),
 * in hex: 16 characters. YCSB's values are random, so two writes of one field share a digest
 * only by chance (2<sup>-64</sup>).
 *
 * <p>Stateless and thread-safe.
 */
public final class AuditDigest {

  private static final HexFormat HEX = HexFormat.of();
  /** One SHA-256 per thread: an audited update digests every field it sends. */
  private static final ThreadLocal<MessageDigest> SHA256 = ThreadLocal.withInitial(
      AuditDigest::sha256);

  private AuditDigest() {
  }

  /** The digest of {@code value}, as the binding logs it. */
  public static String of(BsonValue value) {
    BsonType type = value.getBsonType() == BsonType.INT32 ? BsonType.INT64 : value.getBsonType();
    byte[] bytes = switch (type) {
      case BINARY -> value.asBinary().getData();
      case STRING -> value.asString().getValue().getBytes(StandardCharsets.UTF_8);
      case INT64 -> ByteBuffer.allocate(8).putLong(value.isInt32() ? value.asInt32().getValue()
          : value.asInt64().getValue()).array();
      case DOUBLE -> ByteBuffer.allocate(8).putLong(
          Double.doubleToLongBits(value.asDouble().getValue())).array();
      default -> value.toString().getBytes(StandardCharsets.UTF_8);
    };
    MessageDigest sha = SHA256.get();
    sha.reset();
    sha.update((byte) type.getValue());
    return HEX.formatHex(sha.digest(bytes), 0, 8);
  }

  /**
   * A copy of {@code values} that can be written as the original would be, the original's
   * binary iterators read once into arrays; appends {@code field=digest} for each field, comma
   * separated, to {@code digests}.
   */
  static Map<String, ByteIterator> pin(Map<String, ByteIterator> values, StringBuilder digests) {
    Map<String, ByteIterator> pinned = new LinkedHashMap<>();
    for (Map.Entry<String, ByteIterator> field : values.entrySet()) {
      ByteIterator value = field.getValue();
      BsonValue bson;
      if (value instanceof TextValue text) {
        bson = new BsonString(text.text());
        pinned.put(field.getKey(), value);
      } else if (value instanceof NumericByteIterator number) {
        bson = number.isFloatingPoint() ? new BsonDouble(number.getDouble())
            : new BsonInt64(number.getLong());
        pinned.put(field.getKey(), value);
      } else {
        byte[] data = value.toArray();
        bson = new BsonBinary(data);
        pinned.put(field.getKey(), new ByteArrayByteIterator(data));
      }
      if (digests.length() > 0) {
        digests.append(',');
      }
      digests.append(field.getKey()).append('=').append(of(bson));
    }
    return pinned;
  }

  /** This machine's wall clock in microseconds since the epoch, the audit log's time stamps. */
  static long nowMicros() {
    Instant now = Instant.now();
    return now.getEpochSecond() * 1_000_000 + now.getNano() / 1_000;
  }

  private static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK has SHA-256", e);
    }
  }
}
