package dev.refarch.experiments.telemetry;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.ServerAddress;
import com.mongodb.connection.ClusterConnectionMode;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Client settings for one member of a cluster alone, whatever its state: the connection string's
 * credentials and TLS options, no replica-set discovery, and timeouts short enough that a killed
 * or paused member answers "nothing" within one sampling period instead of holding its caller.
 *
 * <p>Stateless and thread-safe.
 */
public final class DirectConnection {

  private DirectConnection() {
  }

  /**
   * Settings that connect to {@code host} only.
   *
   * @param cs the cluster's connection string, for credentials and TLS
   * @param host {@code host:port} of the member
   * @param connectMs the connect and server-selection timeout
   * @param readMs how long a read waits for the member's answer
   */
  public static MongoClientSettings to(ConnectionString cs, String host, int connectMs,
      int readMs) {
    return MongoClientSettings.builder().applyConnectionString(cs)
        .applyToClusterSettings(c -> c.hosts(List.of(new ServerAddress(host)))
            .mode(ClusterConnectionMode.SINGLE).requiredReplicaSetName(null)
            .serverSelectionTimeout(connectMs, TimeUnit.MILLISECONDS))
        .applyToSocketSettings(s -> s.connectTimeout(connectMs, TimeUnit.MILLISECONDS)
            .readTimeout(readMs, TimeUnit.MILLISECONDS))
        .build();
  }
}
