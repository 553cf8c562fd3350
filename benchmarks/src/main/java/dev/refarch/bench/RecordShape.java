package dev.refarch.bench;

import dev.refarch.ycsb.config.YcsbProperties;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The records every side of {@link BindingBenchmark} loads, reads and writes: {@code fieldcount}
 * fields of {@code fieldlength} bytes, written {@code <fieldcount>x<fieldlength>} as in the
 * catalog studies' names ({@code 10x100} YCSB's default, {@code 10x188} NetApp's 2 KB documents,
 * {@code 50x250} Diamanti's).
 *
 * <p>Immutable and thread-safe.
 *
 * <pre>{@code
 * RecordShape shape = RecordShape.parse("10x188");
 * properties.putAll(shape.properties());   // fieldcount=10, fieldlength=188
 * }</pre>
 *
 * @param fieldcount fields per record, 1 to {@value #MAX_FIELDS}
 * @param fieldlength bytes per field value, at least 1; the record must stay under MongoDB's
 *     16 MiB
 */
record RecordShape(int fieldcount, int fieldlength) {

  /** YCSB's default: 10 fields of 100 bytes. */
  static final RecordShape YCSB_DEFAULT = new RecordShape(10, 100);

  /** The most fields a record may have, as the experiments' specs allow. */
  static final int MAX_FIELDS = 10_000;

  /** What {@link #parse} accepts, for error messages and the settings table. */
  static final String ALLOWED = "<fieldcount>x<fieldlength>: fieldcount 1 to " + MAX_FIELDS
      + ", fieldlength (bytes) from 1, a record under 16 MiB; e.g. 10x100, 10x188, 50x250";

  RecordShape {
    if (fieldcount < 1 || fieldcount > MAX_FIELDS || fieldlength < 1) {
      throw new IllegalArgumentException(ALLOWED);
    }
    if (bsonBytes(fieldcount, fieldlength) > YcsbProperties.MAX_DOCUMENT_BYTES) {
      throw new IllegalArgumentException(ALLOWED + " (" + fieldcount + " fields of "
          + fieldlength + " B make a record of about "
          + bsonBytes(fieldcount, fieldlength) / (1024 * 1024) + " MiB)");
    }
  }

  /**
   * The shape written {@code <fieldcount>x<fieldlength>}, e.g. {@code 10x188}; surrounding
   * blanks and an upper-case {@code X} are accepted.
   *
   * @throws IllegalArgumentException whose message says what is allowed
   */
  static RecordShape parse(String text) {
    String[] parts = text.trim().toLowerCase(Locale.ROOT).split("x", -1);
    if (parts.length != 2) {
      throw new IllegalArgumentException(ALLOWED);
    }
    try {
      return new RecordShape(Integer.parseInt(parts[0]), Integer.parseInt(parts[1]));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(ALLOWED);
    }
  }

  /**
   * A record's BSON size with keys of up to 64 characters, as {@link YcsbProperties} reckons it:
   * per field a type byte, the name {@code field<n>} and its NUL, the binary's length and subtype,
   * and the value.
   */
  private static long bsonBytes(long fields, long length) {
    long perField = 1 + "field".length() + String.valueOf(fields).length() + 1 + 4 + 1 + length;
    return 5 + 64 + fields * perField;
  }

  /** YCSB's keys for this shape, which {@link RawLoop} reads too: fieldcount, fieldlength. */
  Map<String, String> properties() {
    Map<String, String> p = new LinkedHashMap<>();
    p.put("fieldcount", String.valueOf(fieldcount));
    p.put("fieldlength", String.valueOf(fieldlength));
    return p;
  }

  /** For the printed header: {@code 10 x 188 B}. */
  String text() {
    return fieldcount + " x " + fieldlength + " B";
  }

  /** The setting's form, {@code 10x188}. */
  @Override
  public String toString() {
    return fieldcount + "x" + fieldlength;
  }
}
