package dev.refarch.experiments.telemetry;

import com.mongodb.ConnectionString;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import dev.refarch.platform.spi.Redaction;
import dev.refarch.platform.spi.telemetry.CounterRates;
import dev.refarch.platform.spi.telemetry.TelemetryRound;
import dev.refarch.platform.spi.telemetry.TelemetrySource;
import java.util.ArrayList;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import org.bson.Document;
import org.bson.RawBsonDocument;

/**
 * Samples {@code serverStatus} of each member over its own direct connection, and the primary's
 * {@code replSetGetStatus}. Counters become rates per second; a member that does not answer
 * within its timeout (killed, paused, partitioned) is missing from that round.
 *
 * <table>
 * <caption>Metrics, per member</caption>
 * <tr><th>metric</th><th>unit</th><th>from</th></tr>
 * <tr><td>ops.insert, ops.query, ops.update, ops.delete, ops.getmore, ops.command</td><td>/s</td>
 *     <td>opcounters</td></tr>
 * <tr><td>ops.replApplied</td><td>/s</td><td>opcountersRepl insert+update+delete (secondaries)</td></tr>
 * <tr><td>cache.bytes, cache.dirtyBytes, cache.maxBytes</td><td>bytes</td>
 *     <td>wiredTiger.cache, in use / tracked dirty / configured</td></tr>
 * <tr><td>cache.readIn, cache.writtenOut</td><td>bytes/s</td><td>bytes read into / written from
 *     the cache</td></tr>
 * <tr><td>cache.pagesReadIn, cache.evicted</td><td>/s</td><td>pages read into the cache;
 *     modified plus unmodified pages evicted</td></tr>
 * <tr><td>checkpoint.running</td><td>0/1</td><td>wiredTiger.transaction</td></tr>
 * <tr><td>checkpoint.lastMs</td><td>ms</td><td>the most recent checkpoint's duration</td></tr>
 * <tr><td>tickets.read, tickets.write</td><td>in use</td><td>wiredTiger.concurrentTransactions
 *     (MongoDB 6.0), queues.execution (7.0 and later)</td></tr>
 * <tr><td>queue.readers, queue.writers</td><td>ops</td><td>globalLock.currentQueue</td></tr>
 * <tr><td>connections</td><td>count</td><td>connections.current</td></tr>
 * <tr><td>repl.primary</td><td>0/1</td><td>whether the member says it is the writable primary</td></tr>
 * <tr><td>repl.lag</td><td>s</td><td>the primary's last optime minus the member's, from the
 *     primary's replSetGetStatus</td></tr>
 * </table>
 *
 * <p>Used from one thread; {@link #close} from any.
 */
final class MongoTelemetrySource implements TelemetrySource {

  /** Connect and read timeouts: a member silent this long is missing from the round. */
  private static final int CONNECT_MS = 400;
  private static final int READ_MS = 800;

  private static final Document SERVER_STATUS = new Document("serverStatus", 1)
      .append("metrics", 0).append("locks", 0).append("network", 0);

  private static final String[] OPS = {"insert", "query", "update", "delete", "getmore", "command"};

  private final Map<String, String> names;
  private final Map<String, MongoClient> clients = new LinkedHashMap<>();
  private final CounterRates rates = new CounterRates();

  /** @param names {@code host:port} of each member to the name samples carry */
  MongoTelemetrySource(ConnectionString cs, Map<String, String> names) {
    this.names = Map.copyOf(names);
    names.keySet().forEach(host ->
        clients.put(host, MongoClients.create(DirectConnection.to(cs, host, CONNECT_MS, READ_MS))));
  }

  @Override
  public String name() {
    return "mongodb";
  }

  @Override
  public List<String> watches() {
    return List.copyOf(clients.keySet().stream().map(names::get).toList());
  }

  @Override
  public TelemetryRound sample(long epochMs) {
    TelemetryRound.Builder round = TelemetryRound.builder();
    Document primaryStatus = null;
    for (var entry : clients.entrySet()) {
      String member = names.get(entry.getKey());
      BsonDocument status;
      long nanos;
      try {
        // raw: the reply's few hundred WiredTiger figures are decoded only where read
        status = entry.getValue().getDatabase("admin").runCommand(SERVER_STATUS,
            RawBsonDocument.class);
        nanos = System.nanoTime();
      } catch (RuntimeException e) {
        round.missing(member, Redaction.maskUri(firstLine(e)));
        continue;
      }
      serverStatus(round, member, status, nanos);
      BsonDocument repl = doc(status, "repl");
      boolean primary = repl != null && (flag(repl, "isWritablePrimary") || flag(repl, "ismaster"));
      if (repl != null) {
        round.add(member, "repl.primary", "0/1", primary ? 1 : 0);
      }
      if (primary && primaryStatus == null) {
        try {
          primaryStatus = entry.getValue().getDatabase("admin")
              .runCommand(new Document("replSetGetStatus", 1));
        } catch (RuntimeException e) {
          round.missing(member, "replSetGetStatus: " + Redaction.maskUri(firstLine(e)));
        }
      }
    }
    if (primaryStatus != null) {
      lag(round, primaryStatus);
    }
    return round.build();
  }

