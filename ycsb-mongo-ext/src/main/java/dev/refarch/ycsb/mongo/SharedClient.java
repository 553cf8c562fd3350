package dev.refarch.ycsb.mongo;

import com.mongodb.MongoClientSettings;
import com.mongodb.ReadConcern;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.Filters;
import dev.refarch.platform.spi.config.ConfigurationException;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.bson.Document;

/**
 * The one {@link MongoClient} per JVM that all YCSB threads share, opened by the first thread's
 * {@code init()} and closed when the last reference is released.
 *
 * <p>Thread-safe: acquisition and release synchronise on the class; the client itself is
 * thread-safe. The pool allows at least one connection per YCSB thread, so threads never queue
 * for a connection inside the client.
 */
final class SharedClient {

  private static final Object LOCK = new Object();
  private static SharedClient current;
  private static volatile EffectiveSettings lastEffective;

  /** Lets tests attach a {@code CommandListener}; never set in production code. */
  static volatile Consumer<MongoClientSettings.Builder> testCustomizer = b -> { };

  private final MongoSettings settings;
  private final MongoClient client;
  private final MongoDatabase database;
  private final EffectiveSettings effective;
  private int references;
  private boolean prepared;
  private RuntimeException prepareFailure;

  private SharedClient(MongoSettings settings) {
    this.settings = settings;
    int poolSize = Math.max(settings.threads(),
        Optional.ofNullable(settings.url().getMaxConnectionPoolSize()).orElse(100));
    MongoClientSettings.Builder builder = MongoClientSettings.builder()
        .applyConnectionString(settings.url())
        .writeConcern(settings.writeConcern())
        .applyToConnectionPoolSettings(pool -> pool.maxSize(poolSize))
        .applyToClusterSettings(c -> c.serverSelectionTimeout(
            settings.timeouts().serverSelectionMs(), TimeUnit.MILLISECONDS))
        .applyToSocketSettings(s -> s
            .connectTimeout(settings.timeouts().connectMs(), TimeUnit.MILLISECONDS)
            .readTimeout(settings.timeouts().socketMs(), TimeUnit.MILLISECONDS))
        .retryWrites(settings.timeouts().retryWrites())
        .retryReads(settings.timeouts().retryReads());
    settings.readPreference().ifPresent(builder::readPreference);
    settings.readConcern().ifPresent(level -> builder.readConcern(new ReadConcern(level)));
    testCustomizer.accept(builder);
    this.client = MongoClients.create(builder.build());
    try {
      this.database = client.getDatabase(settings.database());
      Document buildInfo = client.getDatabase("admin").runCommand(new Document("buildInfo", 1));
      this.effective = new EffectiveSettings(settings.maskedUrl(), settings.database(),
          settings.durability().map(Durability::label).orElse("(url)"),
          describe(settings.writeConcern()),
          database.getReadPreference().getName(),
          settings.readConcern().map(l -> l.getValue()).orElse("(server default)"),
          settings.batchSize(), settings.upsert(),
          settings.scan().describe(database.getReadPreference().getName()),
          settings.sharding().shardKey().label(), poolSize, settings.timeouts(), driverVersion(),
          buildInfo.getString("version"), client.getClusterDescription().getType().name());
    } catch (RuntimeException e) {
      client.close();
      throw e;
    }
  }

  /** The write concern as sent; the driver sends none for its default, so the server's applies. */
  private static String describe(com.mongodb.WriteConcern wc) {
    var doc = wc.asDocument();
    return doc.isEmpty() ? "(server default)" : doc.toJson();
  }

  /** Returns the JVM's client for these settings, creating and announcing it on first use. */
  static SharedClient acquire(MongoSettings settings) {
    synchronized (LOCK) {
      if (current == null) {
        current = new SharedClient(settings);
        lastEffective = current.effective;
        System.err.println("[ycsb-mongo-ext] effective settings: " + current.effective);
      } else if (!current.settings.source().equals(settings.source())) {
        throw new IllegalStateException("a MongoClient for other settings is still open in this"
            + " JVM; YCSB threads of one JVM must share one set of properties");
      }
      current.references++;
      return current;
    }
  }

  /**
   * Prepares the collection for scans, once per client: creates the ascending index on
   * {@code mongodb.scan.indexField}; before index scans in the run phase, checks that the loaded
   * data has that field. Later threads wait for the first and share its outcome.
   *
   * @throws ConfigurationException when index scans are asked for on data without the field
   */
  void prepareCollection(boolean loading) {
    synchronized (LOCK) {
      if (prepareFailure != null) {
        throw prepareFailure;
      }
      if (prepared) {
        return;
      }
      prepared = true;
      try {
        prepare(loading);
      } catch (RuntimeException e) {
        prepareFailure = e;
        throw e;
      }
    }
  }

  private void prepare(boolean loading) {
    Optional<String> field = settings.scan().indexField();
    if (field.isEmpty()) {
      return;
    }
    MongoCollection<Document> collection = database.getCollection(settings.table());
    collection.createIndex(new Document(field.get(), 1));
    if (!loading && settings.scan().mode() == ScanMode.INDEX
        && collection.find(Filters.exists(field.get())).limit(1).first() == null) {
      throw new ConfigurationException(MongoProperties.SCAN_MODE.key(), "index",
          "id or range, or index on data loaded with the index field", "no document of "
          + settings.database() + "." + settings.table() + " has the field '" + field.get()
          + "': load with workload=dev.refarch.ycsb.workloads.RefarchWorkload and "
          + MongoProperties.SCAN_INDEX_FIELD.key() + "=" + field.get());
    }
  }

  /** Drops one reference; the last one closes the client. */
  void release() {
    synchronized (LOCK) {
      if (--references == 0) {
        client.close();
        current = null;
      }
    }
  }

  /** The settings of the most recently opened client in this JVM, if any. */
  static Optional<EffectiveSettings> lastEffective() {
    return Optional.ofNullable(lastEffective);
  }

  MongoDatabase database() {
    return database;
  }

  MongoSettings settings() {
    return settings;
  }

  EffectiveSettings effective() {
    return effective;
  }

  /** The driver jar's {@code Build-Version} manifest entry; the driver has no public version API. */
  private static String driverVersion() {
    try {
      var location = MongoClient.class.getProtectionDomain().getCodeSource().getLocation();
      try (var jar = new java.util.jar.JarFile(new java.io.File(location.toURI()))) {
        String v = jar.getManifest().getMainAttributes().getValue("Build-Version");
        return v == null ? "unknown" : v;
      }
    } catch (Exception e) {
      return "unknown (" + e.getClass().getSimpleName() + ")";
    }
  }
}
