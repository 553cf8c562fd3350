package dev.refarch.ycsb.mongo;

import com.mongodb.MongoException;
import com.mongodb.MongoSocketException;
import com.mongodb.MongoTimeoutException;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.ReplaceOptions;
import dev.refarch.platform.spi.Redaction;
import dev.refarch.platform.spi.config.PropertyMaps;
import dev.refarch.ycsb.hooks.ThreadHookSession;
import dev.refarch.ycsb.measure.MeasurementSession;
import dev.refarch.ycsb.measure.MeasurementSettings;
import dev.refarch.ycsb.measure.Metric;
import dev.refarch.ycsb.measure.Operation;
import dev.refarch.ycsb.measure.ThreadMeter;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.ConcurrentHashMap;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.bson.RawBsonDocument;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * YCSB binding for MongoDB: {@code -db dev.refarch.ycsb.mongo.MongoDbClient}.
 *
 * <p>YCSB creates one instance per client thread; instances with the same connection settings
 * share one {@code MongoClient} ({@link SharedClient}), instances with other settings get their
 * own. The YCSB {@code table} is the collection. Reads, updates and deletes of a missing key, and
 * scans that find nothing, return {@link Status#NOT_FOUND}. Scans follow {@code mongodb.scan.*}
 * ({@link ScanSettings}). During load ({@code dotransactions=false}) with
 * {@code mongodb.batchsize > 1}, inserts are buffered per thread and answered
 * {@link Status#BATCHED_OK} (or {@code OK}, {@code mongodb.batchedInsertStatus}) until the batch
 * is written; the partial last batch is written in
 * {@link #cleanup()}. Run-phase inserts are never buffered.
 *
 * <p>It runs under YCSB's {@code Client} or embedded in any harness, used as YCSB's own binding
 * tests use a binding:
 *
 * <pre>{@code
 * MongoDbClient db = new MongoDbClient();
 * Properties p = new Properties();
 * p.setProperty("mongodb.url", "mongodb://127.0.0.1:27017/test");
 * db.setProperties(p);
 * db.init();
 * Status s = db.insert("usertable", "user1", values);
 * db.cleanup();
 * }</pre>
 *
 * <p>{@link #init()} checks the whole input ({@link BindingInput}: every problem at once) before
 * it connects or writes anything, and runs the hooks' {@code before} on the first thread;
 * the last thread's {@link #cleanup()} runs their {@code after}.
 *
 * <p>Not thread-safe: YCSB gives each thread its own instance.
 */
public class MongoDbClient extends DB {

  static {
    DriverLogging.quietWithoutSlf4j();
  }

  private static final ReplaceOptions UPSERT = new ReplaceOptions().upsert(true);
  /** The stock-key notes printed in this JVM, each once. */
  private static final Set<String> ANNOUNCED_STOCK_KEYS = ConcurrentHashMap.newKeySet();
  /** The hook that sets up sharded collections, run implicitly when {@code mongodb.shardKey} is set. */
  static final String SHARDING_HOOK = "mongodb-sharding";

  private MongoSettings settings;
  private SharedClient shared;
  private ThreadHookSession hooks;
  private BulkInserter bulk;
  /** Present when {@code mongodb.audit.dir} is set: the log of acknowledged writes. */
  private AckLog ackLog;
  /** Present when {@code measurement.dir} is set: this library's measurements, beside YCSB's. */
  private ThreadMeter meter;
  private YcsbMeasurements ycsb = YcsbMeasurements.NONE;
  private final Map<String, MongoCollection<RawBsonDocument>> collections = new HashMap<>();
  private final Map<String, MongoCollection<RawBsonDocument>> scanCollections = new HashMap<>();
  private Scanner scanner;
  /** Reads and acknowledged writes of single records, on this instance's own session. */
  private IdCommands commands;

  /**
   * Validates the properties, runs the hooks' {@code before} (first thread only) and joins the
   * client for these connection settings. Works with or without YCSB's {@code Client}; a
   * {@code Properties}' defaults count as its own entries. Inside YCSB's {@code Client} a failure
   * is printed once and, by default, ends the JVM with a non-zero exit code ({@link InitFailure}).
   */
  @Override
  public void init() throws DBException {
    // one flat copy, so that every reader sees a key set only in the defaults the same way
    Properties props = PropertyMaps.flattenToProperties(getProperties());
    BindingInput.Parsed input;
    try {
      input = BindingInput.check(props);
      settings = input.mongo();
      announceStockKeys(settings);
      hooks = ThreadHookSession.join(props,
          settings.sharding().isActive() ? List.of(SHARDING_HOOK) : List.of());
    } catch (RuntimeException e) {
      throw InitFailure.binding(props, e);
    }
    boolean loading = !Boolean.parseBoolean(props.getProperty("dotransactions", "true"));
    connect(props, loading, input.measured() ? input.measurement() : null);
    ycsb = YcsbMeasurements.of(props);
    // batching is for loading: a run-phase insert must be in the database when YCSB
    // acknowledges its key, or later reads and scans of that key would find nothing
    bulk = loading && settings.batchSize() > 1
        ? new BulkInserter(settings.batchSize(), settings.upsert(),
            settings.batchedStatus().status(), meter, ycsb, ackLog) : null;
    scanner = new Scanner(settings.scan());
  }

  /** Prints once per JVM what the stock binding's keys given were mapped to. */
  private static void announceStockKeys(MongoSettings s) {
    String notes = String.join("; ", s.stock().notes().stream().map(Object::toString).toList());
    if (!notes.isEmpty() && ANNOUNCED_STOCK_KEYS.add(notes)) {
      System.err.println("[ycsb-mongo-ext] note: the stock binding's keys, mapped: " + notes);
    }
  }

  /**
   * Joins the client, the measurement session and the audit log; on failure, leaves them all and
   * the hooks.
   */
  private void connect(Properties props, boolean loading, MeasurementSettings measurement)
      throws DBException {
    try {
      shared = SharedClient.acquire(settings);
      hooks.before();
      shared.prepareCollection(settings, loading);
      if (measurement != null) {
        meter = MeasurementSession.join(measurement);
        MeasurementSession.describe("binding", MongoDbClient.class.getName());
        shared.effective(settings).asMap()
            .forEach((k, v) -> MeasurementSession.describe("mongodb." + k, v));
      }
      ackLog = settings.auditDir().map(AckLog::new).orElse(null);
      commands = shared.commands(settings);
    } catch (RuntimeException e) {
      leaveAfterFailedInit(e);
      throw InitFailure.binding(props, e);
    }
  }

  private void leaveAfterFailedInit(RuntimeException e) {
    leaveAll(Optional.of("init failed: " + Redaction.maskUri(e.getMessage())));
  }

  /** Announces the stock keys again in the next run (a JVM that runs YCSB more than once). */
  static void forgetAnnouncements() {
    ANNOUNCED_STOCK_KEYS.clear();
  }

  @Override
  public void cleanup() throws DBException {
    if (shared == null) {
      return;
    }
    Optional<String> failure = Optional.empty();
    try {
      if (bulk != null && bulk.pending() > 0 && !bulk.flush().isOk()) {
        failure = Optional.of("the last partial batch could not be written");
      }
    } finally {
      leaveAll(failure);
    }
    if (failure.isPresent()) {
      throw new DBException(failure.get());
    }
  }

  /** Leaves everything this instance joined, the hooks' session last ({@code after} may run). */
  private void leaveAll(Optional<String> failure) {
    if (ackLog != null) {
      ackLog.close();
      ackLog = null;
    }
    if (meter != null) {
      MeasurementSession.leave(meter);
      meter = null;
    }
    if (commands != null) {
      commands.close();
      commands = null;
    }
    if (shared != null) {
      shared.release();
      shared = null;
    }
    collections.clear();
    scanCollections.clear();
    ThreadHookSession session = hooks;
    hooks = null;
    if (session != null) {
      session.leave(failure);
    }
  }

  /**
   * What the most recently initialised instance of this JVM runs with. With several connection
   * settings in one JVM, each instance's own is in its {@code measurement.dir} manifest.
   */
  public static Optional<EffectiveSettings> effectiveSettings() {
    return SharedClient.lastEffective();
  }

  private MongoCollection<RawBsonDocument> collection(String table) {
    return collections.computeIfAbsent(table,
        t -> shared.database().getCollection(t, RawBsonDocument.class));
  }

  private static BsonDocument byId(String key) {
    return new BsonDocument("_id", new BsonString(key));
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    if (meter == null) {
      return doRead(table, key, fields, result);
    }
    long start = meter.start();
    Status status = doRead(table, key, fields, result);
    meter.record(Operation.READ, start, status);
    return status;
  }

  private Status doRead(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    try {
      RawBsonDocument doc = commands.find(table, key, fields);
      if (doc == null) {
        return Status.NOT_FOUND;
      }
      DocumentCodec.decode(doc, fields, result);
      return Status.OK;
    } catch (RuntimeException e) {
      ErrorLog.error("read", key, e);
      return statusOf(e);
    }
  }

  /**
   * Scans as {@code mongodb.scan.*} say (see {@link ScanMode}); the documents and bytes returned
   * go to YCSB's measurements ({@code SCAN-DOCUMENTS}, {@code SCAN-BYTES}) and, with
   * {@code measurement.dir}, to this library's ({@code SCAN.documents}, {@code SCAN.bytes}).
   */
  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
      Vector<HashMap<String, ByteIterator>> result) {
    long start = meter == null ? 0 : meter.start();
    Status status;
    try {
      status = scanner.scan(scanCollection(table), startkey, recordcount, fields, result);
    } catch (RuntimeException e) {
      ErrorLog.error("scan", startkey, e);
      status = statusOf(e);
    }
    if (meter != null) {
      meter.record(Operation.SCAN, start, status);
      meter.recordValue(Metric.SCAN_DOCUMENTS, scanner.documents());
      meter.recordValue(Metric.SCAN_BYTES, scanner.bytes());
    }
    if (status == Status.OK || status == Status.NOT_FOUND) {
      ycsb.scan(scanner.documents(), scanner.bytes());
    }
    return status;
  }

  private MongoCollection<RawBsonDocument> scanCollection(String table) {
    MongoCollection<RawBsonDocument> c = scanCollections.get(table);
    if (c == null) {
      c = settings.scan().readPreference().map(collection(table)::withReadPreference)
          .orElseGet(() -> collection(table));
      scanCollections.put(table, c);
    }
    return c;
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    if (meter == null) {
      return doUpdate(table, key, values);
    }
    long start = meter.start();
    Status status = doUpdate(table, key, values);
    meter.record(Operation.UPDATE, start, status);
    return status;
  }

  private Status doUpdate(String table, String key, Map<String, ByteIterator> values) {
    return ackLog == null ? sendUpdate(table, key, values) : auditedUpdate(table, key, values);
  }

  /**
   * An update logged for the audit with the digests of its values and when it was sent and
   * answered; one that found no document changed nothing and is not logged.
   */
  private Status auditedUpdate(String table, String key, Map<String, ByteIterator> values) {
    StringBuilder digests = new StringBuilder();
    Map<String, ByteIterator> pinned = AuditDigest.pin(values, digests);
    long sent = AuditDigest.nowMicros();
    Status status = sendUpdate(table, key, pinned);
    if (status == Status.NOT_FOUND) {
      return status;
    }
    try {
      ackLog.updated(key, sent, AuditDigest.nowMicros(),
          status == Status.OK && commands.acknowledged(), digests);
      return status;
    } catch (RuntimeException e) {
      ErrorLog.error("update", key, e);
      return statusOf(e);
    }
  }

  private Status sendUpdate(String table, String key, Map<String, ByteIterator> values) {
    try {
      if (!commands.acknowledged()) {
        collection(table).updateOne(byId(key), DocumentCodec.setFields(values));
        return Status.OK;
      }
      return commands.update(table, key, values) == 0 ? Status.NOT_FOUND : Status.OK;
    } catch (RuntimeException e) {
      ErrorLog.error("update", key, e);
      return statusOf(e);
    }
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    if (meter == null) {
      return doInsert(table, key, values);
    }
    long start = meter.start();
    Status status = doInsert(table, key, values);
    meter.record(Operation.INSERT, start, status);
    return status;
  }

  private Status doInsert(String table, String key, Map<String, ByteIterator> values) {
    try {
      if (bulk != null) {
        return bulk.add(collection(table), DocumentCodec.record(key, values));
      }
      if (!commands.acknowledged()) {
        insertUnacknowledged(table, key, DocumentCodec.record(key, values));
      } else if (settings.upsert()) {
        commands.replace(table, key, values);
      } else {
        commands.insert(table, key, values);
      }
      if (ackLog != null) {
        ackLog.acknowledged(key);
      }
      return Status.OK;
    } catch (RuntimeException e) {
      ErrorLog.error("insert", key, e);
      return statusOf(e);
    }
  }

  /** {@code w: 0}: the driver's own methods send the insert without waiting for a reply. */
  private void insertUnacknowledged(String table, String key, RawBsonDocument doc) {
    if (settings.upsert()) {
      collection(table).replaceOne(byId(key), doc, UPSERT);
    } else {
      collection(table).insertOne(doc);
    }
  }

  @Override
  public Status delete(String table, String key) {
    if (meter == null) {
      return doDelete(table, key);
    }
    long start = meter.start();
    Status status = doDelete(table, key);
    meter.record(Operation.DELETE, start, status);
    return status;
  }

  private Status doDelete(String table, String key) {
    try {
      if (!commands.acknowledged()) {
        collection(table).deleteOne(byId(key));
        return Status.OK;
      }
      return commands.delete(table, key) == 0 ? Status.NOT_FOUND : Status.OK;
    } catch (RuntimeException e) {
      ErrorLog.error("delete", key, e);
      return statusOf(e);
    }
  }

  /**
   * The YCSB status for a failed operation: unreachable or timed-out servers are
   * {@link Status#SERVICE_UNAVAILABLE}, so failover analysis can tell them from rejected writes;
   * anything else, a driver failure or not (an oversized document, a codec error, an audit log
   * that cannot be written), is {@link Status#ERROR}. An operation never throws: YCSB 0.17 would
   * end the whole run with exit code 0 and no summary.
   */
  static Status statusOf(RuntimeException e) {
    if (e instanceof MongoTimeoutException || e instanceof MongoSocketException
        || (e instanceof MongoException m
            && m.hasErrorLabel(MongoException.TRANSIENT_TRANSACTION_ERROR_LABEL))) {
      return Status.SERVICE_UNAVAILABLE;
    }
    return Status.ERROR;
  }
}
