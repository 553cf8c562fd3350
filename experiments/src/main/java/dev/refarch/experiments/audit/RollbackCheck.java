package dev.refarch.experiments.audit;

import com.mongodb.MongoException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import org.bson.Document;
import org.bson.RawBsonDocument;

/**
 * The audit checked against something it did not write: the documents MongoDB itself put in
 * its members' {@code rollback/} folders when a rollback removed them. Every acknowledged insert
 * the audit finds lost should be there, and so should every record with an acknowledged update
 * the audit finds lost (the file holds the record as the rollback found it); documents there that
 * the audit does not name were written by unacknowledged writes, by acknowledged ones a later
 * write overwrote, or by writes retried on the new primary.
 *
 * <p>Stateless and thread-safe.
 */
public final class RollbackCheck {

  /** How long to wait for a rollback in progress to finish and write its files. */
  static final Duration CATCH_UP = Duration.ofSeconds(60);

  /**
   * What the rollback files say.
   *
   * @param documents documents of the audited collection in the files
   * @param lostFound the audit's lost inserts' keys among them
   * @param lostUpdatesFound the keys of the records with a lost update among them
   * @param members the members whose files held any, in order
   * @param caughtUp whether every member had caught up (its rollback over) when they were read
   */
  public record Rollback(long documents, long lostFound, long lostUpdatesFound,
      List<String> members, boolean caughtUp) {
    public Rollback {
      members = List.copyOf(members);
    }
  }

  private RollbackCheck() {
  }

  /**
   * Waits until the set has caught up, then reconciles the audit's {@code lostKeys} and
   * {@code lostUpdateKeys} with the documents of {@code database.collection} in {@code files} (as
   * {@link dev.refarch.platform.spi.RunningCluster#rollbackFiles()} returns them, read once, after
   * the wait); empty when the cluster cannot read its members' files.
   */
  public static Optional<Rollback> check(String connectionString, String database,
      String collection, List<String> lostKeys, List<String> lostUpdateKeys,
      Supplier<Optional<Map<String, Map<String, byte[]>>>> files) {
    String uuid;
    boolean caughtUp;
    try (MongoClient client = MongoClients.create(connectionString)) {
      caughtUp = awaitCaughtUp(client, CATCH_UP);
      BsonDocument info = client.getDatabase(database).listCollections(BsonDocument.class)
          .filter(new Document("name", collection)).first();
      uuid = info == null ? null : info.getDocument("info").getBinary("uuid").asUuid().toString();
    }
    Optional<Map<String, Map<String, byte[]>>> read = files.get();
    if (read.isEmpty()) {
      return Optional.empty();
    }
    Set<String> ids = new HashSet<>();
    List<String> members = new ArrayList<>();
    read.get().forEach((member, byPath) -> {
      boolean any = false;
      for (var f : byPath.entrySet()) {
        if (uuid != null && f.getKey().startsWith(uuid + "/") && f.getKey().endsWith(".bson")) {
          for (RawBsonDocument d : documents(f.getKey(), f.getValue())) {
            BsonValue id = d.get("_id");
            ids.add(id.isString() ? id.asString().getValue() : id.toString());
            any = true;
          }
        }
      }
      if (any) {
        members.add(member);
      }
    });
    long found = lostKeys.stream().filter(ids::contains).count();
    long updatesFound = lostUpdateKeys.stream().filter(ids::contains).count();
    return Optional.of(new Rollback(ids.size(), found, updatesFound,
        new ArrayList<>(new TreeSet<>(members)), caughtUp));
  }

  /**
   * Whether, within {@code timeout}, every member the primary hears from became primary,
   * secondary or arbiter and every data member applied an operation of the current term: a
   * rollback is then over. A sharded cluster's router or a standalone answers no
   * {@code replSetGetStatus}: nothing to wait for.
   */
  static boolean awaitCaughtUp(MongoClient client, Duration timeout) {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (true) {
      Document status;
      try {
        status = client.getDatabase("admin").runCommand(new Document("replSetGetStatus", 1));
      } catch (MongoException e) {
        return true;
      }
      if (caughtUp(status)) {
        return true;
      }
      if (System.nanoTime() > deadline) {
        return false;
      }
      try {
        Thread.sleep(250);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return false;
      }
    }
  }

  /** {@code replSetGetStatus} of a set with no rollback left to finish. */
  static boolean caughtUp(Document status) {
    long term = ((Number) status.get("term", 0L)).longValue();
    for (Document m : status.getList("members", Document.class)) {
      if (((Number) m.get("health", 1)).doubleValue() < 1) {
        continue; // down: no rollback to wait for now
      }
      int state = ((Number) m.get("state")).intValue();
      if (state == 7) {
        continue; // arbiter
      }
      Document optime = m.get("optime", Document.class);
      if (state != 1 && state != 2 || optime == null
          || ((Number) optime.get("t")).longValue() != term) {
        return false;
      }
    }
    return true;
  }

  /**
   * The BSON documents one after another in {@code bytes}, as a rollback file holds them.
   *
   * @throws IllegalArgumentException naming the file and the byte where no document is
   */
  public static List<RawBsonDocument> documents(String file, byte[] bytes) {
    List<RawBsonDocument> docs = new ArrayList<>();
    ByteBuffer buffer = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
    for (int at = 0; at < bytes.length; ) {
      int length = bytes.length - at >= 4 ? buffer.getInt(at) : -1;
      if (length < 5 || at + length > bytes.length) {
        throw new IllegalArgumentException("rollback file " + file + ": no BSON document at byte "
            + at + " of " + bytes.length + " (length " + length + ")");
      }
      docs.add(new RawBsonDocument(bytes, at, length));
      at += length;
    }
    return docs;
  }
}
