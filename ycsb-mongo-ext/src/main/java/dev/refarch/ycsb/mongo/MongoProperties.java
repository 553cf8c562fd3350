package dev.refarch.ycsb.mongo;

import com.mongodb.ReadConcernLevel;
import com.mongodb.ReadPreference;
import dev.refarch.platform.spi.config.Setting;
import dev.refarch.platform.spi.config.SettingGroup;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Declares every {@code mongodb.*} property once: key, default, allowed values, description. The
 * README's property table is generated from {@link #GROUP} (see {@code PropertyTableTest}).
 */
public final class MongoProperties {

  /** Same default as the stock YCSB MongoDB binding. */
  public static final String DEFAULT_URL = "mongodb://localhost:27017/ycsb?w=1";

  public static final Setting<String> URL = Setting.custom("mongodb.url", "uri", DEFAULT_URL,
      "a mongodb:// or mongodb+srv:// connection string", "connection string as for the stock"
          + " binding; the path names the database (default `ycsb`; `admin`, which the stock"
          + " binding reads as the authentication database, also means `ycsb`); the YCSB `table` is"
          + " the collection", s -> s);

  public static final Setting<Durability> DURABILITY = Setting.ofEnum("mongodb.durability", null,
      Durability.class, "durability profile: throughput {w:0,j:false}, balanced {w:1,j:false},"
          + " balanced-majority {w:majority,j:false}, durable {w:1,j:true},"
          + " durable-majority {w:majority,j:true}; unset keeps the URL's write concern");

  public static final Setting<String> WRITE_CONCERN_W = Setting.custom("mongodb.writeConcern.w",
      "string", null, "an integer from 0 to 50, or majority",
      "write concern `w`; overrides the profile", MongoProperties::parseW);

  public static final Setting<Boolean> WRITE_CONCERN_J = Setting.bool("mongodb.writeConcern.j",
      null, "write concern `j` (journal); overrides the profile");

  public static final Setting<Integer> WRITE_CONCERN_WTIMEOUT = Setting.integer(
      "mongodb.writeConcern.wtimeoutMS", null, 0, Integer.MAX_VALUE,
      "write concern `wtimeout` in milliseconds; overrides the profile");

  public static final Setting<ReadPreference> READ_PREFERENCE = Setting.choice(
      "mongodb.readPreference", null, readPreferences(),
      "read preference for reads (and scans, unless `mongodb.scan.readPreference`); the stock"
          + " binding's primary_preferred and secondary_preferred are accepted; unset keeps the"
          + " URL's (default primary); a URL readPreference that differs is refused");

  public static final Setting<ReadConcernLevel> READ_CONCERN = Setting.choice(
      "mongodb.readConcern", null, readConcerns(),
      "read concern level; unset keeps the server default");

  public static final Setting<Integer> BATCH_SIZE = Setting.integer("mongodb.batchsize", null, 1,
      100_000, "documents per unordered insertMany during load; YCSB's plain `batchsize` is"
          + " accepted too; default 1 (one insertOne per record)");

  /** YCSB's own key for the batch size, honoured when {@code mongodb.batchsize} is absent. */
  public static final Setting<Integer> YCSB_BATCH_SIZE = Setting.integer("batchsize", 1, 1,
      100_000, "YCSB's batch size key");

  public static final Setting<Boolean> UPSERT = Setting.bool("mongodb.upsert", false,
      "insert with replaceOne(upsert) instead of insertOne, so a reloaded key overwrites");

  public static final Setting<Integer> SERVER_SELECTION_TIMEOUT = Setting.integer(
      "mongodb.serverSelectionTimeoutMS", 10_000, 0, Integer.MAX_VALUE,
      "how long an operation waits for a suitable server (e.g. a new primary) before failing with"
          + " SERVICE_UNAVAILABLE; the URL's value wins over this default, an explicit key over both");

  public static final Setting<Integer> CONNECT_TIMEOUT = Setting.integer("mongodb.connectTimeoutMS",
      5_000, 0, Integer.MAX_VALUE, "TCP connect timeout; precedence as above");

  public static final Setting<Integer> SOCKET_TIMEOUT = Setting.integer("mongodb.socketTimeoutMS",
      30_000, 0, Integer.MAX_VALUE, "how long a read from a server may block (0: forever, which a"
          + " paused server turns into a hang); precedence as above");

  public static final Setting<Boolean> RETRY_WRITES = Setting.bool("mongodb.retryWrites", true,
      "retry a write once after a failover; precedence as above");

