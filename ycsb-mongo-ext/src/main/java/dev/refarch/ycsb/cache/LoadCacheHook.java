package dev.refarch.ycsb.cache;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.MongoException;
import com.mongodb.ServerAddress;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.connection.ClusterConnectionMode;
import dev.refarch.platform.spi.HookContext;
import dev.refarch.platform.spi.Phase;
import dev.refarch.platform.spi.PhaseOutcome;
import dev.refarch.platform.spi.PlatformException;
import dev.refarch.platform.spi.PlatformHook;
import dev.refarch.platform.spi.config.ConfigurationException;
import dev.refarch.ycsb.mongo.MongoProperties;
import dev.refarch.ycsb.mongo.MongoSettings;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.bson.Document;

/**
 * Loads with a larger WiredTiger cache and gives every data member its own cache back before the
 * run: {@code mongodb-load-cache}, with {@code mongodb.load.cacheSizeGB}.
 *
 * <p>Why: a study of data outgrowing a small cache (the vSAN paper's database-size study, here
 * 150k records against 16 MB) spends most of its load evicting, page by page, what it just
 * wrote — minutes of a laptop run that measure nothing, since the study's figures come from the
 * run. The cache the run sees is the member's own, as it was started.
 *
 * <p>Before the load: for each data member (the replica set's hosts, or the one server), reads
 * its configured cache ({@code serverStatus}: {@code wiredTiger.cache."maximum bytes
 * configured"}) and sets the load's ({@code setParameter wiredTigerEngineRuntimeConfig:
 * "cache_size=…"}). After the load, also when it failed: a checkpoint ({@code fsync}), so that
 * what the load left in the cache is clean and shrinking it writes nothing, then each member's
 * own size again, read back to check. Nothing happens around the run.
 *
 * <p>Platform state it records: {@code load.cacheBytes}, and per member {@code
 * member.<host>.cacheBytes} (its own), {@code member.<host>.cacheBytes.restored}.
 *
 * <p>It runs where it is named ({@code hooks=mongodb-load-cache}); the binding never adds it by
 * itself, since a client JVM of several would give the cache back while the others still load.
 * Needs a replica set or a standalone ({@code mongos} has no WiredTiger cache) and a user allowed
 * {@code setParameter} and {@code fsync}. One instance serves one run; calls never overlap.
 */
public final class LoadCacheHook implements PlatformHook {

  public static final String NAME = "mongodb-load-cache";

  /** Member host to its own cache in bytes, for the members this hook changed. */
  private final Map<String, Long> own = new LinkedHashMap<>();

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String description() {
    return "loads with a larger WiredTiger cache (mongodb.load.cacheSizeGB) and gives each member"
        + " its own back, after a checkpoint, before the run";
  }

  @Override
  public void validate(Map<String, String> settings) {
    MongoSettings.fromProperties(settings);
    if (MongoProperties.LOAD_CACHE_SIZE_GB.from(settings) == null) {
      throw new ConfigurationException(MongoProperties.LOAD_CACHE_SIZE_GB.key(), null,
          MongoProperties.LOAD_CACHE_SIZE_GB.allowed(), NAME + " needs the load's cache size");
    }
  }

  @Override
  public void before(HookContext context) {
    if (context.phase() != Phase.LOAD) {
      return;
    }
    MongoSettings settings = MongoSettings.fromProperties(context.settings());
    long bytes = Math.round(MongoProperties.LOAD_CACHE_SIZE_GB.from(context.settings())
        * (1L << 30));
    context.record("load.cacheBytes", String.valueOf(bytes));
    for (String host : dataMembers(settings.url())) {
      try (MongoClient member = direct(settings.url(), host)) {
        long configured = configuredCache(member, host);
        own.put(host, configured);
        context.record("member." + host + ".cacheBytes", String.valueOf(configured));
        setCache(member, host, bytes);
      }
    }
    context.log(NAME + ": the load runs with a " + bytes / (1L << 20) + " MB WiredTiger cache on "
        + own.keySet());
  }

  @Override
  public void after(HookContext context, PhaseOutcome outcome) {
    if (context.phase() != Phase.LOAD || own.isEmpty()) {
      return;
    }
    ConnectionString url = MongoSettings.fromProperties(context.settings()).url();
    List<String> failures = new ArrayList<>();
    for (var e : Map.copyOf(own).entrySet()) {
      String host = e.getKey();
      try (MongoClient member = direct(url, host)) {
        member.getDatabase("admin").runCommand(new Document("fsync", 1));
        setCache(member, host, e.getValue());
        long now = configuredCache(member, host);
        context.record("member." + host + ".cacheBytes.restored", String.valueOf(now));
        if (now != e.getValue()) {
          failures.add(host + " reports " + now + " bytes, not its own " + e.getValue());
        } else {
          own.remove(host);
        }
      } catch (RuntimeException ex) {
        failures.add(host + ": " + ex.getMessage());
      }
    }
    if (!failures.isEmpty()) {
      throw new PlatformException("give the members their own WiredTiger cache back",
          String.join("; ", failures));
    }
  }

  /** The replica set's hosts as its primary lists them, or the one server; never a mongos. */
  private static List<String> dataMembers(ConnectionString url) {
    try (MongoClient client = MongoClients.create(url)) {
      Document hello = client.getDatabase("admin").runCommand(new Document("hello", 1));
      if ("isdbgrid".equals(hello.getString("msg"))) {
        throw new ConfigurationException("hooks", NAME, "a replica set or a standalone",
            "mongodb.url names a mongos, which has no WiredTiger cache of its own");
      }
      List<String> hosts = hello.getList("hosts", String.class);
      return hosts == null ? List.of(url.getHosts().get(0)) : List.copyOf(hosts);
    }
  }

  /** A client to {@code host} alone, with {@code url}'s credentials and TLS. */
  private static MongoClient direct(ConnectionString url, String host) {
    return MongoClients.create(MongoClientSettings.builder().applyConnectionString(url)
        .applyToClusterSettings(c -> c.hosts(List.of(new ServerAddress(host)))
            .mode(ClusterConnectionMode.SINGLE).requiredReplicaSetName(null))
        .build());
  }

  private static long configuredCache(MongoClient member, String host) {
    Document status = member.getDatabase("admin").runCommand(new Document("serverStatus", 1));
    Document wt = status.get("wiredTiger", Document.class);
    if (wt == null) {
      throw new PlatformException("read " + host + "'s WiredTiger cache", "its serverStatus has"
          + " no wiredTiger section (another storage engine?)");
    }
    return ((Number) wt.get("cache", Document.class).get("maximum bytes configured")).longValue();
  }

  private static void setCache(MongoClient member, String host, long bytes) {
    try {
      member.getDatabase("admin").runCommand(new Document("setParameter", 1)
          .append("wiredTigerEngineRuntimeConfig", "cache_size=" + bytes));
    } catch (MongoException e) {
      throw new PlatformException("set " + host + "'s WiredTiger cache to " + bytes + " bytes",
          e.getMessage(), e);
    }
  }
}
