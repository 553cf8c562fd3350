package dev.refarch.ycsb.mongo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;
import com.mongodb.event.CommandListener;
import com.mongodb.event.CommandStartedEvent;
import dev.refarch.platform.spi.RunningCluster;
import dev.refarch.ycsb.measure.HdrLogs;
import dev.refarch.ycsb.testing.KeyValues;
import dev.refarch.ycsb.testing.LocalReplicaSet;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.IntStream;
import org.HdrHistogram.Histogram;
import org.bson.BsonDocument;
import org.bson.Document;
import org.bson.RawBsonDocument;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.ByteIterator;
import site.ycsb.DBException;
import site.ycsb.NumericByteIterator;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;

/**
 * Each scan mode returns exactly the expected documents — order, count, fields — on known data,
 * sends the query options it is configured with, and measures what it returned exactly.
 *
 * <p>Known data: {@value #RECORDS} records {@code user00000} … {@code user00029}, inserted in
 * shuffled order, with fields {@code field0..2 = "<key>-f<i>"} and an indexed {@code ordinal}
 * that is a permutation of the key numbers (key {@code i} has ordinal {@code 7i mod 30}), so that
 * index order and key order differ.
 */
@ExtendWith(LocalReplicaSet.class)
class ScanModesIT {

  private static final int RECORDS = 30;
  private static final List<String> FIELDS = List.of("field0", "field1", "field2");

  private final RunningCluster cluster;
  private final InProcessClients clients = new InProcessClients();
  private final List<BsonDocument> finds = new CopyOnWriteArrayList<>();
  private final List<String> commands = new CopyOnWriteArrayList<>();
  private String db;
  private MongoClient verify;

  ScanModesIT(RunningCluster cluster) {
    this.cluster = cluster;
  }

  private static String key(int i) {
    return String.format(Locale.ROOT, "user%05d", i);
  }

  /** The key whose ordinal is {@code ordinal}: 13 is the inverse of 7 modulo 30. */
  private static String keyOfOrdinal(int ordinal) {
    return key(ordinal * 13 % RECORDS);
  }

  @BeforeEach
  void load(TestInfo test) throws DBException {
    db = "scan_" + test.getTestMethod().orElseThrow().getName().toLowerCase(Locale.ROOT);
    db = db.substring(0, Math.min(db.length(), 60));
    verify = MongoClients.create(cluster.connectionString());
    CommandListener listener = new CommandListener() {
      @Override
      public void commandStarted(CommandStartedEvent event) {
        if (!event.getDatabaseName().equals(db)) {
          return;
        }
        commands.add(event.getCommandName());
        if (event.getCommandName().equals("find")) {
          finds.add(event.getCommand().clone());
        }
      }
    };
    SharedClient.testCustomizer = b -> b.addCommandListener(listener);
    MongoDbClient loader = client(Map.of("dotransactions", "false", "mongodb.scan.indexField", "ordinal"));
    List<Integer> order = new ArrayList<>(IntStream.range(0, RECORDS).boxed().toList());
    Collections.shuffle(order, new java.util.Random(1));
    for (int i : order) {
      Map<String, ByteIterator> values = new LinkedHashMap<>();
      FIELDS.forEach(f -> values.put(f, new StringByteIterator(key(i) + "-" + f.replace("field", "f"))));
      values.put("ordinal", new NumericByteIterator(7L * i % RECORDS));
      assertThat(loader.insert("usertable", key(i), values)).isEqualTo(Status.OK);
    }
    close(loader);
    finds.clear();
    commands.clear();
  }

  @AfterEach
  void tearDown() throws DBException {
    clients.close();
    SharedClient.testCustomizer = b -> { };
    verify.close();
  }

  private MongoDbClient client(Map<String, String> settings) throws DBException {
    return clients.open(LocalReplicaSet.url(cluster, db), settings);
  }

  private MongoDbClient scanner(String... kv) throws DBException {
    Map<String, String> settings = KeyValues.of("insertorder", "ordered");
    settings.putAll(KeyValues.of(kv));
    return client(settings);
  }

  private void close(MongoDbClient c) throws DBException {
    clients.close(c);
  }

  /** The find commands of scans (the binding's own reads and checks have no sort). */
  private List<BsonDocument> scanFinds() {
    return finds.stream().filter(f -> f.containsKey("sort")).toList();
  }

  /** The key each row came from, read off its field values. */
  private static List<String> keysOf(Vector<HashMap<String, ByteIterator>> rows, String field) {
    return rows.stream().map(r -> r.get(field).toString().replaceAll("-f.*", "")).toList();
  }

  private Vector<HashMap<String, ByteIterator>> scan(MongoDbClient c, String start, int n,
      Set<String> fields, Status expected) {
    Vector<HashMap<String, ByteIterator>> rows = new Vector<>();
    assertThat(c.scan("usertable", start, n, fields, rows)).isEqualTo(expected);
    return rows;
  }