  public static final Setting<Boolean> RETRY_READS = Setting.bool("mongodb.retryReads", true,
      "retry a read once after a failover; precedence as above");

  public static final Setting<java.nio.file.Path> AUDIT_DIR = Setting.custom("mongodb.audit.dir",
      "folder", null, "a folder this process can create and write", "acknowledged-write audit:"
          + " every insert the server acknowledged has its key appended to a per-thread log in this"
          + " folder, every update sent its key, times, outcome and value digests (see AckAudit);"
          + " checked before connecting", MongoProperties::parseFolder);

  public static final Setting<ScanMode> SCAN_MODE = Setting.ofEnum("mongodb.scan.mode",
      ScanMode.ID, ScanMode.class, "how a scan reads: `id` = YCSB's {_id >= start} sorted by _id,"
          + " limit n; `range` = {start <= _id < end}, end = start's ordinal + n (needs"
          + " insertorder=ordered); `index` = {indexField >= ordinal, < ordinal + n} over the"
          + " secondary index");

  public static final Setting<Integer> SCAN_BATCH_SIZE = Setting.integer("mongodb.scan.batchSize",
      null, 0, 100_000, "documents per cursor batch of a scan; unset uses the scan length (one"
          + " round trip); 0 leaves the server default (101 documents in the first batch)");

  public static final Setting<ScanHint> SCAN_HINT = Setting.custom("mongodb.scan.hint", "hint",
      null, ScanHint.ALLOWED, "index a scan must use; `auto` = the scan mode's index ({_id: 1}, or"
          + " {indexField: 1}); unset lets the query planner choose", ScanHint::parse);

  public static final Setting<ScanProjection> SCAN_PROJECTION = Setting.ofEnum(
      "mongodb.scan.projection", ScanProjection.REQUESTED, ScanProjection.class,
      "fields a scan returns: `requested` = those YCSB asks for (all with readallfields=true);"
          + " `requested-without-id` = the same without _id; `id-only` = only _id (a covered"
          + " index scan in the id and range modes)");

  public static final Setting<ReadPreference> SCAN_READ_PREFERENCE = Setting.choice(
      "mongodb.scan.readPreference", null, readPreferences(),
      "read preference for scans only (the NetApp study read from the nearest member); unset"
          + " uses `mongodb.readPreference`");

  public static final Setting<String> SCAN_INDEX_FIELD = Setting.custom("mongodb.scan.indexField",
      "field", null, "a field name of letters, digits and _, not _id",
      "numeric field with an ascending secondary index, created by the binding;"
          + " RefarchWorkload writes each record's ordinal into it; needed by"
          + " mongodb.scan.mode=index", MongoProperties::parseFieldName);

  public static final Setting<ShardKey> SHARD_KEY = Setting.ofEnum("mongodb.shardKey",
      ShardKey.NONE, ShardKey.class, "at load, shard the collection on _id through mongos:"
          + " `hashed` {_id: \"hashed\"}, `range` {_id: 1}, or `none`");

  public static final Setting<Integer> SHARD_CHUNKS = Setting.integer("mongodb.shard.chunks",
      null, 1, 100_000, "initial chunks at load: numInitialChunks for hashed; split points from"
          + " the key space and round-robin moveChunk for range; unset keeps the server default");

  public static final Setting<BalancerMode> SHARD_BALANCER = Setting.ofEnum(
      "mongodb.shard.balancer", null, BalancerMode.class, "balancer during each phase, restored"
          + " afterwards; unset leaves it as it is");

  public static final Setting<Double> LOAD_CACHE_SIZE_GB = Setting.decimal(
      "mongodb.load.cacheSizeGB", null, 0.25, 1024.0, "with the `mongodb-load-cache` hook: the"
          + " WiredTiger cache of every data member while the load runs, in GB; after the load"
          + " (a checkpoint first) each member gets its own back");

  public static final Setting<StockKeys.WriteConcernName> STOCK_WRITE_CONCERN = Setting.choice(
      "mongodb.writeConcern", null, StockKeys.WriteConcernName.CHOICES, "the stock binding's"
          + " write concern name, with its meaning: errors_ignored and unacknowledged {w:0},"
          + " acknowledged {w:1}, journaled {j:true}, replica_acknowledged {w:2}, majority"
          + " {w:majority}; as in the stock binding the URL's own w (or j) wins; not with"
          + " mongodb.durability");

