package dev.refarch.ycsb.workloads;

import java.util.Locale;

/** Where a run's inserts get their keys ({@code refarch.insertKeys}). */
public enum InsertKeys {
  /**
   * A block of ordinals reserved for this run in MongoDB ({@link InsertKeyReservations}): runs can
   * repeat on the same data, and concurrent clients never collide.
   */
  RESERVE,
  /** YCSB's own: every run inserts from {@code recordcount} on; a second run collides. */
  AFTER_LOAD;

  public String label() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }
}
