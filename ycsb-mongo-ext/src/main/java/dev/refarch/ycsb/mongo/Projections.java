package dev.refarch.ycsb.mongo;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.bson.BsonDocument;
import org.bson.BsonInt32;

/**
 * The projection documents of one binding instance, built once per distinct set of fields: YCSB
 * asks for all fields or for one field at a time, so there are few. At most {@value #LIMIT} are
 * kept; beyond that each is built per call.
 *
 * <p>Not thread-safe: one per binding instance.
 */
final class Projections {

  private static final int LIMIT = 1024;
  private final Map<Set<String>, BsonDocument> built = new HashMap<>();

  /** The projection of {@code fields}; {@code null} (all fields) for {@code null}. */
  BsonDocument of(Set<String> fields) {
    if (fields == null) {
      return null;
    }
    BsonDocument p = built.get(fields);
    if (p == null) {
      p = build(fields);
      if (built.size() < LIMIT) {
        built.put(Set.copyOf(fields), p);
      }
    }
    return p;
  }

  private static BsonDocument build(Set<String> fields) {
    BsonDocument p = new BsonDocument();
    for (String f : fields) {
      p.append(f, new BsonInt32(1));
    }
    return p;
  }
}
