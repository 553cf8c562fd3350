package dev.refarch.ycsb.mongo;

import com.mongodb.MongoCommandException;
import com.mongodb.MongoConnectionPoolClearedException;
import com.mongodb.MongoException;
import com.mongodb.MongoNodeIsRecoveringException;
import com.mongodb.MongoNotPrimaryException;
import com.mongodb.MongoSocketException;
import com.mongodb.ReadPreference;
import com.mongodb.WriteConcern;
import com.mongodb.client.ClientSession;
import com.mongodb.client.MongoDatabase;
import java.util.Map;
import java.util.Set;
import org.bson.BsonBinaryWriter;
import org.bson.RawBsonDocument;
import org.bson.io.BasicOutputBuffer;
import site.ycsb.ByteIterator;

/**
 * One binding instance's reads and writes of single records by {@code _id}, sent as the commands
 * the driver's {@code find(…).first()}, {@code updateOne}, {@code insertOne}, {@code replaceOne}
 * and {@code deleteOne} send — written straight into BSON bytes and run with {@code runCommand}
 * on this instance's own session, the replies read in place.
 *
 * <p>Why: with driver 5.x each of those calls builds an operation object, a cursor or a bulk-write
 * batch and, for reads, a fresh result-codec registry; profiled against a server that answers at
 * once, that was half of a read's and more than half of an update's client CPU, and a YCSB
 * operation on one record needs none of it. What the driver's path adds is added here:
 *
 * <ul>
 *   <li>the client's read concern and read preference on reads (the driver adds
 *       {@code $readPreference} and selects the server), its write concern on writes;
 *   <li>retryable reads: a read that failed with an error the driver's retryable reads retry
 *       (network errors, a primary that stepped down or is shutting down) is retried once, with
 *       {@code mongodb.retryReads};
 *   <li>retryable writes: with {@code mongodb.retryWrites} on a replica set or sharded cluster,
 *       every write carries the session's next {@code txnNumber} and is retried once, with the
 *       same number, after a network error or an error the server labels
 *       {@code RetryableWriteError} — the server applies it at most once;
 *   <li>write errors and write-concern errors in a reply fail the operation, as the driver's
 *       exceptions do.
 * </ul>
 *
 * <p>Unacknowledged writes ({@code w: 0}, the {@code throughput} profile) go through the driver's
 * own methods, which send them without waiting for a reply. Not thread-safe: one per binding
 * instance, as a session must not be used by two threads at once.
 */
final class IdCommands implements AutoCloseable {

  /** The server error codes the driver's retryable reads (and writes, before labels) retry on. */
  private static final Set<Integer> RETRYABLE_CODES = Set.of(6, 7, 89, 91, 134, 189, 262, 9001,
      13436, 13435, 11602, 11600, 10107);
  private static final String RETRYABLE_WRITE = "RetryableWriteError";

  private final MongoDatabase database;
  private final ClientSession session;
  private final ReadPreference readPreference;
  private final String readConcern;
  private final WriteConcern writeConcern;
  private final boolean retryReads;
  private final boolean retryWrites;
  private final BasicOutputBuffer buffer = new BasicOutputBuffer(512);

  /**
   * @param retryWrites whether writes are retryable: asked for and supported by the topology
   */
  IdCommands(MongoDatabase database, ClientSession session, boolean retryReads,
      boolean retryWrites) {
    this.database = database;
    this.session = session;
    this.readPreference = database.getReadPreference();
    this.readConcern = database.getReadConcern().getLevel() == null ? null
        : database.getReadConcern().getLevel().getValue();
    this.writeConcern = database.getWriteConcern();
    this.retryReads = retryReads;
    this.retryWrites = retryWrites && writeConcern.isAcknowledged();
  }

  /** Whether writes wait for the server's acknowledgement; when not, callers use the driver's methods. */
  boolean acknowledged() {
    return writeConcern.isAcknowledged();
  }

  /**
   * The document {@code key} of {@code table} with only {@code fields} ({@code null}: all), or
   * {@code null}; a view of the reply's bytes.
   */
  RawBsonDocument find(String table, String key, Set<String> fields) {
    buffer.truncateToPosition(0);
    try (BsonBinaryWriter w = new BsonBinaryWriter(buffer)) {
      w.writeStartDocument();
      w.writeString("find", table);
      writeId(w, "filter", key);
      if (fields != null) {
        w.writeStartDocument("projection");
        for (String f : fields) {
          w.writeInt32(f, 1);
        }
        w.writeEndDocument();
      }
      w.writeInt32("limit", 1);
      w.writeBoolean("singleBatch", true);
      if (readConcern != null) {
        w.writeStartDocument("readConcern");
        w.writeString("level", readConcern);
        w.writeEndDocument();
      }
      w.writeEndDocument();
    }
    RawBsonDocument command = end();
    RawBsonDocument reply;
    try {
      reply = database.runCommand(session, command, readPreference, RawBsonDocument.class);
    } catch (MongoException e) {
      if (!retryReads || !isRetryable(e)) {
        throw e;
      }
      reply = database.runCommand(session, command, readPreference, RawBsonDocument.class);
    }
    return DocumentCodec.firstOfBatch(reply);
  }

