package dev.refarch.ycsb.mongo;

import site.ycsb.StringByteIterator;

/**
 * A field value the binding stores as a BSON string instead of BSON binary. Workloads that want
 * text fields (e.g. {@code RefarchWorkload} with {@code refarch.data.valueType=string}) hand these
 * to {@code insert} and {@code update}; every other {@link site.ycsb.ByteIterator} is stored as
 * binary, as the stock binding stores it. ({@link site.ycsb.NumericByteIterator} values are stored
 * as BSON int64 or double.)
 *
 * <p>Immutable text; the iterator position is not thread-safe, as for every {@code ByteIterator}.
 */
public final class TextValue extends StringByteIterator {

  private final String text;

  public TextValue(String text) {
    super(text);
    this.text = text;
  }

  /** The text, whatever the iterator position. */
  public String text() {
    return text;
  }
}
