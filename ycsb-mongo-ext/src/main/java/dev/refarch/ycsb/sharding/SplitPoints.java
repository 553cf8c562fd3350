package dev.refarch.ycsb.sharding;

import dev.refarch.ycsb.workloads.KeySpace;
import java.util.ArrayList;
import java.util.List;

/**
 * Where to split a range-sharded {@code _id} so that each initial chunk gets the same number of
 * the records YCSB will load: the keys of the loaded ordinals (all of them, or an evenly spaced
 * sample of a large load) are built as YCSB builds them, sorted as the server compares strings,
 * and cut at equal counts. Works for ordered and hashed key orders alike.
 *
 * <p>Stateless and thread-safe.
 */
public final class SplitPoints {

  /** Keys sampled at most; enough for chunk boundaries within 0.1 % of equal counts. */
  static final int MAX_SAMPLE = 200_000;

  private SplitPoints() {
  }

  /**
   * {@code chunks - 1} strictly increasing split keys (fewer when there are fewer keys than
   * chunks).
   *
   * @param keys how YCSB names records
   * @param chunks the chunks wanted, at least 1
   */
  public static List<String> of(KeySpace keys, int chunks) {
    long records = keys.recordCount();
    long step = Math.max(1, (records + MAX_SAMPLE - 1) / MAX_SAMPLE);
    List<String> sample = new ArrayList<>((int) Math.min(records, MAX_SAMPLE) + 1);
    for (long ordinal = 0; ordinal < records; ordinal += step) {
      sample.add(keys.keyName(ordinal));
    }
    // String.compareTo orders ASCII keys as the server's binary string comparison does
    sample.sort(null);
    List<String> points = new ArrayList<>();
    for (int i = 1; i < chunks; i++) {
      int at = (int) ((long) i * sample.size() / chunks);
      if (at > 0 && at < sample.size()) {
        String key = sample.get(at);
        if (points.isEmpty() || key.compareTo(points.get(points.size() - 1)) > 0) {
          points.add(key);
        }
      }
    }
    return points;
  }
}
