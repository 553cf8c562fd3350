package dev.refarch.ycsb.mongo;

import com.mongodb.ClientSessionOptions;
import com.mongodb.MongoClientSettings;
import com.mongodb.ReadConcern;
import com.mongodb.ReadConcernLevel;
import com.mongodb.client.ClientSession;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.Filters;
import com.mongodb.connection.ClusterType;
import dev.refarch.platform.spi.config.ConfigurationException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.bson.Document;

/**
 * One {@link MongoClient} per distinct {@link ConnectionKey} in a JVM, shared by every binding
 * instance with that key and reference-counted: the first instance's {@code init()} opens it, the
 * last one's {@code cleanup()} closes it. YCSB's threads share one set of properties and so one
 * client; instances with other connection settings (another cluster, another durability profile)
 * get their own, side by side.
 *
 * <p>Thread-safe: acquisition, preparation and release synchronise on one lock; the driver's
 * client is thread-safe. The pool allows at least one connection per YCSB thread, so threads never
 * queue for a connection inside the client.
 */
final class SharedClient {

  private static final Object LOCK = new Object();
  /** The open clients; guarded by {@link #LOCK}. */
  private static final Map<ConnectionKey, SharedClient> OPEN = new HashMap<>();
  private static volatile EffectiveSettings lastEffective;

  /** Lets tests attach a {@code CommandListener}; never set in production code. */
  static volatile Consumer<MongoClientSettings.Builder> testCustomizer = b -> { };

  private final ConnectionKey key;
  private final MongoClient client;
  private final MongoDatabase database;
  private final String serverVersion;
  private final String topologyType;
  /** Guarded by {@link #LOCK}, as are the two below. */
  private int references;
  private final Set<EffectiveSettings> announced = new HashSet<>();
  /** Each collection preparation done on this client, and its failure if it failed. */
  private final Map<Preparation, Optional<RuntimeException>> prepared = new HashMap<>();

  /** One collection set-up: the scan index on {@code field} of {@code table}, and the data check. */
  private record Preparation(String table, String field, boolean checkData) {
  }

  private SharedClient(ConnectionKey key, String databaseName) {
    this.key = key;
    this.client = MongoClients.create(clientSettings(key));
    try {
      this.database = client.getDatabase(databaseName);
      Document buildInfo = client.getDatabase("admin").runCommand(new Document("buildInfo", 1));
      this.serverVersion = buildInfo.getString("version");
      this.topologyType = client.getClusterDescription().getType().name();
    } catch (RuntimeException e) {
      client.close();
      throw e;
    }
  }

  private static MongoClientSettings clientSettings(ConnectionKey key) {
    MongoSettings.Timeouts t = key.timeouts();
    MongoClientSettings.Builder builder = MongoClientSettings.builder()
        .applyConnectionString(key.url())
        .writeConcern(key.writeConcern())
        .applyToConnectionPoolSettings(pool -> pool.maxSize(key.poolSize()))
        .applyToClusterSettings(c -> c.serverSelectionTimeout(t.serverSelectionMs(),
            TimeUnit.MILLISECONDS))
        .applyToSocketSettings(s -> s
            .connectTimeout(t.connectMs(), TimeUnit.MILLISECONDS)
            .readTimeout(t.socketMs(), TimeUnit.MILLISECONDS))
        .retryWrites(t.retryWrites())
        .retryReads(t.retryReads());
    key.readPreference().ifPresent(builder::readPreference);
    key.readConcern().ifPresent(level -> builder.readConcern(new ReadConcern(level)));
    testCustomizer.accept(builder);
    return builder.build();
  }

  /**
   * Returns the JVM's client for these settings' {@link ConnectionKey}, opening it on first use,
   * and prints the effective settings once per client and distinct settings.
   */
  static SharedClient acquire(MongoSettings settings) {
    ConnectionKey key = ConnectionKey.of(settings);
    synchronized (LOCK) {
      SharedClient shared = OPEN.get(key);
      if (shared == null) {
        shared = new SharedClient(key, settings.database());
        OPEN.put(key, shared);
      }
      shared.references++;
      EffectiveSettings effective = shared.effective(settings);
      if (shared.announced.add(effective)) {
        System.err.println("[ycsb-mongo-ext] effective settings: " + effective);
      }
      lastEffective = effective;
      return shared;
    }
  }

