package dev.refarch.experiments.audit;

import dev.refarch.ycsb.mongo.AuditDigest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * Which acknowledged updates a record's final state does not show, from the binding's update
 * logs ({@code updates-*.log}: key, sent and answered in wall-clock microseconds, outcome,
 * {@code field=digest} per field).
 *
 * <p>The rule, per field of a record: its final value was written by the logged updates with the
 * same digest — or, when none has it, by the load or the record's insert, which ended before any
 * update of the record was sent (YCSB updates only records whose insert was acknowledged). An
 * acknowledged update of the field with another value is <em>lost</em> when it was sent after
 * the final value's writer was answered: it was ordered after that write, so the record should
 * show its value or a later one. When an unacknowledged update (failed or timed out, perhaps
 * applied later) wrote the final value, nothing is proven lost for that field. An update is lost
 * when any of its fields is; every acknowledged update of a record that is gone is lost.
 *
 * <p>The count is a lower bound: an acknowledged update rolled back and then overwritten by a
 * later write leaves no trace in the final state. It needs the clients' clocks to agree (a trial's
 * clients share one machine's clock) to better than the time between two writes of a field.
 *
 * <p>Stateless and thread-safe.
 */
final class UpdateAudit {

  /** The log files' name prefix. */
  static final String PREFIX = "updates-";

  /**
   * One logged update.
   *
   * @param sent wall-clock microseconds when it was sent
   * @param answered when its answer (or failure) came
   * @param acknowledged whether the server acknowledged it
   * @param digests per field the digest of the value sent ({@link AuditDigest})
   */
  record Write(long sent, long answered, boolean acknowledged, Map<String, String> digests) {
    Write {
      digests = Map.copyOf(digests);
    }

    /** When the write may have taken effect at the latest: never known for an unacknowledged one. */
    long settled() {
      return acknowledged ? answered : Long.MAX_VALUE;
    }
  }

  private UpdateAudit() {
  }

  /**
   * How many of {@code writes} (one record's, in any order) were acknowledged and are lost, given
   * the record as the server holds it now (empty when it is gone).
   */
  static long lost(List<Write> writes, Optional<BsonDocument> record) {
    if (record.isEmpty()) {
      return writes.stream().filter(Write::acknowledged).count();
    }
    Map<String, Long> writtenBefore = new HashMap<>();
    long lost = 0;
    for (Write u : writes) {
      if (!u.acknowledged()) {
        continue;
      }
      for (Map.Entry<String, String> field : u.digests().entrySet()) {
        String now = digest(record.get(), field.getKey());
        if (field.getValue().equals(now)) {
          continue;
        }
        long settled = writtenBefore.computeIfAbsent(field.getKey(),
            f -> settledOfFinal(writes, f, now));
        if (u.sent() > settled) {
          lost++;
          break;
        }
      }
    }
    return lost;
  }

  /** When the writer of the field's final value was answered; MIN for the load or insert. */
  private static long settledOfFinal(List<Write> writes, String field, String now) {
    long settled = Long.MIN_VALUE;
    for (Write w : writes) {
      if (now != null && now.equals(w.digests().get(field))) {
        settled = Math.max(settled, w.settled());
      }
    }
    return settled;
  }

  private static String digest(BsonDocument record, String field) {
    BsonValue v = record.get(field);
    return v == null ? null : AuditDigest.of(v);
  }

  /**
   * Every update the logs in {@code dirs} hold, per key.
   *
   * @throws IllegalArgumentException naming the file and line that is not a logged update
   */
  static Map<String, List<Write>> read(List<Path> dirs) {
    Map<String, List<Write>> byKey = new LinkedHashMap<>();
    for (Path dir : dirs) {
      try (Stream<Path> files = Files.list(dir)) {
        for (Path f : files.filter(p -> p.getFileName().toString().startsWith(PREFIX)).sorted()
            .toList()) {
          int n = 0;
          for (String line : Files.readAllLines(f, StandardCharsets.UTF_8)) {
            n++;
            if (!line.isEmpty()) {
              Map.Entry<String, Write> e = parse(line, f, n);
              byKey.computeIfAbsent(e.getKey(), k -> new ArrayList<>()).add(e.getValue());
            }
          }
        }
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read the audit logs in " + dir, e);
      }
    }
    return byKey;
  }

  private static Map.Entry<String, Write> parse(String line, Path file, int n) {
    String[] cols = line.split("\t", -1);
    try {
      if (cols.length != 5 || !cols[3].equals("ok") && !cols[3].equals("unacknowledged")) {
        throw new IllegalArgumentException("5 tab-separated columns, the fourth ok or"
            + " unacknowledged");
      }
      Map<String, String> digests = new LinkedHashMap<>();
      for (String pair : cols[4].split(",")) {
        int eq = pair.indexOf('=');
        if (eq < 1) {
          throw new IllegalArgumentException("field=digest pairs");
        }
        digests.put(pair.substring(0, eq), pair.substring(eq + 1));
      }
      return Map.entry(cols[0], new Write(Long.parseLong(cols[1]), Long.parseLong(cols[2]),
          cols[3].equals("ok"), digests));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("audit log " + file + " line " + n + ": not a logged"
          + " update (" + e.getMessage() + "): " + line, e);
    }
  }
}