  private void serverStatus(TelemetryRound.Builder round, String member, BsonDocument s,
      long nanos) {
    BsonDocument ops = doc(s, "opcounters");
    if (ops != null) {
      for (String op : OPS) {
        counter(round, member, "ops." + op, "/s", sum(ops, op), nanos);
      }
    }
    BsonDocument repl = doc(s, "opcountersRepl");
    if (repl != null) {
      counter(round, member, "ops.replApplied", "/s", sum(repl, "insert", "update", "delete"),
          nanos);
    }
    BsonDocument wt = doc(s, "wiredTiger");
    if (wt != null) {
      BsonDocument cache = doc(wt, "cache");
      if (cache != null) {
        gauge(round, member, "cache.bytes", "bytes", cache, "bytes currently in the cache");
        gauge(round, member, "cache.dirtyBytes", "bytes", cache, "tracked dirty bytes in the cache");
        gauge(round, member, "cache.maxBytes", "bytes", cache, "maximum bytes configured");
        counter(round, member, "cache.readIn", "bytes/s", sum(cache, "bytes read into cache"),
            nanos);
        counter(round, member, "cache.writtenOut", "bytes/s",
            sum(cache, "bytes written from cache"), nanos);
        counter(round, member, "cache.pagesReadIn", "/s", sum(cache, "pages read into cache"),
            nanos);
        counter(round, member, "cache.evicted", "/s", sum(cache, "modified pages evicted",
            "unmodified pages evicted"), nanos);
      }
      BsonDocument txn = doc(wt, "transaction");
      if (txn != null) {
        gauge(round, member, "checkpoint.running", "0/1", txn, "transaction checkpoint currently running");
        gauge(round, member, "checkpoint.lastMs", "ms", txn, "transaction checkpoint most recent time (msecs)");
      }
    }
    BsonDocument tickets = tickets(s);
    if (tickets != null) {
      gauge(round, member, "tickets.read", "in use", doc(tickets, "read"), "out");
      gauge(round, member, "tickets.write", "in use", doc(tickets, "write"), "out");
    }
    BsonDocument lock = doc(s, "globalLock");
    BsonDocument queue = lock == null ? null : doc(lock, "currentQueue");
    if (queue != null) {
      gauge(round, member, "queue.readers", "ops", queue, "readers");
      gauge(round, member, "queue.writers", "ops", queue, "writers");
    }
    BsonDocument connections = doc(s, "connections");
    if (connections != null) {
      gauge(round, member, "connections", "count", connections, "current");
    }
  }

  /** Read and write tickets in use: where MongoDB 6.0 and 7.0+ keep them. */
  private static BsonDocument tickets(BsonDocument s) {
    BsonDocument queues = doc(s, "queues");
    BsonDocument execution = queues == null ? null : doc(queues, "execution");
    if (execution != null) {
      return execution;
    }
    BsonDocument wt = doc(s, "wiredTiger");
    return wt == null ? null : doc(wt, "concurrentTransactions");
  }

  /** The sub-document at {@code key}, or null. */
  private static BsonDocument doc(BsonDocument d, String key) {
    BsonValue v = d.get(key);
    return v != null && v.isDocument() ? v.asDocument() : null;
  }

  private static boolean flag(BsonDocument d, String key) {
    BsonValue v = d.get(key);
    return v != null && v.isBoolean() && v.asBoolean().getValue();
  }

  /** The counter's rate, when {@code value} was there to read. */
  private void counter(TelemetryRound.Builder round, String member, String metric, String unit,
      OptionalDouble value, long nanos) {
    if (value.isPresent()) {
      round.add(member, metric, unit, rates.rate(member + " " + metric, value.getAsDouble(),
          nanos));
    }
  }

  /** The figure at {@code key}, when the server has it: absent is not zero. */
  private static void gauge(TelemetryRound.Builder round, String member, String metric,
      String unit, BsonDocument d, String key) {
    round.add(member, metric, unit, sum(d, key));
  }

  /** Seconds each member's last applied optime is behind the primary's. */
  private void lag(TelemetryRound.Builder round, Document status) {
    List<Document> members = status.getList("members", Document.class, List.of());
    Date primary = null;
    List<Document> secondaries = new ArrayList<>();
    for (Document m : members) {
      int state = m.getInteger("state", -1);
      if (state == 1) {
        primary = m.getDate("optimeDate");
      } else if (state == 2 || state == 3 || state == 9) { // secondary, recovering, rollback
        secondaries.add(m);
      }
    }
    if (primary == null) {
      return;
    }
    for (Document m : secondaries) {
      Date applied = m.getDate("optimeDate");
      if (applied != null) {
        String member = names.getOrDefault(m.getString("name"), m.getString("name"));
        round.add(member, "repl.lag", "s",
            Math.max(0, primary.getTime() - applied.getTime()) / 1000.0);
      }
    }
  }

  /** The sum of the numbers at {@code keys}; empty when one is not there. */
  private static OptionalDouble sum(BsonDocument d, String... keys) {
    double total = 0;
    for (String key : keys) {
      BsonValue v = d == null ? null : d.get(key);
      if (v == null || !v.isNumber()) {
        return OptionalDouble.empty();
      }
      total += v.asNumber().doubleValue();
    }
    return OptionalDouble.of(total);
  }

  private static String firstLine(RuntimeException e) {
    String m = String.valueOf(e.getMessage());
    return e.getClass().getSimpleName() + ": " + m.lines().findFirst().orElse("");
  }

  @Override
  public void close() {
    clients.values().forEach(MongoClient::close);
  }
}
