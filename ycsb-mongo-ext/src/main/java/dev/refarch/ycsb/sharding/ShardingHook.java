package dev.refarch.ycsb.sharding;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import dev.refarch.platform.spi.HookContext;
import dev.refarch.platform.spi.Phase;
import dev.refarch.platform.spi.PhaseOutcome;
import dev.refarch.platform.spi.PlatformHook;
import dev.refarch.platform.spi.config.ConfigurationException;
import dev.refarch.ycsb.mongo.BalancerMode;
import dev.refarch.ycsb.mongo.MongoProperties;
import dev.refarch.ycsb.mongo.MongoSettings;
import dev.refarch.ycsb.mongo.ShardKey;
import dev.refarch.ycsb.mongo.ShardingSettings;
import dev.refarch.ycsb.workloads.KeySpace;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonMaxKey;
import org.bson.BsonMinKey;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * Sets up the sharded collection before the load and records how it is distributed:
 * {@code mongodb-sharding}. The binding runs it by itself when {@code mongodb.shardKey} or
 * {@code mongodb.shard.balancer} is set; it needs {@code mongodb.url} to name a {@code mongos}.
 *
 * <p>Before the load: shards {@code <database>.<table>} on {@code _id} — hashed with
 * {@code numInitialChunks = mongodb.shard.chunks}, or range, split into
 * {@code mongodb.shard.chunks} chunks of equal record counts ({@link SplitPoints}) moved to the
 * shards round-robin — unless it is sharded already. Before each phase: sets the balancer as
 * {@code mongodb.shard.balancer} says. After each phase: records chunks and documents per shard,
 * then puts the balancer back as it was.
 *
 * <p>Platform state it records: {@code namespace}, {@code shards}, {@code shardKey},
 * {@code chunks.requested}, {@code balancer}, {@code balancer.before},
 * {@code start.shard.<id>.chunks}, and after the phase {@code shard.<id>.chunks},
 * {@code shard.<id>.documents}.
 *
 * <p>One instance serves one run; calls never overlap (the hook runner's promise).
 */
public final class ShardingHook implements PlatformHook {

  public static final String NAME = "mongodb-sharding";

  private boolean routed;
  private BalancerMode balancerBefore;

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String description() {
    return "shards the YCSB collection through mongos at load (mongodb.shardKey, mongodb.shard.*)"
        + " and records chunks and documents per shard";
  }

  @Override
  public void validate(Map<String, String> settings) {
    MongoSettings.fromProperties(settings);
  }

  @Override
  public void before(HookContext context) {
    MongoSettings settings = MongoSettings.fromProperties(context.settings());
    ShardingSettings sharding = settings.sharding();
    String namespace = settings.database() + "." + settings.table();
    try (MongoClient client = MongoClients.create(settings.url())) {
      ShardAdmin admin = new ShardAdmin(client);
      requireRouter(admin, sharding);
      routed = true;
      context.record("namespace", namespace);
      context.record("shards", String.join(",", admin.shardIds()));
      if (sharding.shardKey() != ShardKey.NONE) {
        if (context.phase() == Phase.LOAD) {
          shard(admin, settings, namespace, context);
        }
        context.record("shardKey", admin.shardKeyOf(namespace).orElse("(not sharded)"));
      }
      if (sharding.balancer().isPresent()) {
        balancerBefore = admin.balancer();
        context.record("balancer.before", balancerBefore.label());
        admin.balancer(sharding.balancer().get());
        context.record("balancer", sharding.balancer().get().label());
      }
      admin.chunksPerShard(namespace).forEach((shard, n) ->
          context.record("start.shard." + shard + ".chunks", String.valueOf(n)));
    }
  }

  private static void requireRouter(ShardAdmin admin, ShardingSettings sharding) {
    if (admin.isRouter()) {
      return;
    }
    boolean byKey = sharding.shardKey() != ShardKey.NONE;
    throw new ConfigurationException(
        byKey ? MongoProperties.SHARD_KEY.key() : MongoProperties.SHARD_BALANCER.key(),
        byKey ? sharding.shardKey().label() : sharding.balancer().map(BalancerMode::label).orElse(""),
        byKey ? "none, unless mongodb.url names a mongos" : "unset, unless mongodb.url names a mongos",
        "mongodb.url connects to a " + admin.deploymentType() + ", which has no shards");
  }

  private static void shard(ShardAdmin admin, MongoSettings settings, String namespace,
      HookContext context) {
    ShardingSettings sharding = settings.sharding();
    if (admin.shardKeyOf(namespace).isPresent()) {
      context.log(namespace + " is sharded already; leaving its key and chunks as they are");
      return;
    }
    sharding.chunks().ifPresent(n -> context.record("chunks.requested", String.valueOf(n)));
    if (sharding.shardKey() == ShardKey.HASHED) {
      admin.shardCollection(settings.database(), namespace,
          new BsonDocument("_id", new BsonString("hashed")), sharding.chunks());
      return;
    }
    admin.shardCollection(settings.database(), namespace, new BsonDocument("_id", new BsonInt32(1)),
        Optional.empty());
    if (sharding.chunks().isPresent()) {
      presplit(admin, settings, namespace, sharding.chunks().get(), context);
    }
  }

  /** Splits at equal record counts and deals the chunks out to the shards in turn. */
  private static void presplit(ShardAdmin admin, MongoSettings settings, String namespace,
      int chunks, HookContext context) {
    List<String> points = SplitPoints.of(KeySpace.fromProperties(context.settings()), chunks);
    points.forEach(p -> admin.split(namespace, p));
    List<BsonValue> bounds = new ArrayList<>();
    bounds.add(new BsonMinKey());
    points.forEach(p -> bounds.add(new BsonString(p)));
    bounds.add(new BsonMaxKey());
    List<String> shards = admin.shardIds();
    String primary = admin.primaryShard(settings.database()).orElse("");
    for (int i = 0; i + 1 < bounds.size(); i++) {
      String target = shards.get(i % shards.size());
      if (!target.equals(primary)) {
        admin.moveChunk(namespace, bounds.get(i), bounds.get(i + 1), target);
      }
    }
    context.record("splitPoints", String.valueOf(points.size()));
  }

  @Override
  public void after(HookContext context, PhaseOutcome outcome) {
    if (!routed) {
      return;
    }
    MongoSettings settings = MongoSettings.fromProperties(context.settings());
    String namespace = settings.database() + "." + settings.table();
    try (MongoClient client = MongoClients.create(settings.url())) {
      ShardAdmin admin = new ShardAdmin(client);
      try {
        admin.chunksPerShard(namespace).forEach((shard, n) ->
            context.record("shard." + shard + ".chunks", String.valueOf(n)));
        admin.documentsPerShard(settings.database(), settings.table()).forEach((shard, n) ->
            context.record("shard." + shard + ".documents", String.valueOf(n)));
      } finally {
        if (balancerBefore != null && settings.sharding().balancer().orElse(balancerBefore)
            != balancerBefore) {
          admin.balancer(balancerBefore);
          context.record("balancer.restored", balancerBefore.label());
        }
      }
    }
  }
}
