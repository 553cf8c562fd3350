package dev.refarch.platform.spi;

import java.util.Locale;

/** A YCSB phase around which platform hooks run. */
public enum Phase {
  /** {@code -load}: the records are inserted. */
  LOAD,
  /** {@code -t}: the transaction mix runs against loaded records. */
  RUN;

  /** The lower-case name used in properties and results ({@code load}, {@code run}). */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }
}
