package dev.refarch.platform.local.process;

import com.mongodb.ServerAddress;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.connection.ClusterConnectionMode;
import com.mongodb.MongoClientSettings;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.bson.Document;

/**
 * Runs admin commands on one member over a direct connection (never routed to another member).
 *
 * <p>Thread-safe, like the driver's {@link MongoClient}. Holds two clients: a probe with
 * second-scale timeouts for {@code hello} and status polls, so that an unresponsive member costs
 * a poll little, and an admin client whose read timeout leaves room for slow commands such as
 * {@code replSetStepDown} and {@code replSetInitiate}.
 */
public final class MemberClient implements AutoCloseable {

  private static final int PROBE_TIMEOUT_MILLIS = 2_000;
  private static final int ADMIN_READ_TIMEOUT_MILLIS = 90_000;

  private final MongoClient probe;
  private final MongoClient admin;

  public MemberClient(int port) {
    this.probe = MongoClients.create(settings(port, PROBE_TIMEOUT_MILLIS, PROBE_TIMEOUT_MILLIS));
    this.admin = MongoClients.create(settings(port, 10_000, ADMIN_READ_TIMEOUT_MILLIS));
  }

  private static MongoClientSettings settings(int port, int selectMillis, int readMillis) {
    return MongoClientSettings.builder()
        .applicationName("ycsb-local-admin")
        .applyToClusterSettings(b -> b.hosts(List.of(new ServerAddress(MemberSpec.HOST, port)))
            .mode(ClusterConnectionMode.SINGLE)
            .serverSelectionTimeout(selectMillis, TimeUnit.MILLISECONDS))
        .applyToSocketSettings(b -> b.connectTimeout(PROBE_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS)
            .readTimeout(readMillis, TimeUnit.MILLISECONDS))
        .applyToServerSettings(b -> b.heartbeatFrequency(1, TimeUnit.SECONDS))
        .retryReads(false)
        .retryWrites(false)
        .build();
  }

  /** {@code hello} with the probe's short timeouts. */
  public Document hello() {
    return probe(new Document("hello", 1));
  }

  /** A quick command (status, lists) with the probe's short timeouts. */
  public Document probe(Document command) {
    return probe.getDatabase("admin").runCommand(command);
  }

  /** An admin command that may take a while. */
  public Document run(Document command) {
    return admin.getDatabase("admin").runCommand(command);
  }

  @Override
  public void close() {
    try {
      probe.close();
    } finally {
      admin.close();
    }
  }
}
