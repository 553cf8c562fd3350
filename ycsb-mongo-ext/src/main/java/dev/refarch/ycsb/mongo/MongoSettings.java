package dev.refarch.ycsb.mongo;

import static dev.refarch.ycsb.mongo.MongoProperties.*;

import com.mongodb.ConnectionString;
import com.mongodb.ReadConcernLevel;
import com.mongodb.ReadPreference;
import com.mongodb.WriteConcern;
import dev.refarch.platform.spi.Redaction;
import dev.refarch.platform.spi.config.ConfigurationException;
import dev.refarch.platform.spi.config.PropertyMaps;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

/**
 * The binding's settings, parsed and validated from YCSB properties in one step: a bad value fails
 * here, naming its key, before anything connects or writes.
 *
 * <p>Immutable. YCSB properties and the fluent {@link Builder} produce the same record:
 *
 * <pre>{@code
 * MongoSettings s = MongoSettings.builder()
 *     .url("mongodb://127.0.0.1:27017/ycsb").durability(Durability.DURABLE).batchSize(100).build();
 * Properties forYcsb = s.toProperties();
 * }</pre>
 *
 * @param url the parsed connection string
 * @param database the database (the URL's path, default {@code ycsb})
 * @param durability the profile named by {@code mongodb.durability}, if any
 * @param writeConcern the effective write concern: URL, then profile, then explicit keys
 * @param readPreference explicit read preference, else the URL's
 * @param readConcern explicit read concern level, else the server default
 * @param batchSize documents per {@code insertMany} during load, at least 1
 * @param upsert whether inserts replace with upsert
 * @param threads YCSB client threads (sizes the connection pool)
 * @param timeouts driver timeouts and retries, resolved from key, URL and default
 * @param auditDir where acknowledged inserts are logged, if the audit is on
 * @param table YCSB's table: the collection the index and sharding setup apply to
 * @param scan how scans read
 * @param sharding sharded-collection setup, carried out by the {@code mongodb-sharding} hook
 * @param source the properties the record was parsed from, for {@link #toProperties()}
 */