  /** What an instance with {@code s} runs with on this client. */
  EffectiveSettings effective(MongoSettings s) {
    String readPreference = database.getReadPreference().getName();
    return new EffectiveSettings(s.maskedUrl(), s.database(),
        s.durability().map(Durability::label).orElse("(url)"), describe(s.writeConcern()),
        readPreference, s.readConcern().map(ReadConcernLevel::getValue).orElse("(server default)"),
        s.batchSize(), s.batchedStatus().label(), s.upsert(), s.scan().describe(readPreference),
        s.sharding().shardKey().label(), key.poolSize(), s.timeouts(), DriverVersion.VALUE,
        serverVersion, topologyType,
        s.stock().compact());
  }

  /** The write concern as sent; the driver sends none for its default, so the server's applies. */
  private static String describe(com.mongodb.WriteConcern wc) {
    var doc = wc.asDocument();
    return doc.isEmpty() ? "(server default)" : doc.toJson();
  }

  /**
   * Prepares {@code settings.table()} for scans, once per client and collection: creates the
   * ascending index on {@code mongodb.scan.indexField}; before index scans in the run phase,
   * checks that the loaded data has that field. Later instances wait for the first and share its
   * outcome.
   *
   * @throws ConfigurationException when index scans are asked for on data without the field
   */
  void prepareCollection(MongoSettings settings, boolean loading) {
    Optional<String> field = settings.scan().indexField();
    if (field.isEmpty()) {
      return;
    }
    Preparation p = new Preparation(settings.table(), field.get(),
        !loading && settings.scan().mode() == ScanMode.INDEX);
    synchronized (LOCK) {
      Optional<RuntimeException> outcome = prepared.get(p);
      if (outcome == null) {
        outcome = prepare(p);
        prepared.put(p, outcome);
      }
      if (outcome.isPresent()) {
        throw outcome.get();
      }
    }
  }

  private Optional<RuntimeException> prepare(Preparation p) {
    try {
      MongoCollection<Document> collection = database.getCollection(p.table());
      collection.createIndex(new Document(p.field(), 1));
      if (p.checkData() && collection.find(Filters.exists(p.field())).limit(1).first() == null) {
        throw new ConfigurationException(MongoProperties.SCAN_MODE.key(), "index",
            "id or range, or index on data loaded with the index field", "no document of "
            + database.getName() + "." + p.table() + " has the field '" + p.field()
            + "': load with workload=dev.refarch.ycsb.workloads.RefarchWorkload and "
            + MongoProperties.SCAN_INDEX_FIELD.key() + "=" + p.field());
      }
      return Optional.empty();
    } catch (RuntimeException e) {
      return Optional.of(e);
    }
  }

  /** Drops one reference; the last one closes the client. */
  void release() {
    synchronized (LOCK) {
      if (--references == 0) {
        OPEN.remove(key);
        client.close();
      }
    }
  }

  /** The settings most recently announced in this JVM, if any. */
  static Optional<EffectiveSettings> lastEffective() {
    return Optional.ofNullable(lastEffective);
  }

  /** How many clients are open in this JVM. */
  static int openClients() {
    synchronized (LOCK) {
      return OPEN.size();
    }
  }

  MongoDatabase database() {
    return database;
  }

  /**
   * Point reads and writes for an instance with {@code s}, on a session of its own: not causally
   * consistent (YCSB's operations are independent, and the driver's implicit sessions are not
   * either); writes retryable when {@code mongodb.retryWrites} is on and the topology supports
   * retryable writes (a replica set or sharded cluster, not a standalone server).
   */
  IdCommands commands(MongoSettings s) {
    ClientSession session = client.startSession(ClientSessionOptions.builder()
        .causallyConsistent(false).build());
    boolean retryable = !topologyType.equals(ClusterType.STANDALONE.name())
        && !topologyType.equals(ClusterType.UNKNOWN.name());
    return new IdCommands(database, session, s.timeouts().retryReads(),
        s.timeouts().retryWrites() && retryable);
  }
}