  /** Sets {@code values} on {@code key}; the number of matched documents (0 or 1). */
  long update(String table, String key, Map<String, ByteIterator> values) {
    return updateCommand(table, key, values, false);
  }

  /** Replaces {@code key} with the record {@code values}, inserting it if absent. */
  void replace(String table, String key, Map<String, ByteIterator> values) {
    updateCommand(table, key, values, true);
  }

  private long updateCommand(String table, String key, Map<String, ByteIterator> values,
      boolean replace) {
    buffer.truncateToPosition(0);
    try (BsonBinaryWriter w = new BsonBinaryWriter(buffer)) {
      w.writeStartDocument();
      w.writeString("update", table);
      w.writeStartArray("updates");
      w.writeStartDocument();
      writeId(w, "q", key);
      w.writeName("u");
      if (replace) {
        DocumentCodec.writeRecord(w, key, values);
        w.writeBoolean("upsert", true);
      } else {
        DocumentCodec.writeSet(w, values);
      }
      w.writeEndDocument();
      w.writeEndArray();
      writeWriteOptions(w);
    }
    return write(end());
  }

  /** Inserts the record {@code key} with {@code values}. */
  void insert(String table, String key, Map<String, ByteIterator> values) {
    buffer.truncateToPosition(0);
    try (BsonBinaryWriter w = new BsonBinaryWriter(buffer)) {
      w.writeStartDocument();
      w.writeString("insert", table);
      w.writeStartArray("documents");
      DocumentCodec.writeRecord(w, key, values);
      w.writeEndArray();
      writeWriteOptions(w);
    }
    write(end());
  }

  /** Deletes {@code key}; the number of documents deleted. */
  long delete(String table, String key) {
    buffer.truncateToPosition(0);
    try (BsonBinaryWriter w = new BsonBinaryWriter(buffer)) {
      w.writeStartDocument();
      w.writeString("delete", table);
      w.writeStartArray("deletes");
      w.writeStartDocument();
      writeId(w, "q", key);
      w.writeInt32("limit", 1);
      w.writeEndDocument();
      w.writeEndArray();
      writeWriteOptions(w);
    }
    return write(end());
  }

  private static void writeId(BsonBinaryWriter w, String name, String key) {
    w.writeStartDocument(name);
    w.writeString("_id", key);
    w.writeEndDocument();
  }

  /** {@code ordered}, the write concern as the driver sends it, and the next txnNumber. */
  private void writeWriteOptions(BsonBinaryWriter w) {
    w.writeBoolean("ordered", true);
    if (!writeConcern.isServerDefault()) {
      writeConcern(w);
    }
    if (retryWrites) {
      w.writeInt64("txnNumber", session.getServerSession().advanceTransactionNumber());
    }
    w.writeEndDocument();
  }

  /** {@code writeConcern: {w, wtimeout, j}}, each part as the driver sends it: only when set. */
  private void writeConcern(BsonBinaryWriter w) {
    w.writeStartDocument("writeConcern");
    Object wValue = writeConcern.getWObject();
    if (wValue instanceof Integer n) {
      w.writeInt32("w", n);
    } else if (wValue instanceof String tag) {
      w.writeString("w", tag);
    }
    Integer timeout = writeConcern.getWTimeout(java.util.concurrent.TimeUnit.MILLISECONDS);
    if (timeout != null) {
      w.writeInt32("wtimeout", timeout);
    }
    if (writeConcern.getJournal() != null) {
      w.writeBoolean("j", writeConcern.getJournal());
    }
    w.writeEndDocument();
  }

  /** Runs a write command, retrying it once when retryable; the reply's {@code n}. */
  private long write(RawBsonDocument command) {
    try {
      return WriteReply.count(database.runCommand(session, command, RawBsonDocument.class));
    } catch (MongoException e) {
      if (!retryWrites || !isRetryableWrite(e)) {
        throw e;
      }
      return WriteReply.count(database.runCommand(session, command, RawBsonDocument.class));
    }
  }

  /** The command just written; it stays valid until the next command of this instance. */
  private RawBsonDocument end() {
    return new RawBsonDocument(buffer.getInternalBuffer(), 0, buffer.getPosition());
  }

  /** The driver's retryable-read errors: network errors, a primary that stepped down, recovering. */
  static boolean isRetryable(MongoException e) {
    if (e instanceof MongoSocketException || e instanceof MongoNotPrimaryException
        || e instanceof MongoNodeIsRecoveringException
        || e instanceof MongoConnectionPoolClearedException) {
      return true;
    }
    return e instanceof MongoCommandException && RETRYABLE_CODES.contains(e.getCode());
  }

  /** The retryable-write errors: those of reads, and any the server labels retryable. */
  static boolean isRetryableWrite(MongoException e) {
    return e.hasErrorLabel(RETRYABLE_WRITE) || isRetryable(e);
  }

  /** Ends this instance's session. */
  @Override
  public void close() {
    session.close();
  }
}
