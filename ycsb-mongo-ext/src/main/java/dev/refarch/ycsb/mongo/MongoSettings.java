package dev.refarch.ycsb.mongo;

import static dev.refarch.ycsb.mongo.MongoProperties.*;

import com.mongodb.ConnectionString;
import com.mongodb.ReadConcernLevel;
import com.mongodb.ReadPreference;
import com.mongodb.WriteConcern;
import dev.refarch.platform.spi.Redaction;
import dev.refarch.platform.spi.config.ConfigurationException;
import dev.refarch.platform.spi.config.ConfigurationProblems;
import dev.refarch.ycsb.config.YcsbProperties;
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
 * @param stock what the stock binding's keys given were mapped to
 * @param batchedStatus what a buffered insert answers
 * @param source the properties the record was parsed from, for {@link #toProperties()}
 */
public record MongoSettings(ConnectionString url, String database, Optional<Durability> durability,
    WriteConcern writeConcern, Optional<ReadPreference> readPreference,
    Optional<ReadConcernLevel> readConcern, int batchSize, boolean upsert, int threads,
    Timeouts timeouts, Optional<java.nio.file.Path> auditDir, String table, ScanSettings scan,
    ShardingSettings sharding, StockKeys.Mapping stock, BatchedStatus batchedStatus,
    Map<String, String> source) {

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
    Objects.requireNonNull(stock, "stock");
    Objects.requireNonNull(batchedStatus, "batchedStatus");
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
   * @throws ConfigurationException naming every bad key, value or combination at once
   */
  public static MongoSettings fromProperties(Map<?, ?> given) {
    ConfigurationProblems problems = new ConfigurationProblems();
    Optional<MongoSettings> settings = parse(given, problems);
    problems.throwIfAny();
    return settings.orElseThrow();
  }

  /**
   * Parses as {@link #fromProperties(Map)} does, recording every problem in {@code problems}
   * instead of throwing; empty when there was one.
   */
  public static Optional<MongoSettings> parse(Map<?, ?> given, ConfigurationProblems problems) {
    int before = problems.reports();
    Map<String, String> properties = PropertyMaps.flatten(given);
    problems.addAll(GROUP.unknownKeys(properties));
    problems.check(() -> requireRefarchWorkload(properties));
    Optional<ConnectionString> url = problems.get(
        () -> parseUrl(problems.find(URL, properties).orElse(URL.defaultValue())));
    int threads = problems.from(YcsbProperties.THREADS, properties);
    Optional<StockKeys.Mapping> stock = url.flatMap(u -> problems.get(() -> StockKeys.map(u,
        problems.find(STOCK_WRITE_CONCERN, properties),
        Optional.ofNullable(properties.get(READ_PREFERENCE.key())),
        problems.find(MAX_CONNECTIONS, properties),
        problems.find(THREADS_ALLOWED_TO_BLOCK, properties), threads)));
    Optional<WriteConcern> wc = stock.flatMap(m -> writeConcern(m.writeConcern(), properties,
        problems));
    Optional<ReadPreference> readPreference = problems.find(READ_PREFERENCE, properties);
    if (url.isPresent() && readPreference.isPresent()
        && StockKeys.conflicts(url.get(), readPreference.get())) {
      problems.add(new ConfigurationException(READ_PREFERENCE.key(),
          properties.get(READ_PREFERENCE.key()), "unset, or the URL's readPreference="
              + url.get().getReadPreference().getName(), "the URL names another read preference;"
              + " name it in one place"));
    }
    Optional<Integer> batch = problems.find(BATCH_SIZE, properties)
        .or(() -> problems.find(YCSB_BATCH_SIZE, properties));
    Optional<Timeouts> timeouts = url.map(u -> new Timeouts(
        pick(SERVER_SELECTION_TIMEOUT, properties, u.getServerSelectionTimeout(), problems),
        pick(CONNECT_TIMEOUT, properties, u.getConnectTimeout(), problems),
        pick(SOCKET_TIMEOUT, properties, u.getSocketTimeout(), problems),
        pick(RETRY_WRITES, properties, u.getRetryWritesValue(), problems),
        pick(RETRY_READS, properties, u.getRetryReads(), problems)));
    Optional<Durability> durability = problems.find(DURABILITY, properties);
    Optional<ReadConcernLevel> readConcern = problems.find(READ_CONCERN, properties);
    boolean upsert = problems.from(UPSERT, properties);
    BatchedStatus batchedStatus = problems.from(BATCHED_INSERT_STATUS, properties);
    problems.find(INIT_FAILURE, properties);
    Optional<java.nio.file.Path> auditDir = problems.find(AUDIT_DIR, properties);
    String table = problems.from(YcsbProperties.TABLE, properties);
    Optional<ScanSettings> scan = ScanSettings.parse(properties, problems);
    Optional<ShardingSettings> sharding = shardingSettings(properties, problems);
    if (problems.reports() > before) {
      return Optional.empty();
    }
    String database = databaseOf(url.get());
    return problems.get(() -> new MongoSettings(url.get(), database, durability, wc.get(),
        readPreference, readConcern, batch.orElse(1), upsert, threads, timeouts.get(), auditDir,
        table, scan.get(), sharding.get(), stock.get(), batchedStatus, properties));
  }

  /**
   * The URL's database; none, or {@code admin} (which the stock binding reads as the database to
   * authenticate against), means {@code ycsb}, as in the stock binding.
   */
  private static String databaseOf(ConnectionString url) {
    String db = url.getDatabase();
    return db == null || db.isEmpty() || db.equals("admin") ? "ycsb" : db;
  }

  /** The URL's (and stock key's) write concern, then the profile, then the explicit keys. */
  private static Optional<WriteConcern> writeConcern(WriteConcern fromUrl,
      Map<String, String> properties, ConfigurationProblems problems) {
    Optional<Durability> durability = problems.find(DURABILITY, properties);
    if (durability.isPresent() && properties.containsKey(STOCK_WRITE_CONCERN.key())) {
      problems.add(new ConfigurationException(STOCK_WRITE_CONCERN.key(),
          properties.get(STOCK_WRITE_CONCERN.key()), "unset while mongodb.durability is set",
          "name the write concern one way: the profile sets both w and j"));
    }
    WriteConcern wc = fromUrl != null ? fromUrl : WriteConcern.ACKNOWLEDGED;
    if (durability.isPresent()) {
      wc = durability.get().writeConcern();
    }
    WriteConcern base = wc;
    return problems.get(() -> applyExplicit(base, problems.find(WRITE_CONCERN_W, properties),
        problems.find(WRITE_CONCERN_J, properties),
        problems.find(WRITE_CONCERN_WTIMEOUT, properties)));
  }

  /** The explicit key, else the URL's value, else the key's default. */
  private static <T> T pick(dev.refarch.platform.spi.config.Setting<T> key, Map<?, ?> properties,
      T fromUrl, ConfigurationProblems problems) {
    return problems.find(key, properties).orElse(fromUrl != null ? fromUrl : key.defaultValue());
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

  private static Optional<ShardingSettings> shardingSettings(Map<?, ?> properties,
      ConfigurationProblems problems) {
    ShardingSettings sharding = new ShardingSettings(problems.from(SHARD_KEY, properties),
        problems.find(SHARD_CHUNKS, properties), problems.find(SHARD_BALANCER, properties));
    if (sharding.chunks().isPresent() && sharding.shardKey() == ShardKey.NONE
        && !problems.has(SHARD_KEY.key())) {
      problems.add(new ConfigurationException(SHARD_CHUNKS.key(),
          String.valueOf(sharding.chunks().get()), "unset while mongodb.shardKey is none",
          "set mongodb.shardKey=hashed or range"));
      return Optional.empty();
    }
    return Optional.of(sharding);
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

  /**
   * URL options that ask for certificates not to be checked. The Java driver does not honour
   * them — {@code tlsAllowInvalidCertificates} is ignored, {@code tlsInsecure} only stops the host
   * name check — so a user who wrote one would still see verification fail, or believe a check
   * was off that is on. They are refused with the way to trust the server's CA instead.
   */
  private static final java.util.regex.Pattern UNVERIFIED_TLS = java.util.regex.Pattern.compile(
      "[?&](tlsInsecure|tlsAllowInvalidCertificates|sslAllowInvalidCertificates)=true(&|$)",
      java.util.regex.Pattern.CASE_INSENSITIVE);

  private static ConnectionString parseUrl(String raw) {
    java.util.regex.Matcher unverified = UNVERIFIED_TLS.matcher(raw);
    if (unverified.find()) {
      throw new ConfigurationException(URL.key(), raw, "a connection string whose server"
          + " certificates are verified (" + unverified.group(1) + "=true is not honoured by the"
          + " Java driver)", "trust the server's CA instead: keytool -importcert -file ca.pem"
          + " -alias mongodb-ca -keystore ca.p12 -storetype PKCS12, then start the client JVM"
          + " with -Djavax.net.ssl.trustStore=ca.p12 -Djavax.net.ssl.trustStorePassword=<it>");
    }
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
      return set(YcsbProperties.THREADS.key(), String.valueOf(threads));
    }

    public Builder batchedInsertStatus(BatchedStatus status) {
      return set(BATCHED_INSERT_STATUS.key(), status.label());
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
