package dev.refarch.ycsb.mongo;

import org.bson.BsonDocument;
import org.bson.json.JsonParseException;

/**
 * The index a scan is told to use ({@code mongodb.scan.hint}): {@code auto} (the index of the scan
 * mode), an index name, or a key pattern.
 *
 * <p>Immutable.
 *
 * @param auto whether the hint is the scan mode's own index
 * @param indexName an index name, or {@code null}
 * @param keyPattern a key pattern such as {@code {"_id": 1}}, or {@code null}
 */
public record ScanHint(boolean auto, String indexName, BsonDocument keyPattern) {

  /** What {@code mongodb.scan.hint} accepts. */
  public static final String ALLOWED = "auto, an index name, or a key pattern as JSON, e.g. {\"_id\": 1}";

  public ScanHint {
    int given = (auto ? 1 : 0) + (indexName != null ? 1 : 0) + (keyPattern != null ? 1 : 0);
    if (given != 1) {
      throw new IllegalArgumentException("exactly one of auto, indexName, keyPattern");
    }
  }

  /** Parses a property value; throws with {@link #ALLOWED} for anything else. */
  public static ScanHint parse(String raw) {
    String v = raw.trim();
    if (v.equalsIgnoreCase("auto")) {
      return new ScanHint(true, null, null);
    }
    if (v.startsWith("{")) {
      try {
        BsonDocument pattern = BsonDocument.parse(v);
        if (!pattern.isEmpty()) {
          return new ScanHint(false, null, pattern);
        }
      } catch (JsonParseException e) {
        // rejected below with what is allowed
      }
      throw new IllegalArgumentException(ALLOWED + " (the JSON did not parse to a non-empty document)");
    }
    if (v.isEmpty() || v.contains(" ")) {
      throw new IllegalArgumentException(ALLOWED);
    }
    return new ScanHint(false, v, null);
  }

  /** The key pattern this hint names, given the scan's own index key pattern for {@code auto}. */
  BsonDocument keyPatternOr(BsonDocument modeIndex) {
    return auto ? modeIndex : keyPattern;
  }

  @Override
  public String toString() {
    if (auto) {
      return "auto";
    }
    return indexName != null ? indexName : keyPattern.toJson();
  }
}
