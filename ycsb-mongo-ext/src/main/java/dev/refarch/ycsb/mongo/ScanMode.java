package dev.refarch.ycsb.mongo;

import java.util.Locale;

/**
 * How {@code scan(table, startkey, n, ...)} turns YCSB's start key and length into a query
 * ({@code mongodb.scan.mode}).
 */
public enum ScanMode {
  /**
   * YCSB's own scan: {@code {_id: {$gte: startkey}}}, sorted by {@code _id}, limit {@code n}. With
   * YCSB's default hashed key order the range has no meaning beyond "n keys from here".
   */
  ID,
  /**
   * An ordered range scan with an explicit end key: {@code {_id: {$gte: startkey, $lt: endkey}}},
   * sorted by {@code _id}, limit {@code n}, where {@code endkey} is {@code startkey} with its
   * trailing ordinal increased by {@code n} (same prefix and width, see {@link KeyOrdinals}).
   * Needs keys inserted in order ({@code insertorder=ordered}) and zero-padded to one width.
   */
  RANGE,
  /**
   * A secondary-index range scan: {@code {<indexField>: {$gte: o, $lt: o + n}}}, sorted by the
   * index field, limit {@code n}, where {@code o} is the ordinal in {@code startkey}'s trailing
   * digits. The index field holds each record's ordinal (written by {@code RefarchWorkload}).
   */
  INDEX;

  /** The property value, e.g. {@code range}. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }
}
