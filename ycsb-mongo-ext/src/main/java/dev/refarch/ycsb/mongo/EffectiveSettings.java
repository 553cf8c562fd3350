package dev.refarch.ycsb.mongo;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a binding instance actually runs with, resolved after connecting: printed once per client
 * and kept for results manifests. Holds no secrets: the URL is masked.
 *
 * @param url the connection string, credentials masked
 * @param database the database written to
 * @param durability the profile name, or {@code (url)} when none was named
 * @param writeConcern the write concern sent with writes, as its document, e.g. {@code {w: 1, j: false}}
 * @param readPreference the read preference name
 * @param readConcern the read concern level, or {@code (server default)}
 * @param batchSize documents per insertMany during load
 * @param batchedInsertStatus what a buffered insert answers, {@code batched-ok} or {@code ok}
 * @param upsert whether inserts upsert
 * @param scan how scans read, e.g. {@code mode:id,batchSize:scan-length,hint:none,...}
 * @param shardKey {@code hashed}, {@code range} or {@code none} (set up at load by the
 *     {@code mongodb-sharding} hook)
 * @param maxPoolSize connections per server the driver may open
 * @param timeouts driver timeouts and retries as applied
 * @param driverVersion the MongoDB Java driver's version
 * @param serverVersion the server's version from buildInfo
 * @param topologyType the driver's view: STANDALONE, REPLICA_SET, SHARDED, LOAD_BALANCED
 * @param stockKeys what the stock binding's keys given were mapped to, {@code none} without any
 */
public record EffectiveSettings(String url, String database, String durability,
    String writeConcern, String readPreference, String readConcern, int batchSize,
    String batchedInsertStatus, boolean upsert, String scan, String shardKey, int maxPoolSize,
    MongoSettings.Timeouts timeouts, String driverVersion, String serverVersion,
    String topologyType, String stockKeys) {

  /** Field name to value, in declaration order, for manifests. */
  public Map<String, String> asMap() {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("url", url);
    m.put("database", database);
    m.put("durability", durability);
    m.put("writeConcern", writeConcern);
    m.put("readPreference", readPreference);
    m.put("readConcern", readConcern);
    m.put("batchSize", String.valueOf(batchSize));
    m.put("batchedInsertStatus", batchedInsertStatus);
    m.put("upsert", String.valueOf(upsert));
    m.put("scan", scan);
    m.put("shardKey", shardKey);
    m.put("maxPoolSize", String.valueOf(maxPoolSize));
    m.put("serverSelectionTimeoutMS", String.valueOf(timeouts.serverSelectionMs()));
    m.put("connectTimeoutMS", String.valueOf(timeouts.connectMs()));
    m.put("socketTimeoutMS", String.valueOf(timeouts.socketMs()));
    m.put("retryWrites", String.valueOf(timeouts.retryWrites()));
    m.put("retryReads", String.valueOf(timeouts.retryReads()));
    m.put("driverVersion", driverVersion);
    m.put("serverVersion", serverVersion);
    m.put("topologyType", topologyType);
    m.put("stockKeys", stockKeys);
    return m;
  }

  /** One line, {@code key=value} pairs separated by spaces. */
  @Override
  public String toString() {
    StringBuilder out = new StringBuilder();
    asMap().forEach((k, v) -> out.append(out.length() == 0 ? "" : " ").append(k).append('=').append(v));
    return out.toString();
  }
}
