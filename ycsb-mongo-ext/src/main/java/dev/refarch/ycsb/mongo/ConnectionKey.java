package dev.refarch.ycsb.mongo;

import com.mongodb.ConnectionString;
import com.mongodb.ReadConcernLevel;
import com.mongodb.ReadPreference;
import com.mongodb.WriteConcern;
import dev.refarch.platform.spi.Redaction;
import java.util.Optional;

/**
 * What a {@code MongoClient} is built from: binding instances whose keys are equal share one
 * client ({@link SharedClient}), instances with different keys get their own. Everything else in
 * {@link MongoSettings} (batch size, upsert, scans, audit, sharding) is per instance and does not
 * split clients.
 *
 * @param url the connection string as given (credentials included; {@link #toString()} masks them)
 * @param writeConcern the write concern the client sends by default
 * @param readPreference explicit read preference, else the URL's
 * @param readConcern explicit read concern level, else the server default
 * @param timeouts driver timeouts and retries
 * @param poolSize connections per server: at least YCSB's {@code threadcount}
 */
record ConnectionKey(ConnectionString url, WriteConcern writeConcern,
    Optional<ReadPreference> readPreference, Optional<ReadConcernLevel> readConcern,
    MongoSettings.Timeouts timeouts, int poolSize) {

  /** The pool the driver would size by default (the URL's {@code maxPoolSize}, else 100). */
  private static final int DRIVER_DEFAULT_POOL = 100;

  /**
   * The key of {@code s}; the pool is the URL's {@code maxPoolSize}, else the stock
   * {@code mongodb.maxconnections}, else the driver's 100, and at least {@code threadcount}.
   */
  static ConnectionKey of(MongoSettings s) {
    int pool = Math.max(s.threads(), Optional.ofNullable(s.url().getMaxConnectionPoolSize())
        .or(() -> s.stock().maxConnections()).orElse(DRIVER_DEFAULT_POOL));
    return new ConnectionKey(s.url(), s.writeConcern(), s.readPreference(), s.readConcern(),
        s.timeouts(), pool);
  }

  @Override
  public String toString() {
    return "ConnectionKey[url=" + Redaction.maskUri(url.getConnectionString()) + ", writeConcern="
        + writeConcern.asDocument().toJson() + ", readPreference=" + readPreference
        + ", readConcern=" + readConcern + ", timeouts=" + timeouts + ", poolSize=" + poolSize + "]";
  }
}
