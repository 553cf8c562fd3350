package dev.refarch.ycsb.workloads;

import dev.refarch.platform.spi.config.PropertyMaps;
import java.util.Map;
import site.ycsb.Utils;

/**
 * YCSB's record keys: names built from ordinals exactly as YCSB 0.17's {@code CoreWorkload} builds
 * them ({@code user} + the ordinal, FNV-hashed unless {@code insertorder=ordered}, zero-padded to
 * {@code zeropadding} digits), plus the mapping that makes workloads D and E re-runnable.
 *
 * <p>YCSB's key choosers work on logical ordinals: {@code [0, recordcount)} were loaded, and a run
 * inserts {@code recordcount, recordcount + 1, ...}. Run after run, those would collide. Here a
 * run's inserts land on physical ordinals from {@code insertBase} on — a block reserved for this
 * run ({@link InsertKeyReservations}) — so logical ordinal {@code recordcount + i} is physical
 * {@code insertBase + i}; loaded records keep their ordinals. Key choosers stay correct, since
 * they never see physical ordinals.
 *
 * <p>Immutable and thread-safe.
 *
 * @param ordered whether keys are inserted in order ({@code insertorder=ordered}): unhashed
 * @param zeroPadding minimum digits of the key's number ({@code zeropadding}, default 1)
 * @param recordCount records loaded ({@code recordcount}); logical ordinals from here are inserts
 * @param insertBase the physical ordinal of this run's first insert ({@code recordcount} for
 *     YCSB's own behaviour)
 */
public record KeySpace(boolean ordered, int zeroPadding, long recordCount, long insertBase) {

  /** YCSB 0.17's fixed key prefix. */
  public static final String PREFIX = "user";

  public KeySpace {
    if (zeroPadding < 1 || recordCount < 0 || insertBase < recordCount) {
      throw new IllegalArgumentException("zeroPadding " + zeroPadding + ", recordCount "
          + recordCount + ", insertBase " + insertBase);
    }
  }

  /** The key space of YCSB's own properties ({@code insertorder}, {@code zeropadding}, {@code recordcount}). */
  public static KeySpace fromProperties(Map<?, ?> properties) {
    boolean ordered = !"hashed".equals(text(properties, "insertorder", "hashed"));
    int padding = Integer.parseInt(text(properties, "zeropadding", "1"));
    long records = Long.parseLong(text(properties, "recordcount", "0"));
    return new KeySpace(ordered, padding, records, records);
  }

  private static String text(Map<?, ?> properties, String key, String fallback) {
    Object v = PropertyMaps.get(properties, key);
    return v == null || v.toString().isBlank() ? fallback : v.toString().trim();
  }

  /** The same keys with this run's inserts from {@code base} on. */
  public KeySpace withInsertBase(long base) {
    return new KeySpace(ordered, zeroPadding, recordCount, base);
  }

  /** The physical ordinal of a logical one. */
  public long physical(long logical) {
    return logical < recordCount ? logical : insertBase + (logical - recordCount);
  }

  /** The key of a physical ordinal, as YCSB names it. */
  public String keyName(long physical) {
    return name(ordered ? physical : Utils.hash(physical));
  }

  /**
   * The key of a physical ordinal without hashing, whatever the insert order: the start key this
   * workload hands to index scans, whose trailing digits are the ordinal to scan from.
   */
  public String ordinalKey(long physical) {
    return name(physical);
  }

  /** Digits of the widest key number up to {@code maxPhysical}, for the zero-padding check. */
  public static int digits(long value) {
    return Long.toString(value).length();
  }

  private String name(long number) {
    String digits = Long.toString(number);
    StringBuilder key = new StringBuilder(PREFIX.length() + Math.max(zeroPadding, digits.length()));
    key.append(PREFIX);
    for (int i = digits.length(); i < zeroPadding; i++) {
      key.append('0');
    }
    return key.append(digits).toString();
  }
}
