package dev.refarch.ycsb.sharding;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoDatabase;
import dev.refarch.ycsb.mongo.BalancerMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * The sharding commands the {@code mongodb-sharding} hook needs, named after what they do, sent
 * through a {@code mongos}.
 *
 * <p>Thread-safe as the {@link MongoClient} is; holds no state of its own.
 *
 * <pre>{@code
 * ShardAdmin admin = new ShardAdmin(client);
 * admin.shardCollection("ycsb.usertable", ShardKey.HASHED, Optional.of(8));
 * Map<String, Long> chunks = admin.chunksPerShard("ycsb.usertable");
 * }</pre>
 */
final class ShardAdmin {

  private final MongoClient client;
  private final MongoDatabase admin;
  private final MongoDatabase config;

  ShardAdmin(MongoClient client) {
    this.client = client;
    this.admin = client.getDatabase("admin");
    this.config = client.getDatabase("config");
  }

  /** Whether the client talks to a {@code mongos} (its {@code hello} says {@code isdbgrid}). */
  boolean isRouter() {
    BsonDocument hello = admin.runCommand(new BsonDocument("hello", new BsonInt32(1)), BsonDocument.class);
    return "isdbgrid".equals(hello.getString("msg", new BsonString("")).getValue());
  }

  /** The driver's view of the deployment, for messages: {@code REPLICA_SET}, {@code STANDALONE}. */
  String deploymentType() {
    return client.getClusterDescription().getType().name();
  }

  /** Shard ids in the order {@code listShards} returns them. */
  List<String> shardIds() {
    BsonDocument reply = admin.runCommand(new BsonDocument("listShards", new BsonInt32(1)), BsonDocument.class);
    List<String> ids = new ArrayList<>();
    reply.getArray("shards").forEach(s -> ids.add(s.asDocument().getString("_id").getValue()));
    return ids;
  }

  /**
   * Shards {@code namespace} on {@code _id}; for hashed keys with {@code numInitialChunks} when
   * {@code chunks} is given (MongoDB up to 7.0 honours it on an empty collection).
   */
  void shardCollection(String database, String namespace, BsonDocument key, Optional<Integer> chunks) {
    admin.runCommand(new BsonDocument("enableSharding", new BsonString(database)));
    BsonDocument command = new BsonDocument("shardCollection", new BsonString(namespace))
        .append("key", key);
    chunks.ifPresent(n -> command.append("numInitialChunks", new BsonInt32(n)));
    admin.runCommand(command);
  }

  /** Splits the chunk holding {@code _id: middle} at it. */
  void split(String namespace, String middle) {
    admin.runCommand(new BsonDocument("split", new BsonString(namespace))
        .append("middle", new BsonDocument("_id", new BsonString(middle))));
  }

  /** Moves the chunk with exactly these bounds to {@code shard}. */
  void moveChunk(String namespace, BsonValue lower, BsonValue upper, String shard) {
    admin.runCommand(new BsonDocument("moveChunk", new BsonString(namespace))
        .append("bounds", new BsonArray(List.of(new BsonDocument("_id", lower),
            new BsonDocument("_id", upper))))
        .append("to", new BsonString(shard)));
  }

  /** The shard holding a database's unsharded collections, where new chunks start. */
  Optional<String> primaryShard(String database) {
    BsonDocument db = config.getCollection("databases", BsonDocument.class)
        .find(new BsonDocument("_id", new BsonString(database))).first();
    return Optional.ofNullable(db).map(d -> d.getString("primary").getValue());
  }

  /** The shard key of {@code namespace} as JSON, empty when it is not sharded. */
  Optional<String> shardKeyOf(String namespace) {
    return collectionEntry(namespace).map(c -> c.getDocument("key").toJson());
  }

  private Optional<BsonDocument> collectionEntry(String namespace) {
    BsonDocument entry = config.getCollection("collections", BsonDocument.class)
        .find(new BsonDocument("_id", new BsonString(namespace))).first();
    return Optional.ofNullable(entry).filter(e -> !e.getBoolean("dropped", org.bson.BsonBoolean.FALSE).getValue());
  }

  /** The balancer's mode: {@code off}, or on ({@code full}, {@code autoSplitOnly}). */
  BalancerMode balancer() {
    BsonDocument status = admin.runCommand(new BsonDocument("balancerStatus", new BsonInt32(1)), BsonDocument.class);
    return "off".equals(status.getString("mode").getValue()) ? BalancerMode.OFF : BalancerMode.ON;
  }

  void balancer(BalancerMode mode) {
    admin.runCommand(new BsonDocument(mode == BalancerMode.ON ? "balancerStart" : "balancerStop",
        new BsonInt32(1)));
  }

  /** Chunks of {@code namespace} per shard id (config.chunks by collection uuid, or by ns before 5.0). */
  Map<String, Long> chunksPerShard(String namespace) {
    Map<String, Long> chunks = new TreeMap<>();
    Optional<BsonDocument> entry = collectionEntry(namespace);
    if (entry.isEmpty()) {
      return chunks;
    }
    BsonDocument match = entry.get().containsKey("uuid")
        ? new BsonDocument("uuid", entry.get().get("uuid"))
        : new BsonDocument("ns", new BsonString(namespace));
    config.getCollection("chunks", BsonDocument.class).aggregate(List.of(
        new BsonDocument("$match", match),
        new BsonDocument("$group", new BsonDocument("_id", new BsonString("$shard"))
            .append("n", new BsonDocument("$sum", new BsonInt32(1))))))
        .forEach(d -> chunks.put(d.getString("_id").getValue(), d.getNumber("n").longValue()));
    return chunks;
  }

  /** Documents of the collection per shard id ({@code $collStats} count, through mongos). */
  Map<String, Long> documentsPerShard(String database, String collection) {
    Map<String, Long> documents = new TreeMap<>();
    client.getDatabase(database).getCollection(collection, BsonDocument.class).aggregate(List.of(
        new BsonDocument("$collStats", new BsonDocument("count", new BsonDocument()))))
        .forEach(d -> documents.merge(d.getString("shard", new BsonString("(unsharded)")).getValue(),
            d.getNumber("count").longValue(), Long::sum));
    return documents;
  }
}
