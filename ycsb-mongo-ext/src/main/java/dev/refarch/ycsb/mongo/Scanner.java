package dev.refarch.ycsb.mongo;

import com.mongodb.MongoException;
import com.mongodb.client.FindIterable;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoCursor;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonString;
import org.bson.RawBsonDocument;
import site.ycsb.ByteIterator;
import site.ycsb.Status;

/**
 * Runs one YCSB thread's scans as {@link ScanSettings} say — mode, batch size, hint, projection —
 * and keeps what the last scan returned (documents, BSON bytes) for the scan measurements.
 *
 * <p>Sort, hint and the projections for "all fields" and single fields are built once and reused;
 * a scan allocates its filter and the result rows. Not thread-safe: one instance per YCSB thread.
 *
 * <pre>{@code
 * Status s = scanner.scan(collection, "user000120", 100, null, rows);
 * int documents = scanner.documents();
 * long bytes = scanner.bytes();
 * }</pre>
 */
final class Scanner {

  private static final BsonInt32 ONE = new BsonInt32(1);
  private static final BsonInt32 ZERO = new BsonInt32(0);

  private final ScanSettings settings;
  private final String sortField;
  private final BsonDocument sort;
  private final BsonDocument hintPattern;
  private final String hintName;
  private final BsonDocument allFields;
  private final Map<String, BsonDocument> singleFields = new HashMap<>();
  private int documents;
  private long bytes;

  Scanner(ScanSettings settings) {
    this.settings = settings;
    this.sortField = settings.mode() == ScanMode.INDEX ? settings.indexField().orElseThrow() : "_id";
    this.sort = new BsonDocument(sortField, ONE);
    this.hintPattern = settings.hint().map(h -> h.keyPatternOr(sort)).orElse(null);
    this.hintName = settings.hint().map(ScanHint::indexName).orElse(null);
    this.allFields = projection(null);
  }

  /**
   * Scans {@code n} records from {@code startkey} into {@code result}.
   *
   * @return {@code OK} with at least one document, {@code NOT_FOUND} with none,
   *     {@code BAD_REQUEST} when the mode needs an ordinal that {@code startkey} does not end in,
   *     else the driver failure's status
   */
  Status scan(MongoCollection<RawBsonDocument> collection, String startkey, int n,
      Set<String> fields, Vector<HashMap<String, ByteIterator>> result) {
    documents = 0;
    bytes = 0;
    BsonDocument filter;
    try {
      filter = filter(startkey, n);
    } catch (IllegalArgumentException e) {
      ErrorLog.error("scan (" + settings.mode().label() + " mode)", startkey, e);
      return Status.BAD_REQUEST;
    }
    FindIterable<RawBsonDocument> find = collection.find(filter).sort(sort).limit(n)
        .projection(projectionFor(fields));
    int batch = settings.batchSize().orElse(n);
    if (batch > 0) {
      find.batchSize(batch);
    }
    if (hintPattern != null) {
      find.hint(hintPattern);
    } else if (hintName != null) {
      find.hintString(hintName);
    }
    try (MongoCursor<RawBsonDocument> cursor = find.iterator()) {
      while (cursor.hasNext()) {
        HashMap<String, ByteIterator> row = new HashMap<>();
        bytes += DocumentCodec.decode(cursor.next(), fields, row);
        result.add(row);
        documents++;
      }
    } catch (MongoException e) {
      ErrorLog.error("scan", startkey, e);
      return MongoDbClient.statusOf(e);
    }
    return documents == 0 ? Status.NOT_FOUND : Status.OK;
  }

  /** The query of a scan of {@code n} records from {@code startkey}, by mode. */
  BsonDocument filter(String startkey, int n) {
    switch (settings.mode()) {
      case RANGE:
        String endkey = KeyOrdinals.withOrdinal(startkey, KeyOrdinals.ordinal(startkey) + n);
        return new BsonDocument("_id", new BsonDocument("$gte", new BsonString(startkey))
            .append("$lt", new BsonString(endkey)));
      case INDEX:
        long from = KeyOrdinals.ordinal(startkey);
        return new BsonDocument(sortField, new BsonDocument("$gte", new BsonInt64(from))
            .append("$lt", new BsonInt64(from + n)));
      default:
        return new BsonDocument("_id", new BsonDocument("$gte", new BsonString(startkey)));
    }
  }

  private BsonDocument projectionFor(Set<String> fields) {
    if (fields == null) {
      return allFields;
    }
    if (fields.size() == 1) {
      // readallfields=false asks for one random field per scan: a handful of distinct sets
      return singleFields.computeIfAbsent(fields.iterator().next(), f -> projection(Set.of(f)));
    }
    return projection(fields);
  }

  /** {@code null} (everything) or the projection document for {@code fields} under this setting. */
  private BsonDocument projection(Set<String> fields) {
    switch (settings.projection()) {
      case ID_ONLY:
        return new BsonDocument("_id", ONE);
      case REQUESTED_WITHOUT_ID:
        BsonDocument p = fieldsOf(fields);
        return p.append("_id", ZERO);
      default:
        return fields == null ? null : fieldsOf(fields);
    }
  }

  private static BsonDocument fieldsOf(Set<String> fields) {
    BsonDocument p = new BsonDocument();
    if (fields != null) {
      for (String f : fields) {
        p.append(f, ONE);
      }
    }
    return p;
  }

  /** Documents the last scan returned. */
  int documents() {
    return documents;
  }

  /** BSON bytes of the documents the last scan returned, as sent by the server (after projection). */
  long bytes() {
    return bytes;
  }
}
