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
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.bson.Document;

/**
 * Checks that every acknowledged write is still there: reads all keys the binding logged as
 * acknowledged (files {@code acked-*.log} in {@code mongodb.audit.dir}), looks each up by
 * {@code _id} on the primary, and reports the ones that are gone.
 *
 * <p>Stateless and thread-safe. Run it after the fault and after the cluster has recovered (the
 * old primary back and rolled back), so that what it finds missing is really lost.
 *
 * <pre>{@code
 * AuditReport r = AckAudit.audit(uri, "ycsb", "usertable", auditDir);
 * System.out.println(r.lost() + " of " + r.acknowledged() + " acknowledged inserts lost");
 * }</pre>
 */
public final class AckAudit {

  private static final int BATCH = 1_000;

  private AckAudit() {
  }

  /**
   * The result.
   *
   * @param acknowledged distinct keys the clients logged as acknowledged
   * @param lost acknowledged keys the collection does not hold
   * @param lostKeys the lost keys, sorted (all of them)
   * @param rollback what the members' rollback files say, when they were read
   */
  public record AuditReport(long acknowledged, long lost, List<String> lostKeys,
      java.util.Optional<RollbackCheck.Rollback> rollback) {
    public AuditReport {
      lostKeys = List.copyOf(lostKeys);
      java.util.Objects.requireNonNull(rollback, "rollback");
    }

    /** A report without the rollback files' side. */
    public AuditReport(long acknowledged, long lost, List<String> lostKeys) {
      this(acknowledged, lost, lostKeys, java.util.Optional.empty());
    }

    /** This report with the rollback files' side. */
    public AuditReport withRollback(RollbackCheck.Rollback r) {
      return new AuditReport(acknowledged, lost, lostKeys, java.util.Optional.of(r));
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
    TreeSet<String> lost = new TreeSet<>();
    try (MongoClient client = MongoClients.create(connectionString)) {
      MongoCollection<Document> c = client.getDatabase(database).getCollection(collection)
          .withReadPreference(ReadPreference.primary());
      List<String> batch = new ArrayList<>(BATCH);
      for (String key : acknowledged) {
        batch.add(key);
        if (batch.size() == BATCH) {
          lost.addAll(missing(c, batch));
          batch.clear();
        }
      }
      lost.addAll(missing(c, batch));
    }
    return new AuditReport(acknowledged.size(), lost.size(), new ArrayList<>(lost));
  }

  private static Set<String> missing(MongoCollection<Document> c, List<String> keys) {
    if (keys.isEmpty()) {
      return Set.of();
    }
    Set<String> found = new HashSet<>();
    c.find(Filters.in("_id", keys)).projection(Projections.include("_id"))
        .forEach(d -> found.add(d.getString("_id")));
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
