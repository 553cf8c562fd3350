package dev.refarch.experiments.run;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.MongoException;
import com.mongodb.MongoSecurityException;
import com.mongodb.MongoTimeoutException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import dev.refarch.platform.spi.FaultInjector;
import dev.refarch.platform.spi.Redaction;
import dev.refarch.platform.spi.config.ConfigurationException;
import java.util.concurrent.TimeUnit;
import org.bson.Document;
import dev.refarch.platform.spi.PlatformState;
import dev.refarch.platform.spi.RunningCluster;
import dev.refarch.platform.spi.Topology;

/**
 * A cluster this library did not start, reached by its connection string; closing it does
 * nothing. It has no fault injector: faults need a provisioner that controls the members.
 *
 * @param topology what the user says the cluster is
 * @param connectionString how to reach it
 */
record UriCluster(Topology topology, String connectionString) implements RunningCluster {

  /** How long the check waits for a server when the connection string sets no timeout. */
  static final int CHECK_TIMEOUT_MS = 10_000;

  /**
   * Checks, before anything is written, that the cluster answers and accepts the connection
   * string's credentials: a {@code ping} of the database, which needs authentication when the
   * server requires it. Reads nothing, writes nothing.
   *
   * @param key how the user named the connection string, for the message
   * @throws ConfigurationException when no server answers in time or the credentials are refused
   */
  static void requireReachable(String key, String uri) {
    ConnectionString cs = new ConnectionString(uri);
    int timeout = cs.getServerSelectionTimeout() != null ? cs.getServerSelectionTimeout()
        : CHECK_TIMEOUT_MS;
    MongoClientSettings settings = MongoClientSettings.builder().applyConnectionString(cs)
        .applyToClusterSettings(c -> c.serverSelectionTimeout(timeout, TimeUnit.MILLISECONDS))
        .build();
    String db = cs.getDatabase() == null ? "ycsb" : cs.getDatabase();
    try (MongoClient client = MongoClients.create(settings)) {
      client.getDatabase(db).runCommand(new Document("ping", 1));
    } catch (MongoSecurityException e) {
      throw new ConfigurationException(key, uri, "a connection string whose credentials the"
          + " cluster accepts", "authentication failed for user '" + cs.getUsername() + "'");
    } catch (MongoTimeoutException e) {
      throw new ConfigurationException(key, uri, "a cluster this runner reaches", "no server"
          + " answered within " + timeout + " ms");
    } catch (MongoException e) {
      throw new ConfigurationException(key, uri, "a cluster that answers a ping",
          Redaction.maskUri(e.getMessage().lines().findFirst().orElse("")));
    }
  }

  @Override
  public PlatformState state() {
    return PlatformState.empty().with("cluster", "type", "uri")
        .with("cluster", "topology", topology.label());
  }

  @Override
  public FaultInjector faults() {
    return FaultInjector.none("none",
        "none on an existing cluster (cluster.type uri): use a local or kubernetes cluster");
  }

  @Override
  public void close() {
  }
}
