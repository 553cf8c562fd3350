package dev.refarch.ycsb.mongo;

import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.BulkWriteOptions;
import com.mongodb.client.model.InsertManyOptions;
import com.mongodb.client.model.ReplaceOneModel;
import com.mongodb.client.model.ReplaceOptions;
import com.mongodb.client.model.WriteModel;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.bson.RawBsonDocument;
import dev.refarch.ycsb.measure.Operation;
import dev.refarch.ycsb.measure.ThreadMeter;
import site.ycsb.Status;

/**
 * Buffers one YCSB thread's inserts and writes them as one unordered {@code insertMany} (or, with
 * upsert, one unordered bulk of {@code replaceOne} upserts) per batch.
 *
 * <p>Each flush's latency goes to YCSB's measurements as {@value YcsbMeasurements#INSERT_BATCH},
 * one entry per round trip; YCSB's own {@code INSERT} entries then show the per-call buffering cost, and the
 * call that fills a batch carries the flush. Not thread-safe: one instance per YCSB thread.
 */
final class BulkInserter {

  private static final InsertManyOptions UNORDERED_INSERT = new InsertManyOptions().ordered(false);
  private static final BulkWriteOptions UNORDERED_BULK = new BulkWriteOptions().ordered(false);
  private static final ReplaceOptions UPSERT = new ReplaceOptions().upsert(true);

  private final int batchSize;
  private final boolean upsert;
  private final Status buffered;
  private final List<RawBsonDocument> pending;
  private final ThreadMeter meter;
  private final YcsbMeasurements ycsb;
  private final AckLog ackLog;
  private MongoCollection<RawBsonDocument> collection;

  /**
   * @param buffered what an insert that only buffers answers: {@code BATCHED_OK} or {@code OK}
   * @param meter this library's measurements, or {@code null} when they are off
   * @param ycsb YCSB's measurements
   * @param ackLog the audit log, or {@code null}; only batches written whole are logged
   */
  BulkInserter(int batchSize, boolean upsert, Status buffered, ThreadMeter meter,
      YcsbMeasurements ycsb, AckLog ackLog) {
    this.batchSize = batchSize;
    this.upsert = upsert;
    this.buffered = buffered;
    this.meter = meter;
    this.ycsb = ycsb;
    this.ackLog = ackLog;
    this.pending = new ArrayList<>(batchSize);
  }

  /** Buffers the document, flushing when the batch is full (or the collection changes). */
  Status add(MongoCollection<RawBsonDocument> target, RawBsonDocument document) {
    Status status = buffered;
    if (collection != null && collection != target && !pending.isEmpty()) {
      status = flush();
    }
    collection = target;
    pending.add(document);
    if (pending.size() >= batchSize) {
      Status flushed = flush();
      return status.isOk() ? flushed : status;
    }
    return status;
  }

  /** Writes what is buffered, if anything; called when a batch fills and from cleanup. */
  Status flush() {
    if (pending.isEmpty()) {
      return Status.OK;
    }
    long start = System.nanoTime();
    Status status = Status.OK;
    try {
      if (upsert) {
        List<WriteModel<RawBsonDocument>> models = new ArrayList<>(pending.size());
        for (RawBsonDocument d : pending) {
          models.add(new ReplaceOneModel<>(new BsonDocument("_id", new BsonString(idOf(d))), d, UPSERT));
        }
        collection.bulkWrite(models, UNORDERED_BULK);
      } else {
        collection.insertMany(pending, UNORDERED_INSERT);
      }
      if (ackLog != null) {
        ackLog.acknowledged(pending.stream().map(BulkInserter::idOf).toList());
      }
    } catch (RuntimeException e) {
      ErrorLog.error("insertMany of " + pending.size(), "documents starting at " + idOf(pending.get(0)), e);
      status = MongoDbClient.statusOf(e);
    } finally {
      pending.clear();
    }
    if (meter != null) {
      meter.record(Operation.INSERT_BATCH, start, status);
    }
    ycsb.batch(System.nanoTime() - start, status);
    return status;
  }

  int pending() {
    return pending.size();
  }

  private static String idOf(RawBsonDocument d) {
    return d.getString("_id").getValue();
  }
}
