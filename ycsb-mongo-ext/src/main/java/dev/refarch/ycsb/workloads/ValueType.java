package dev.refarch.ycsb.workloads;

import java.util.Locale;

/** How field values are stored ({@code refarch.data.valueType}). */
public enum ValueType {
  /** BSON binary of arbitrary bytes, as the stock YCSB binding stores values. */
  BINARY,
  /** BSON strings of printable characters (64 symbols, 6 bits of information per byte). */
  STRING;

  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }
}