public record MongoSettings(ConnectionString url, String database, Optional<Durability> durability,
    WriteConcern writeConcern, Optional<ReadPreference> readPreference,
    Optional<ReadConcernLevel> readConcern, int batchSize, boolean upsert, int threads,
    Timeouts timeouts, Optional<java.nio.file.Path> auditDir, String table, ScanSettings scan,
    ShardingSettings sharding, Map<String, String> source) {

  /**
   * Driver timeouts and retries, each resolved as: explicit key, else the URL's option, else this
   * library's default — chosen so that no operation waits forever on a failed server.
   *
   * @param serverSelectionMs wait for a suitable server
   * @param connectMs TCP connect
   * @param socketMs a read from a server; 0 is forever
   * @param retryWrites retry a write once after a failover
   * @param retryReads retry a read once after a failover
   */
  public record Timeouts(int serverSelectionMs, int connectMs, int socketMs, boolean retryWrites,
      boolean retryReads) {
  }

  /** The workload class that reads {@code refarch.*} keys. */
  static final String REFARCH_WORKLOAD = "dev.refarch.ycsb.workloads.RefarchWorkload";

  public MongoSettings {
    Objects.requireNonNull(url, "url");
    Objects.requireNonNull(writeConcern, "writeConcern");
    Objects.requireNonNull(table, "table");
    Objects.requireNonNull(scan, "scan");
    Objects.requireNonNull(sharding, "sharding");
    if (batchSize < 1) {
      throw new ConfigurationException(BATCH_SIZE.key(), String.valueOf(batchSize),
          BATCH_SIZE.allowed());
    }
    source = Map.copyOf(source);
  }

  /**
   * Parses and validates every {@code mongodb.*} property, rejecting unknown keys. A
   * {@code Properties}' defaults count as its own entries do, for every key read here.
   *
   * @throws ConfigurationException for the first bad key, value or combination
   */
  public static MongoSettings fromProperties(Map<?, ?> given) {
    Map<String, String> properties = PropertyMaps.flatten(given);
    GROUP.rejectUnknown(properties);
    requireRefarchWorkload(properties);

    ConnectionString url = parseUrl(URL.from(properties));
    Optional<Durability> durability = DURABILITY.find(properties);
    WriteConcern wc = url.getWriteConcern() != null ? url.getWriteConcern() : WriteConcern.ACKNOWLEDGED;
    if (durability.isPresent()) {
      wc = durability.get().writeConcern();
    }
    wc = applyExplicit(wc, WRITE_CONCERN_W.find(properties), WRITE_CONCERN_J.find(properties),
        WRITE_CONCERN_WTIMEOUT.find(properties));

    int batch = BATCH_SIZE.find(properties).orElseGet(() -> YCSB_BATCH_SIZE.from(properties));
    String database = url.getDatabase() == null ? "ycsb" : url.getDatabase();
    Timeouts timeouts = new Timeouts(
        pick(SERVER_SELECTION_TIMEOUT, properties, url.getServerSelectionTimeout()),
        pick(CONNECT_TIMEOUT, properties, url.getConnectTimeout()),
        pick(SOCKET_TIMEOUT, properties, url.getSocketTimeout()),
        pick(RETRY_WRITES, properties, url.getRetryWritesValue()),
        pick(RETRY_READS, properties, url.getRetryReads()));
    return new MongoSettings(url, database, durability, wc, READ_PREFERENCE.find(properties),
        READ_CONCERN.find(properties), batch, UPSERT.from(properties), THREADS.from(properties),
        timeouts, AUDIT_DIR.find(properties).map(java.nio.file.Path::of), TABLE.from(properties),
        ScanSettings.fromProperties(properties), shardingSettings(properties), properties);
  }

  /** The explicit key, else the URL's value, else the key's default. */
  private static <T> T pick(dev.refarch.platform.spi.config.Setting<T> key, Map<?, ?> properties,
      T fromUrl) {
    return key.find(properties).orElse(fromUrl != null ? fromUrl : key.defaultValue());
  }

  /**
   * {@code refarch.*} keys mean something only to {@code RefarchWorkload}; with another workload
   * class YCSB would ignore them silently, so they fail here.
   */
  private static void requireRefarchWorkload(Map<String, String> properties) {
    String workload = properties.get("workload");
    Optional<String> key = properties.keySet().stream()
        .filter(k -> k.startsWith("refarch.")).sorted().findFirst();
    if (workload == null || key.isEmpty() || extendsRefarchWorkload(workload.trim())) {
      return;
    }
    throw new ConfigurationException("workload", workload, REFARCH_WORKLOAD
        + " or a subclass, while " + key.get() + " is set", "other workloads ignore refarch.* keys");
  }

  private static boolean extendsRefarchWorkload(String className) {
    try {
      for (Class<?> c = Class.forName(className, false, MongoSettings.class.getClassLoader());
          c != null; c = c.getSuperclass()) {
        if (c.getName().equals(REFARCH_WORKLOAD)) {
          return true;
        }
      }
      return false;
    } catch (ClassNotFoundException | LinkageError e) {
      return true; // YCSB itself reports a workload class it cannot load
    }
  }

  private static ShardingSettings shardingSettings(Map<?, ?> properties) {
    ShardingSettings sharding = new ShardingSettings(SHARD_KEY.from(properties),
        SHARD_CHUNKS.find(properties), SHARD_BALANCER.find(properties));
    if (sharding.chunks().isPresent() && sharding.shardKey() == ShardKey.NONE) {
      throw new ConfigurationException(SHARD_CHUNKS.key(), String.valueOf(sharding.chunks().get()),
          "unset while mongodb.shardKey is none", "set mongodb.shardKey=hashed or range");
    }
    return sharding;
  }

  public static MongoSettings fromProperties(Properties properties) {
    return fromProperties((Map<?, ?>) properties);
  }

  /** Builds the write concern from its parts, refusing combinations the driver would reject. */
  private static WriteConcern applyExplicit(WriteConcern base, Optional<String> w,
      Optional<Boolean> j, Optional<Integer> wtimeoutMs) {
    Object wValue = w.<Object>map(v -> v.equals("majority") ? v : Integer.valueOf(v))
        .orElse(base.getWObject());
    Boolean journal = j.orElse(base.getJournal());
    if (Integer.valueOf(0).equals(wValue) && Boolean.TRUE.equals(journal)) {
      String key = j.isPresent() ? WRITE_CONCERN_J.key() : WRITE_CONCERN_W.key();
      String value = j.isPresent() ? "true" : "0";
      throw new ConfigurationException(key, value, j.isPresent() ? "false while w is 0"
          : "at least 1 while j is true", "an unacknowledged write cannot wait for the journal");
    }
    WriteConcern wc = wValue == null ? WriteConcern.ACKNOWLEDGED
        : wValue instanceof String s ? new WriteConcern(s) : new WriteConcern((Integer) wValue);
    if (journal != null) {
      wc = wc.withJournal(journal);
    }
    Integer timeout = wtimeoutMs.orElse(base.getWTimeout(TimeUnit.MILLISECONDS));
    return timeout == null ? wc : wc.withWTimeout(timeout, TimeUnit.MILLISECONDS);
  }

  private static ConnectionString parseUrl(String raw) {
    try {
      return new ConnectionString(raw);
    } catch (IllegalArgumentException e) {
      throw new ConfigurationException(URL.key(), raw,
          "a MongoDB connection string, mongodb://host[:port][,host...]/[database][?options]"
              + " or mongodb+srv://host/[database][?options]",
          "the driver says: " + Redaction.maskUri(e.getMessage()));
    }
  }

  /** The connection string with credentials masked, safe to print. */
  public String maskedUrl() {
    return Redaction.maskUri(url.getConnectionString());
  }

  /** The properties these settings came from, to hand to a YCSB client. */
  public Properties toProperties() {
    Properties p = new Properties();
    p.putAll(source);
    return p;
  }

  public static Builder builder() {
    return new Builder();
  }

  /** Fluent front end that writes properties and parses them, so validation is the same. */
  public static final class Builder {
    private final Map<String, String> properties = new LinkedHashMap<>();

    private Builder() {
    }

    public Builder url(String url) {
      return set(URL.key(), url);
    }

    public Builder durability(Durability durability) {
      return set(DURABILITY.key(), durability.label());
    }

    public Builder w(String w) {
      return set(WRITE_CONCERN_W.key(), w);
    }

    public Builder journal(boolean j) {
      return set(WRITE_CONCERN_J.key(), String.valueOf(j));
    }

    public Builder wtimeoutMS(int millis) {
      return set(WRITE_CONCERN_WTIMEOUT.key(), String.valueOf(millis));
    }

    public Builder readPreference(String name) {
      return set(READ_PREFERENCE.key(), name);
    }

    public Builder readConcern(String level) {
      return set(READ_CONCERN.key(), level);
    }

    public Builder batchSize(int documents) {
      return set(BATCH_SIZE.key(), String.valueOf(documents));
    }

    public Builder upsert(boolean upsert) {
      return set(UPSERT.key(), String.valueOf(upsert));
    }

    public Builder auditDir(String dir) {
      return set(AUDIT_DIR.key(), dir);
    }

    public Builder scanMode(ScanMode mode) {
      return set(SCAN_MODE.key(), mode.label());
    }

    public Builder scanBatchSize(int documents) {
      return set(SCAN_BATCH_SIZE.key(), String.valueOf(documents));
    }

    public Builder scanHint(String hint) {
      return set(SCAN_HINT.key(), hint);
    }

    public Builder scanProjection(ScanProjection projection) {
      return set(SCAN_PROJECTION.key(), projection.label());
    }

    public Builder scanReadPreference(String name) {
      return set(SCAN_READ_PREFERENCE.key(), name);
    }

    public Builder scanIndexField(String field) {
      return set(SCAN_INDEX_FIELD.key(), field);
    }

    public Builder shardKey(ShardKey key) {
      return set(SHARD_KEY.key(), key.label());
    }

    public Builder shardChunks(int chunks) {
      return set(SHARD_CHUNKS.key(), String.valueOf(chunks));
    }

    public Builder balancer(BalancerMode mode) {
      return set(SHARD_BALANCER.key(), mode.label());
    }

    public Builder threads(int threads) {
      return set(THREADS.key(), String.valueOf(threads));
    }

    /** Any other property, e.g. a YCSB key. */
    public Builder set(String key, String value) {
      properties.put(key, value);
      return this;
    }

    public MongoSettings build() {
      return fromProperties(properties);
    }
  }
}
