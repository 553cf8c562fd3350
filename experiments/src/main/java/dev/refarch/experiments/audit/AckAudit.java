package dev.refarch.experiments.audit;

import com.mongodb.ReadPreference;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Projections;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.bson.BsonValue;
import org.bson.RawBsonDocument;

/**
 * Checks that every acknowledged write is still there: reads all keys the binding logged as
 * acknowledged inserts (files {@code acked-*.log} in {@code mongodb.audit.dir}), looks each up by
 * {@code _id} on the primary, and reports the ones that are gone; and reads every record the
 * binding logged an acknowledged update of ({@code updates-*.log}) and reports the updates its
 * final state does not show, by the rule of {@link UpdateAudit}.
 *
 * <p>Stateless and thread-safe. Run it after the fault and after the cluster has recovered (the
 * old primary back and rolled back), so that what it finds missing is really lost.
 *
 * <pre>{@code
 * AuditReport r = AckAudit.audit(uri, "ycsb", "usertable", auditDir);
 * System.out.println(r.lost() + " of " + r.acknowledged() + " acknowledged inserts lost, "
 *     + r.updates().lost() + " of " + r.updates().acknowledged() + " updates");
 * }</pre>
 */
public final class AckAudit {

  private static final int BATCH = 1_000;

  private AckAudit() {
  }

  /**
   * The result.
   *
   * @param acknowledged distinct keys the clients logged as acknowledged inserts
   * @param lost acknowledged keys the collection does not hold
   * @param lostKeys the lost keys, sorted (all of them)
   * @param updates the acknowledged updates and those lost
   * @param rollback what the members' rollback files say, when they were read
   */
  public record AuditReport(long acknowledged, long lost, List<String> lostKeys, Updates updates,
      java.util.Optional<RollbackCheck.Rollback> rollback) {
    public AuditReport {
      lostKeys = List.copyOf(lostKeys);
      java.util.Objects.requireNonNull(updates, "updates");
      java.util.Objects.requireNonNull(rollback, "rollback");
    }

    /** A report of inserts only, without the rollback files' side. */
    public AuditReport(long acknowledged, long lost, List<String> lostKeys) {
      this(acknowledged, lost, lostKeys, Updates.NONE, java.util.Optional.empty());
    }

    /** This report with the rollback files' side. */
    public AuditReport withRollback(RollbackCheck.Rollback r) {
      return new AuditReport(acknowledged, lost, lostKeys, updates, java.util.Optional.of(r));
    }
  }

  /**
   * The updates' side of the audit.
   *
   * @param acknowledged updates the clients logged as acknowledged
   * @param lost those the records' final state does not show ({@link UpdateAudit}'s rule)
   * @param lostKeys the records with a lost update, sorted (all of them)
   */
  public record Updates(long acknowledged, long lost, List<String> lostKeys) {
    /** No update logged. */
    public static final Updates NONE = new Updates(0, 0, List.of());

    public Updates {
      lostKeys = List.copyOf(lostKeys);
    }
  }

  /** Audits {@code database.collection} against the logs in {@code auditDir}. */
  public static AuditReport audit(String connectionString, String database, String collection,
      Path auditDir) {
    return audit(connectionString, database, collection, List.of(auditDir));
  }

  /**
   * Audits {@code database.collection} against the logs in every folder of {@code auditDirs}
   * (e.g. one per client of a trial).
   */
  public static AuditReport audit(String connectionString, String database, String collection,
      List<Path> auditDirs) {
    Set<String> acknowledged = new HashSet<>();
    auditDirs.forEach(dir -> acknowledged.addAll(readKeys(dir)));
    Map<String, List<UpdateAudit.Write>> updates = UpdateAudit.read(auditDirs);
    TreeSet<String> lost = new TreeSet<>();
    long updatesAcknowledged = 0;
    long updatesLost = 0;
    TreeSet<String> lostUpdateKeys = new TreeSet<>();
    try (MongoClient client = MongoClients.create(connectionString)) {
      MongoCollection<RawBsonDocument> c = client.getDatabase(database)
          .getCollection(collection, RawBsonDocument.class)
          .withReadPreference(ReadPreference.primary());
      for (List<String> batch : batches(acknowledged)) {
        lost.addAll(missing(c, batch));
      }
      for (List<String> batch : batches(updates.keySet())) {
        Map<String, RawBsonDocument> records = fetch(c, batch);
        for (String key : batch) {
          List<UpdateAudit.Write> writes = updates.get(key);
          updatesAcknowledged += writes.stream().filter(UpdateAudit.Write::acknowledged).count();
          long n = UpdateAudit.lost(writes, Optional.ofNullable(records.get(key)));
          if (n > 0) {
            updatesLost += n;
            lostUpdateKeys.add(key);
          }
        }
      }
    }
    return new AuditReport(acknowledged.size(), lost.size(), new ArrayList<>(lost),
        new Updates(updatesAcknowledged, updatesLost, new ArrayList<>(lostUpdateKeys)),
        Optional.empty());
  }

  private static List<List<String>> batches(Collection<String> keys) {
    List<List<String>> batches = new ArrayList<>();
    List<String> batch = new ArrayList<>(BATCH);
    for (String key : keys) {
      batch.add(key);
      if (batch.size() == BATCH) {
        batches.add(batch);
        batch = new ArrayList<>(BATCH);
      }
    }
    if (!batch.isEmpty()) {
      batches.add(batch);
    }
    return batches;
  }

  private static Map<String, RawBsonDocument> fetch(MongoCollection<RawBsonDocument> c,
      List<String> keys) {
    Map<String, RawBsonDocument> records = new HashMap<>();
    c.find(Filters.in("_id", keys)).forEach(d -> records.put(id(d), d));
    return records;
  }

  private static String id(RawBsonDocument d) {
    BsonValue id = d.get("_id");
    return id.isString() ? id.asString().getValue() : id.toString();
  }

  private static Set<String> missing(MongoCollection<RawBsonDocument> c, List<String> keys) {
    Set<String> found = new HashSet<>();
    c.find(Filters.in("_id", keys)).projection(Projections.include("_id"))
        .forEach(d -> found.add(id(d)));
    Set<String> missing = new HashSet<>(keys);
    missing.removeAll(found);
    return missing;
  }

  /** Every key in the audit folder's logs. */
  static Set<String> readKeys(Path auditDir) {
    Set<String> keys = new HashSet<>();
    try (Stream<Path> files = Files.list(auditDir)) {
      for (Path f : files.filter(p -> p.getFileName().toString().startsWith("acked-")).toList()) {
        for (String line : Files.readAllLines(f, StandardCharsets.UTF_8)) {
          if (!line.isEmpty()) {
            keys.add(line);
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the audit logs in " + auditDir, e);
    }
    return keys;
  }
}