  @Test
  void idModeReturnsTheNextKeysInKeyOrderWithEveryField() throws Exception {
    Vector<HashMap<String, ByteIterator>> rows = scan(scanner(), key(10), 5, null, Status.OK);
    assertThat(keysOf(rows, "field0")).containsExactly(key(10), key(11), key(12), key(13), key(14));
    assertThat(rows).allSatisfy(r -> assertThat(r).containsOnlyKeys(FIELDS));
    assertThat(rows.get(0).get("field2").toString()).isEqualTo(key(10) + "-f2");
  }

  @Test
  void rangeModeStopsAtTheEndKeyWhereIdModeReadsOn() throws Exception {
    verify.getDatabase(db).getCollection("usertable").deleteOne(Filters.eq("_id", key(12)));
    MongoDbClient range = scanner("mongodb.scan.mode", "range");
    assertThat(keysOf(scan(range, key(10), 5, null, Status.OK), "field0"))
        .containsExactly(key(10), key(11), key(13), key(14));
    close(range);
    assertThat(keysOf(scan(scanner(), key(10), 5, null, Status.OK), "field0"))
        .containsExactly(key(10), key(11), key(13), key(14), key(15));
  }

  @Test
  void indexModeReturnsTheOrdinalRangeInIndexOrder() throws Exception {
    MongoDbClient c = scanner("mongodb.scan.mode", "index", "mongodb.scan.indexField", "ordinal");
    assertThat(keysOf(scan(c, "user4", 3, null, Status.OK), "field0"))
        .containsExactly(keyOfOrdinal(4), keyOfOrdinal(5), keyOfOrdinal(6));
    assertThat(keysOf(scan(c, "user28", 5, null, Status.OK), "field0"))
        .as("stops at the last ordinal").containsExactly(keyOfOrdinal(28), keyOfOrdinal(29));
  }

  @Test
  void scanBeyondTheLastKeyIsNotFoundInEveryMode() throws Exception {
    for (String[] settings : new String[][] {{}, {"mongodb.scan.mode", "range"},
        {"mongodb.scan.mode", "index", "mongodb.scan.indexField", "ordinal"}}) {
      MongoDbClient c = scanner(settings);
      scan(c, settings.length == 0 ? key(99) : "user99", 5, null, Status.NOT_FOUND);
      close(c);
    }
  }

  @Test
  void requestedFieldsAreTheOnlyFieldsReturned() throws Exception {
    Vector<HashMap<String, ByteIterator>> rows = scan(scanner("mongodb.scan.projection",
        "requested-without-id"), key(3), 4, Set.of("field1"), Status.OK);
    assertThat(rows).hasSize(4).allSatisfy(r -> assertThat(r).containsOnlyKeys("field1"));
    assertThat(keysOf(rows, "field1")).containsExactly(key(3), key(4), key(5), key(6));
    assertThat(scanFinds().get(0).getDocument("projection"))
        .isEqualTo(BsonDocument.parse("{field1: 1, _id: 0}"));
  }

  @Test
  void idOnlyProjectionReturnsDocumentsWithoutFields() throws Exception {
    MongoDbClient c = scanner("mongodb.scan.projection", "id-only");
    Vector<HashMap<String, ByteIterator>> rows = scan(c, key(0), 6, null, Status.OK);
    assertThat(rows).hasSize(6).allSatisfy(r -> assertThat(r).isEmpty());
    assertThat(scanFinds().get(0).getDocument("projection")).isEqualTo(BsonDocument.parse("{_id: 1}"));
  }

  @Test
  void defaultScanFetchesEverythingInOneRoundTripWithoutHint() throws Exception {
    scan(scanner(), key(0), 7, null, Status.OK);
    BsonDocument find = scanFinds().get(0);
    // the driver asks for limit + 1 when the batch size equals the limit, so the server closes
    // the cursor with the first batch
    assertThat(find.getInt32("batchSize").getValue()).isGreaterThanOrEqualTo(7);
    assertThat(find.getInt32("limit").getValue()).isEqualTo(7);
    assertThat(commands).containsExactly("find");
    assertThat(find.containsKey("hint")).isFalse();
    assertThat(find.getDocument("sort")).isEqualTo(BsonDocument.parse("{_id: 1}"));
  }

  @Test
  void naiveScanLeavesTheBatchSizeToTheServer() throws Exception {
    scan(scanner("mongodb.scan.batchSize", "0"), key(0), 7, null, Status.OK);
    assertThat(scanFinds().get(0).containsKey("batchSize")).isFalse();
  }

