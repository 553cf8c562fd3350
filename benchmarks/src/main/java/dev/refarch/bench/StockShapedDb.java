package dev.refarch.bench;

import com.mongodb.ConnectionString;
import com.mongodb.client.FindIterable;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoCursor;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.result.DeleteResult;
import com.mongodb.client.result.UpdateResult;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.bson.Document;
import org.bson.types.Binary;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * The reference side of {@link BindingBenchmark}: a YCSB binding that sends exactly the requests
 * the stock YCSB MongoDB binding sends, so that a cost this project's binding adds, or saves, is
 * visible against a side that shares YCSB, the workload and the server. Written here from that
 * binding's documented behaviour, not copied:
 *
 * <ul>
 *   <li>one {@code MongoClient} per JVM, from {@code mongodb.url} alone (its write concern and
 *       read preference; the driver's defaults otherwise), shared by all threads;
 *   <li>read: {@code find({_id: key})}, with a projection when fields are named, {@code first()};
 *       binary values come back as byte iterators;
 *   <li>update: {@code updateOne({_id: key}, {$set: Document})}; insert: {@code insertOne(Document)}
 *       with values as {@code byte[]}; delete: {@code deleteOne({_id: key})};
 *   <li>scan: {@code find({_id: {$gte: start}}).sort({_id: 1}).limit(n)}, with a projection when
 *       fields are named, no batch size and no hint; each document becomes a map.
 * </ul>
 *
 * <p>It uses only driver API that exists from driver 3.8 to 5.x, so the same source compiles
 * against {@code mongo-java-driver} 3.8.0 (the stock 0.17.0 binding's driver) on a benchmark-only
 * class path, and against this project's driver. The driver's own logging stays at warnings, as
 * the stock binding's {@code logback.xml} keeps it.
 *
 * <p>Not thread-safe per instance: YCSB gives each thread its own; the shared client is.
 */
public class StockShapedDb extends DB {

  private static final Integer INCLUDE = 1;
  private static final Object LOCK = new Object();
  /** Held so that the level set on it stays set (the JDK keeps loggers weakly). */
  private static final Logger DRIVER_LOG = Logger.getLogger("org.mongodb.driver");
  private static MongoClient client;
  private static MongoDatabase database;
  private static int references;

  @Override
  public void init() throws DBException {
    synchronized (LOCK) {
      if (client == null) {
        DRIVER_LOG.setLevel(Level.WARNING);
        String url = getProperties().getProperty("mongodb.url", "mongodb://localhost:27017/ycsb?w=1");
        String name = new ConnectionString(url).getDatabase();
        client = MongoClients.create(url);
        database = client.getDatabase(name == null || name.isEmpty() ? "ycsb" : name);
      }
      references++;
    }
  }

  @Override
  public void cleanup() throws DBException {
    synchronized (LOCK) {
      if (--references == 0) {
        client.close();
        client = null;
        database = null;
      }
    }
  }

  private static Document projection(Set<String> fields) {
    Document p = new Document();
    for (String f : fields) {
      p.put(f, INCLUDE);
    }
    return p;
  }

  private static void fill(Map<String, ByteIterator> out, Document doc) {
    for (Map.Entry<String, Object> e : doc.entrySet()) {
      if (e.getValue() instanceof Binary) {
        out.put(e.getKey(), new ByteArrayByteIterator(((Binary) e.getValue()).getData()));
      }
    }
  }

  private static Document values(Document into, Map<String, ByteIterator> values) {
    for (Map.Entry<String, ByteIterator> e : values.entrySet()) {
      into.put(e.getKey(), e.getValue().toArray());
    }
    return into;
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    try {
      FindIterable<Document> find = database.getCollection(table).find(new Document("_id", key));
      if (fields != null) {
        find.projection(projection(fields));
      }
      Document doc = find.first();
      if (doc == null) {
        return Status.NOT_FOUND;
      }
      fill(result, doc);
      return Status.OK;
    } catch (RuntimeException e) {
      return Status.ERROR;
    }
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
      Vector<HashMap<String, ByteIterator>> result) {
    FindIterable<Document> find = database.getCollection(table)
        .find(new Document("_id", new Document("$gte", startkey)))
        .sort(new Document("_id", INCLUDE)).limit(recordcount);
    if (fields != null) {
      find.projection(projection(fields));
    }
    try (MongoCursor<Document> cursor = find.iterator()) {
      while (cursor.hasNext()) {
        HashMap<String, ByteIterator> row = new HashMap<>();
        fill(row, cursor.next());
        result.add(row);
      }
      return result.isEmpty() ? Status.NOT_FOUND : Status.OK;
    } catch (RuntimeException e) {
      return Status.ERROR;
    }
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    try {
      MongoCollection<Document> c = database.getCollection(table);
      UpdateResult r = c.updateOne(new Document("_id", key),
          new Document("$set", values(new Document(), values)));
      return r.wasAcknowledged() && r.getMatchedCount() == 0 ? Status.NOT_FOUND : Status.OK;
    } catch (RuntimeException e) {
      return Status.ERROR;
    }
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    try {
      database.getCollection(table).insertOne(values(new Document("_id", key), values));
      return Status.OK;
    } catch (RuntimeException e) {
      return Status.ERROR;
    }
  }

  @Override
  public Status delete(String table, String key) {
    try {
      DeleteResult r = database.getCollection(table).deleteOne(new Document("_id", key));
      return r.wasAcknowledged() && r.getDeletedCount() == 0 ? Status.NOT_FOUND : Status.OK;
    } catch (RuntimeException e) {
      return Status.ERROR;
    }
  }
}
