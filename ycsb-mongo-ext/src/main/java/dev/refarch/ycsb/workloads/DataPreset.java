package dev.refarch.ycsb.workloads;

import java.util.Locale;

/**
 * The seed studies' record shapes, by name ({@code refarch.data.preset}): field count and field
 * length, and the BSON size of a record they give with YCSB's usual 23-character keys
 * ({@code user} + 19 digits; each key character more or less changes it by one byte).
 */
public enum DataPreset {
  /** YCSB's default: 10 fields × 100 B ("1 KB records"); 1,168 B as BSON. */
  YCSB_DEFAULT(10, 100, 1_168),
  /** NetApp TR-4501: 2 KB documents, fields field0…field9 ⇒ 10 fields × 188 B; 2,048 B as BSON. */
  NETAPP_2KB(10, 188, 2_048),
  /** Diamanti: fieldcount=50, fieldlength=250; 13,228 B as BSON. */
  DIAMANTI_50X250(50, 250, 13_228);

  /** Length of the keys {@link #documentBytes()} assumes. */
  public static final int KEY_LENGTH = 23;

  private final int fieldCount;
  private final int fieldLength;
  private final int documentBytes;

  DataPreset(int fieldCount, int fieldLength, int documentBytes) {
    this.fieldCount = fieldCount;
    this.fieldLength = fieldLength;
    this.documentBytes = documentBytes;
  }

  public int fieldCount() {
    return fieldCount;
  }

  /** Bytes per field value. */
  public int fieldLength() {
    return fieldLength;
  }

  /** BSON bytes of one record with a {@value #KEY_LENGTH}-character key and no index field. */
  public int documentBytes() {
    return documentBytes;
  }

  /** The property value, e.g. {@code diamanti-50x250}. */
  public String label() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }
}
