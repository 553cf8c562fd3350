package dev.refarch.testcontainers.junit;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import dev.refarch.platform.spi.RunningCluster;
import java.util.Map;
import java.util.Optional;
import org.opentest4j.TestAbortedException;

/**
 * One test class's cluster: the backend chosen for it, the cluster once started, and the client
 * handed to its tests.
 *
 * <p>Thread-safe; the cluster and the client are created on first use and closed together.
 */
final class ClusterHandle implements AutoCloseable {

  private final Backends.Choice choice;
  private final Map<String, String> settings;
  private RunningCluster cluster; // guarded by this
  private MongoClient client; // guarded by this
  private boolean closed; // guarded by this

  ClusterHandle(Backends.Choice choice, Map<String, String> settings) {
    this.choice = choice;
    this.settings = Map.copyOf(settings);
  }

  Backends.Choice choice() {
    return choice;
  }

  /** Why the class's tests are skipped, when no backend can provide the cluster. */
  Optional<String> skipReason() {
    return choice.available() ? Optional.empty() : Optional.of(choice.skipReason());
  }

  /**
   * The running cluster, started on first call.
   *
   * @throws TestAbortedException when no backend can provide it, with every backend's reason
   */
  synchronized RunningCluster cluster() {
    if (!choice.available()) {
      throw new TestAbortedException(choice.skipReason());
    }
    if (closed) {
      throw new IllegalStateException("the cluster of this test class is closed");
    }
    if (cluster == null) {
      cluster = choice.chosen().start(choice.topology(), settings);
    }
    return cluster;
  }

  /** A client of the cluster, opened on first call and closed with the cluster. */
  synchronized MongoClient client() {
    if (client == null) {
      client = MongoClients.create(cluster().connectionString());
    }
    return client;
  }

  /** Closes the client, then the cluster; idempotent. */
  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    try {
      if (client != null) {
        client.close();
      }
    } finally {
      if (cluster != null) {
        cluster.close();
      }
    }
  }
}