  @Test
  void smallBatchesStillReturnEveryDocument() throws Exception {
    Vector<HashMap<String, ByteIterator>> rows = scan(scanner("mongodb.scan.batchSize", "2"), key(0),
        7, null, Status.OK);
    assertThat(rows).hasSize(7);
    assertThat(scanFinds().get(0).getInt32("batchSize").getValue()).isEqualTo(2);
    assertThat(commands).containsExactly("find", "getMore", "getMore", "getMore");
  }

  @Test
  void autoHintIsTheIndexOfTheMode() throws Exception {
    MongoDbClient id = scanner("mongodb.scan.hint", "auto");
    scan(id, key(0), 3, null, Status.OK);
    close(id);
    scan(scanner("mongodb.scan.hint", "auto", "mongodb.scan.mode", "index",
        "mongodb.scan.indexField", "ordinal"), "user0", 3, null, Status.OK);
    assertThat(scanFinds()).extracting(f -> f.getDocument("hint"))
        .containsExactly(BsonDocument.parse("{_id: 1}"), BsonDocument.parse("{ordinal: 1}"));
  }

  @Test
  void hintOfAMissingIndexFailsTheScan() throws Exception {
    scan(scanner("mongodb.scan.hint", "no_such_index"), key(0), 3, null, Status.ERROR);
  }

  @Test
  void scansUseTheirOwnReadPreference() throws Exception {
    MongoDbClient c = scanner("mongodb.scan.readPreference", "nearest");
    scan(c, key(0), 3, null, Status.OK);
    assertThat(c.read("usertable", key(1), null, new HashMap<>())).isEqualTo(Status.OK);
    assertThat(finds).hasSize(2);
    assertThat(finds.get(0).getDocument("$readPreference").getString("mode").getValue())
        .isEqualTo("nearest");
    assertThat(finds.get(1).containsKey("$readPreference")).as("reads keep the binding's").isFalse();
  }

  @Test
  void loadCreatesTheIndexOfTheIndexField() {
    List<String> names = verify.getDatabase(db).getCollection("usertable").listIndexes()
        .map(i -> i.getString("name")).into(new ArrayList<>());
    assertThat(names).contains("ordinal_1");
  }

  @Test
  void indexScansOfDataWithoutTheFieldFailInit() {
    verify.getDatabase(db).getCollection("usertable").updateMany(new Document(),
        new Document("$unset", new Document("ordinal", "")));
    assertThatThrownBy(() -> scanner("dotransactions", "true", "mongodb.scan.mode", "index",
        "mongodb.scan.indexField", "ordinal"))
        .isInstanceOf(DBException.class)
        .hasMessageContaining("has the field 'ordinal': load with"
            + " workload=dev.refarch.ycsb.workloads.RefarchWorkload");
  }

  @Test
  void documentsAndBytesMeasurementsEqualTheTruth(@TempDir Path dir) throws Exception {
    MongoDbClient c = scanner("mongodb.scan.mode", "range", "measurement.dir", dir.toString());
    int[][] scans = {{0, 5}, {10, 3}, {27, 10}, {29, 1}, {50, 4}};
    long documents = 0;
    long bytes = 0;
    long maxBytes = 0;
    long maxDocuments = 0;
    MongoCollection<RawBsonDocument> raw = verify.getDatabase(db).getCollection("usertable",
        RawBsonDocument.class);
    for (int[] s : scans) {
      scan(c, key(s[0]), s[1], null, s[0] < RECORDS ? Status.OK : Status.NOT_FOUND);
      long scanBytes = 0;
      int found = 0;
      for (int i = s[0]; i < Math.min(RECORDS, s[0] + s[1]); i++) {
        scanBytes += raw.find(Filters.eq("_id", key(i))).first().getByteBuffer().remaining();
        found++;
      }
      documents += found;
      maxDocuments = Math.max(maxDocuments, found);
      bytes += scanBytes;
      maxBytes = Math.max(maxBytes, scanBytes);
    }
    close(c);

    JsonNode metrics = new ObjectMapper().readTree(dir.resolve("summary.json").toFile())
        .get("operations").get("SCAN").get("metrics");
    assertThat(metrics.get("documents").get("count").asLong()).isEqualTo(scans.length);
    assertThat(metrics.get("documents").get("sum").asLong()).isEqualTo(documents);
    assertThat(metrics.get("documents").get("max").asLong()).isEqualTo(maxDocuments);
    assertThat(metrics.get("bytes").get("sum").asLong()).isEqualTo(bytes);
    assertThat(metrics.get("bytes").get("max").asLong()).isEqualTo(maxBytes);
    Map<String, Histogram> log = HdrLogs.totalsByTag(dir.resolve("latency.hlog"));
    assertThat(log.get("SCAN.documents").getTotalCount()).isEqualTo(scans.length);
    assertThat(log.get("SCAN.documents").getMaxValue()).isEqualTo(maxDocuments);
    assertThat(log.get("SCAN.documents").getMinValue()).as("a scan that found nothing").isZero();
  }
}