  public static final Setting<Integer> MAX_CONNECTIONS = Setting.integer("mongodb.maxconnections",
      null, 1, 100_000, "the stock binding's pool size (maxPoolSize); the URL's maxPoolSize wins, as"
          + " in the stock binding; raised to threadcount when below it");

  public static final Setting<Integer> THREADS_ALLOWED_TO_BLOCK = Setting.integer(
      "mongodb.threadsAllowedToBlockForConnectionMultiplier", null, 1, Integer.MAX_VALUE,
      "the stock binding's wait-queue multiplier; accepted and noted, without effect: the driver"
          + " has no wait-queue limit and the pool has a connection per thread");

  public static final Setting<BatchedStatus> BATCHED_INSERT_STATUS = Setting.ofEnum(
      "mongodb.batchedInsertStatus", BatchedStatus.BATCHED_OK, BatchedStatus.class,
      "what a buffered insert of a batched load answers: `batched-ok` (YCSB's BATCHED_OK, as the"
          + " stock binding) or `ok`, so that tools counting `Return=OK` count every document;"
          + " a failed batch is then one ERROR (see Bulk load)");

  public static final Setting<InitFailure.Mode> INIT_FAILURE = Setting.ofEnum("mongodb.initFailure",
      InitFailure.Mode.EXIT, InitFailure.Mode.class, "when init() fails inside YCSB's Client:"
          + " `exit` prints the failure once and ends the JVM with exit code 2 (bad settings) or 1"
          + " (anything else), where YCSB would exit 0; `throw` leaves it to YCSB; embedded use"
          + " always gets the exception");

  public static final SettingGroup GROUP = SettingGroup.of("mongodb.", List.of(URL, DURABILITY,
      WRITE_CONCERN_W, WRITE_CONCERN_J, WRITE_CONCERN_WTIMEOUT, READ_PREFERENCE, READ_CONCERN,
      BATCH_SIZE, UPSERT, SERVER_SELECTION_TIMEOUT, CONNECT_TIMEOUT, SOCKET_TIMEOUT, RETRY_WRITES,
      RETRY_READS, AUDIT_DIR, SCAN_MODE, SCAN_BATCH_SIZE, SCAN_HINT, SCAN_PROJECTION,
      SCAN_READ_PREFERENCE, SCAN_INDEX_FIELD, SHARD_KEY, SHARD_CHUNKS, SHARD_BALANCER,
      LOAD_CACHE_SIZE_GB, STOCK_WRITE_CONCERN, MAX_CONNECTIONS, THREADS_ALLOWED_TO_BLOCK, BATCHED_INSERT_STATUS,
      INIT_FAILURE));

  private MongoProperties() {
  }

  private static String parseW(String raw) {
    String v = raw.trim();
    if (v.equalsIgnoreCase("majority")) {
      return "majority";
    }
    try {
      int n = Integer.parseInt(v);
      if (n >= 0 && n <= 50) {
        return v;
      }
    } catch (NumberFormatException e) {
      // falls through to the rejection below, which names what is allowed
    }
    throw new IllegalArgumentException("an integer from 0 to 50, or majority");
  }

  private static java.nio.file.Path parseFolder(String raw) {
    try {
      return java.nio.file.Path.of(raw.trim());
    } catch (java.nio.file.InvalidPathException e) {
      throw new IllegalArgumentException("a folder this process can create and write");
    }
  }

  private static String parseFieldName(String raw) {
    String v = raw.trim();
    if (v.equals("_id") || !v.matches("[A-Za-z_][A-Za-z0-9_]*")) {
      throw new IllegalArgumentException("a field name of letters, digits and _, not _id");
    }
    return v;
  }

  /** The driver's names, then the stock binding's underscore forms of the two that differ. */
  private static Map<String, ReadPreference> readPreferences() {
    Map<String, ReadPreference> m = new LinkedHashMap<>();
    for (ReadPreference p : List.of(ReadPreference.primary(), ReadPreference.primaryPreferred(),
        ReadPreference.secondary(), ReadPreference.secondaryPreferred(), ReadPreference.nearest())) {
      m.put(p.getName(), p);
    }
    m.put("primary_preferred", ReadPreference.primaryPreferred());
    m.put("secondary_preferred", ReadPreference.secondaryPreferred());
    return m;
  }

  private static Map<String, ReadConcernLevel> readConcerns() {
    Map<String, ReadConcernLevel> m = new LinkedHashMap<>();
    for (ReadConcernLevel level : ReadConcernLevel.values()) {
      m.put(level.getValue().toLowerCase(Locale.ROOT), level);
    }
    return m;
  }
}
