package dev.refarch.ycsb.workloads;

import com.mongodb.MongoClientSettings;
import com.mongodb.ReadConcern;
import com.mongodb.WriteConcern;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.FindOneAndUpdateOptions;
import com.mongodb.client.model.ReturnDocument;
import com.mongodb.client.model.UpdateOptions;
import com.mongodb.client.model.Updates;
import dev.refarch.ycsb.mongo.MongoSettings;
import java.util.function.Function;
import org.bson.Document;

/**
 * Reserves blocks of record ordinals for the inserts of a run, so that runs of workloads D and E
 * can repeat on the same data and concurrent clients never insert the same key.
 *
 * <p>One document per YCSB table in collection {@value #COLLECTION} of the run's database,
 * {@code {_id: <table>, next: <first free ordinal>}}. A reservation first raises {@code next} to
 * at least the loaded record count ({@code $max}), then takes {@code count} ordinals with one
 * atomic {@code $inc}: two clients reserving at once get disjoint blocks. Writes use
 * {@code w: majority}, whatever the benchmark's write concern. Dropping the database starts over.
 *
 * <p>Thread-safe; each call opens and closes its own short-lived client.
 */
public final class InsertKeyReservations {

  /** The collection holding the next free ordinal per table. */
  public static final String COLLECTION = "refarch_insert_keys";

  private InsertKeyReservations() {
  }

  /** The first ordinal the next reservation would get, at least {@code floor}; writes nothing. */
  public static long peek(MongoSettings settings, String table, long floor) {
    return withCollection(settings, c -> {
      Document d = c.find(Filters.eq("_id", table)).first();
      return d == null ? floor : Math.max(floor, ((Number) d.get("next")).longValue());
    });
  }

  /**
   * Reserves {@code count} ordinals from at least {@code floor} and returns the first.
   *
   * @param floor the loaded record count: reserved ordinals never fall below it
   */
  public static long reserve(MongoSettings settings, String table, long floor, long count) {
    if (count < 1) {
      throw new IllegalArgumentException("reserve at least one ordinal, not " + count);
    }
    return withCollection(settings, c -> {
      c.updateOne(Filters.eq("_id", table), Updates.max("next", floor),
          new UpdateOptions().upsert(true));
      Document before = c.findOneAndUpdate(Filters.eq("_id", table), Updates.inc("next", count),
          new FindOneAndUpdateOptions().returnDocument(ReturnDocument.BEFORE));
      return ((Number) before.get("next")).longValue();
    });
  }

  private static long withCollection(MongoSettings settings,
      Function<MongoCollection<Document>, Long> action) {
    MongoClientSettings client = MongoClientSettings.builder().applyConnectionString(settings.url())
        .writeConcern(WriteConcern.MAJORITY).readConcern(ReadConcern.MAJORITY).build();
    try (MongoClient mongo = MongoClients.create(client)) {
      return action.apply(mongo.getDatabase(settings.database()).getCollection(COLLECTION));
    }
  }
}
