package dev.refarch.ycsb.workloads;

import dev.refarch.ycsb.mongo.TextValue;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.random.RandomGenerator;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.NumericByteIterator;
import site.ycsb.generator.NumberGenerator;

/**
 * Builds field values of a given compressibility and type, and the index field.
 *
 * <p>Compressibility N: each value starts with {@code ceil(length / N)} fresh random bytes (or
 * characters) and repeats them to its length, so an LZ compressor (snappy, WiredTiger's default;
 * zlib; zstd) stores about one N-th of it — the method of RocksDB's {@code db_bench}. Fresh
 * randomness per value keeps values from compressing against each other. Binary values are
 * random bytes; string values draw from 64 printable characters, so compressors with an entropy
 * coder (zlib, zstd, not snappy) gain up to a further 8:6 on them.
 *
 * <p>Immutable and thread-safe; callers pass their thread's random generator.
 *
 * <pre>{@code
 * ValueGenerator values = new ValueGenerator(fieldNames, lengths, 2.0, ValueType.BINARY,
 *     Optional.of("ordinal"));
 * HashMap<String, ByteIterator> record = values.record(random, 42);
 * }</pre>
 */
public final class ValueGenerator {

  private static final byte[] SYMBOLS =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".getBytes(StandardCharsets.US_ASCII);

  private final List<String> fieldNames;
  private final NumberGenerator lengths;
  private final double compressibility;
  private final ValueType type;
  private final Optional<String> indexField;

  /**
   * @param fieldNames YCSB's field names, {@code field0} …
   * @param lengths YCSB's field length generator ({@code fieldlength},
   *     {@code fieldlengthdistribution})
   * @param compressibility N of N:1, at least 1
   * @param type binary or string values
   * @param indexField the field that gets the record's ordinal, if any
   */
  public ValueGenerator(List<String> fieldNames, NumberGenerator lengths, double compressibility,
      ValueType type, Optional<String> indexField) {
    if (!(compressibility >= 1)) {
      throw new IllegalArgumentException("compressibility " + compressibility + " is below 1");
    }
    this.fieldNames = List.copyOf(fieldNames);
    this.lengths = Objects.requireNonNull(lengths);
    this.compressibility = compressibility;
    this.type = Objects.requireNonNull(type);
    this.indexField = Objects.requireNonNull(indexField);
  }

  /** A whole record: every field, and the index field set to {@code ordinal}. */
  public HashMap<String, ByteIterator> record(RandomGenerator random, long ordinal) {
    HashMap<String, ByteIterator> values = new HashMap<>(fieldNames.size() * 2);
    for (String field : fieldNames) {
      values.put(field, value(random));
    }
    indexField.ifPresent(f -> values.put(f, new NumericByteIterator(ordinal)));
    return values;
  }

  /** New values for every field (an update with {@code writeallfields=true}). */
  public HashMap<String, ByteIterator> allFields(RandomGenerator random) {
    HashMap<String, ByteIterator> values = new HashMap<>(fieldNames.size() * 2);
    for (String field : fieldNames) {
      values.put(field, value(random));
    }
    return values;
  }

  /** A new value for one field chosen at random. */
  public HashMap<String, ByteIterator> oneField(RandomGenerator random) {
    HashMap<String, ByteIterator> values = new HashMap<>(2);
    values.put(fieldNames.get(random.nextInt(fieldNames.size())), value(random));
    return values;
  }

  /** One field value of the next length. */
  public ByteIterator value(RandomGenerator random) {
    byte[] bytes = bytes(random, lengths.nextValue().intValue());
    return type == ValueType.STRING ? new TextValue(new String(bytes, StandardCharsets.ISO_8859_1))
        : new ByteArrayByteIterator(bytes);
  }

  /** {@code length} bytes: fresh random ones, repeated to compress about N:1. */
  byte[] bytes(RandomGenerator random, int length) {
    byte[] out = new byte[length];
    int fresh = length == 0 ? 0 : (int) Math.ceil(length / compressibility);
    if (type == ValueType.STRING) {
      fillSymbols(random, out, fresh);
    } else {
      fillBytes(random, out, fresh);
    }
    for (int i = fresh; i < length; i++) {
      out[i] = out[i - fresh];
    }
    return out;
  }

  private static void fillBytes(RandomGenerator random, byte[] out, int n) {
    int i = 0;
    while (i < n) {
      long bits = random.nextLong();
      for (int b = 0; b < 8 && i < n; b++, bits >>>= 8) {
        out[i++] = (byte) bits;
      }
    }
  }

  private static void fillSymbols(RandomGenerator random, byte[] out, int n) {
    int i = 0;
    while (i < n) {
      long bits = random.nextLong();
      for (int c = 0; c < 10 && i < n; c++, bits >>>= 6) {
        out[i++] = SYMBOLS[(int) (bits & 63)];
      }
    }
  }
}
