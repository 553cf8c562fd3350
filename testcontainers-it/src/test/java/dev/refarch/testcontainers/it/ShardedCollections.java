package dev.refarch.testcontainers.it;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoDatabase;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.bson.Document;

/**
 * Shards YCSB's collection through the driver and reads back how documents and chunks lie
 * across the shards.
 *
 * <p>Stand-in until the binding's {@code mongodb.shardKey=hashed|range} (a parallel branch)
 * shards the collection itself; then {@link #shardHashed} and {@link #shardRange} give way to
 * that property and only the read-back stays.
 */
final class ShardedCollections {

  private ShardedCollections() {
  }

  /** Shards {@code database.collection} on a hashed {@code _id}; chunks start on every shard. */
  static void shardHashed(MongoClient client, String database, String collection) {
    MongoDatabase admin = client.getDatabase("admin");
    admin.runCommand(new Document("enableSharding", database));
    admin.runCommand(new Document("shardCollection", database + "." + collection)
        .append("key", new Document("_id", "hashed")));
  }

  /**
   * Shards {@code database.collection} on the range of {@code _id}, splits it at
   * {@code splitAt} and moves the upper chunk to a shard other than the database's primary, so
   * both halves of the key space have their own shard before anything is loaded.
   *
   * @return the shard that owns keys from {@code splitAt} on
   */
  static String shardRange(MongoClient client, String database, String collection,
      String splitAt) {
    MongoDatabase admin = client.getDatabase("admin");
    String ns = database + "." + collection;
    admin.runCommand(new Document("enableSharding", database));
    admin.runCommand(new Document("shardCollection", ns).append("key", new Document("_id", 1)));
    admin.runCommand(new Document("split", ns).append("middle", new Document("_id", splitAt)));
    String primary = client.getDatabase("config").getCollection("databases")
        .find(new Document("_id", database)).first().getString("primary");
    String other = admin.runCommand(new Document("listShards", 1))
        .getList("shards", Document.class).stream().map(s -> s.getString("_id"))
        .filter(id -> !id.equals(primary)).findFirst().orElseThrow();
    admin.runCommand(new Document("moveChunk", ns).append("find", new Document("_id", splitAt))
        .append("to", other).append("_waitForDelete", true));
    return other;
  }

  /** Documents per shard, as each shard counts them ({@code $collStats}). */
  static Map<String, Long> documentsPerShard(MongoClient client, String database,
      String collection) {
    Map<String, Long> out = new TreeMap<>();
    client.getDatabase(database).getCollection(collection).aggregate(List.of(
        new Document("$collStats", new Document("count", new Document()))))
        .forEach(d -> out.merge(d.getString("shard"), ((Number) d.get("count")).longValue(),
            Long::sum));
    return out;
  }

  /** Chunks per shard, from the config servers. */
  static Map<String, Long> chunksPerShard(MongoClient client, String database,
      String collection) {
    MongoDatabase config = client.getDatabase("config");
    Document coll = config.getCollection("collections")
        .find(new Document("_id", database + "." + collection)).first();
    Object uuid = coll.get("uuid");
    Map<String, Long> out = new TreeMap<>();
    config.getCollection("chunks").aggregate(List.of(
        new Document("$match", uuid != null
            ? new Document("uuid", uuid) : new Document("ns", database + "." + collection)),
        new Document("$group", new Document("_id", "$shard")
            .append("n", new Document("$sum", 1)))))
        .forEach(d -> out.put(d.getString("_id"), ((Number) d.get("n")).longValue()));
    return out;
  }
}
