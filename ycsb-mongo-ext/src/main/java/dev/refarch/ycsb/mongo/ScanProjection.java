package dev.refarch.ycsb.mongo;

import java.util.Locale;

/** Which fields a scan asks the server to return ({@code mongodb.scan.projection}). */
public enum ScanProjection {
  /** The fields YCSB asks for: all of them with {@code readallfields=true} (YCSB's own scan). */
  REQUESTED,
  /** The fields YCSB asks for, without {@code _id}: fewer bytes on the wire. */
  REQUESTED_WITHOUT_ID,
  /**
   * Only {@code _id}: in the {@code id} and {@code range} modes the scan is answered from the
   * {@code _id} index alone (a covered query), which isolates the index walk from document fetches.
   */
  ID_ONLY;

  /** The property value, e.g. {@code requested-without-id}. */
  public String label() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }
}
