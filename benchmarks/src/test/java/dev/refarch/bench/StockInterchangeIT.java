package dev.refarch.bench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.refarch.platform.spi.RunningCluster;
import dev.refarch.ycsb.mongo.InProcessClients;
import dev.refarch.ycsb.mongo.MongoDbClient;
import dev.refarch.ycsb.testing.LocalReplicaSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import java.util.Random;
import java.util.Set;
import java.util.Vector;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * Data written in the stock YCSB MongoDB binding's shape — {@link StockShapedDb}: a document of
 * {@code byte[]} values inserted with {@code insertOne}, {@code $set} of the same for an update —
 * reads back byte for byte through this binding (read, scan), and what this binding writes
 * (insert, update) reads back through the stock shape: a user can load with either and run with
 * the other. Values are random bytes of every value 0–255, so no encoding can round them.
 */
@ExtendWith(LocalReplicaSet.class)
class StockInterchangeIT {

  private static final String TABLE = "usertable";
  private static final int RECORDS = 40;
  private static final int FIELDS = 10;
  private static final int LENGTH = 100;

  private final RunningCluster cluster;
  private final InProcessClients clients = new InProcessClients();
  private StockShapedDb stock;
  private final Random random = new Random(20261128);

  StockInterchangeIT(RunningCluster cluster) {
    this.cluster = cluster;
  }

  @AfterEach
  void close() throws DBException {
    clients.close();
    if (stock != null) {
      stock.cleanup();
    }
  }

  private StockShapedDb stock(String database) throws DBException {
    Properties p = new Properties();
    p.setProperty("mongodb.url", LocalReplicaSet.url(cluster, database));
    stock = new StockShapedDb();
    stock.setProperties(p);
    stock.init();
    return stock;
  }

  private MongoDbClient binding(String database) throws DBException {
    return clients.open(LocalReplicaSet.url(cluster, database), Map.of());
  }

  private Map<String, byte[]> record(int fields) {
    Map<String, byte[]> r = new LinkedHashMap<>();
    for (int f = 0; f < fields; f++) {
      byte[] v = new byte[LENGTH];
      random.nextBytes(v);
      r.put("field" + f, v);
    }
    return r;
  }

  private static Map<String, ByteIterator> values(Map<String, byte[]> record) {
    Map<String, ByteIterator> v = new HashMap<>();
    record.forEach((k, bytes) -> v.put(k, new ByteArrayByteIterator(bytes.clone())));
    return v;
  }

  private static String key(int i) {
    return String.format("user%04d", i);
  }

  /** Asserts {@code db} reads {@code expected} for {@code key}, every field's bytes. */
  private static void readsBack(DB db, String key, Map<String, byte[]> expected) {
    Map<String, ByteIterator> got = new HashMap<>();
    assertThat(db.read(TABLE, key, null, got)).isEqualTo(Status.OK);
    assertThat(got.keySet()).as(key).containsAll(expected.keySet());
    expected.forEach((field, bytes) ->
        assertThat(got.get(field).toArray()).as("%s.%s", key, field).isEqualTo(bytes));
  }

  /**
   * Inserts {@value #RECORDS} records through {@code writer}, then updates {@code fields} fields
   * of record {@code updated}; returns what each record holds now.
   */
  private Map<String, Map<String, byte[]>> write(DB writer, int updated, int fields) {
    Map<String, Map<String, byte[]>> written = new LinkedHashMap<>();
    for (int i = 0; i < RECORDS; i++) {
      written.put(key(i), record(FIELDS));
      assertThat(writer.insert(TABLE, key(i), values(written.get(key(i))))).isEqualTo(Status.OK);
    }
    Map<String, byte[]> change = record(fields);
    assertThat(writer.update(TABLE, key(updated), values(change))).isEqualTo(Status.OK);
    written.get(key(updated)).putAll(change);
    return written;
  }

  @Test
  void whatTheStockShapeWritesReadsBackThroughTheBinding() throws DBException {
    Map<String, Map<String, byte[]>> written = write(stock("interchange_from_stock"), 7, 1);

    MongoDbClient reader = binding("interchange_from_stock");
    written.forEach((key, record) -> readsBack(reader, key, record));
    Vector<HashMap<String, ByteIterator>> scanned = new Vector<>();
    assertThat(reader.scan(TABLE, key(5), 10, null, scanned)).isEqualTo(Status.OK);
    assertThat(scanned).hasSize(10);
    for (int i = 0; i < 10; i++) {
      HashMap<String, ByteIterator> doc = scanned.get(i);
      written.get(key(5 + i)).forEach((field, bytes) -> assertThat(doc.get(field).toArray())
          .as("scanned %s.%s", field, bytes.length).isEqualTo(bytes));
    }
    Map<String, ByteIterator> one = new HashMap<>();
    assertThat(reader.read(TABLE, key(3), Set.of("field2"), one)).isEqualTo(Status.OK);
    assertThat(one.get("field2").toArray()).isEqualTo(written.get(key(3)).get("field2"));
  }

  @Test
  void whatTheBindingWritesReadsBackThroughTheStockShape() throws DBException {
    MongoDbClient writer = binding("interchange_to_stock");
    Map<String, Map<String, byte[]>> written = write(writer, 11, 2);
    clients.close(writer);

    StockShapedDb reader = stock("interchange_to_stock");
    written.forEach((key, record) -> readsBack(reader, key, record));
    Vector<HashMap<String, ByteIterator>> scanned = new Vector<>();
    assertThat(reader.scan(TABLE, key(30), 5, null, scanned)).isEqualTo(Status.OK);
    assertThat(scanned).hasSize(5);
    written.get(key(34)).forEach((field, bytes) ->
        assertThat(scanned.get(4).get(field).toArray()).as(field).isEqualTo(bytes));
  }
}
