package dev.refarch.testcontainers.cluster;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.MongoException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import dev.refarch.platform.spi.PlatformException;
import dev.refarch.platform.spi.Redaction;
import dev.refarch.platform.spi.Topology;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.bson.Document;

/**
 * What an existing deployment is, as its {@code hello} (and, through routers,
 * {@code listShards}) tells: sharded, a replica set or a standalone; how many data members; which
 * shards with which hosts; which server version.
 *
 * <p>Immutable.
 *
 * @param kind the deployment's kind
 * @param dataMembers for a replica set, its data-bearing members (hosts and passives); 1 else
 * @param shards for a sharded cluster, shard id to its {@code replicaSet/host:port,...} string
 * @param serverVersion {@code buildInfo.version}
 */
record DeploymentProbe(Kind kind, int dataMembers, Map<String, String> shards,
    String serverVersion) {

  enum Kind {
    STANDALONE("a standalone"), REPLICA_SET("a replica set"), SHARDED("a sharded cluster");

    private final String words;

    Kind(String words) {
      this.words = words;
    }
  }

  DeploymentProbe {
    shards = Map.copyOf(shards);
  }

  /**
   * Asks the deployment at {@code uri}.
   *
   * @throws PlatformException when it cannot be reached within 10 s
   */
  static DeploymentProbe of(String uri) {
    MongoClientSettings settings = MongoClientSettings.builder()
        .applyConnectionString(new ConnectionString(uri))
        .applyToClusterSettings(c -> c.serverSelectionTimeout(10, TimeUnit.SECONDS))
        .build();
    try (MongoClient client = MongoClients.create(settings)) {
      var admin = client.getDatabase("admin");
      Document hello = admin.runCommand(new Document("hello", 1));
      String version = admin.runCommand(new Document("buildInfo", 1)).getString("version");
      if ("isdbgrid".equals(hello.getString("msg"))) {
        Map<String, String> shards = new LinkedHashMap<>();
        admin.runCommand(new Document("listShards", 1)).getList("shards", Document.class)
            .forEach(s -> shards.put(s.getString("_id"), s.getString("host")));
        return new DeploymentProbe(Kind.SHARDED, 1, shards, version);
      }
      if (hello.getString("setName") != null) {
        int data = hello.getList("hosts", String.class, List.of()).size()
            + hello.getList("passives", String.class, List.of()).size();
        return new DeploymentProbe(Kind.REPLICA_SET, data, Map.of(), version);
      }
      return new DeploymentProbe(Kind.STANDALONE, 1, Map.of(), version);
    } catch (MongoException e) {
      throw new PlatformException("connect to " + Redaction.maskUri(uri), e.getMessage(), e);
    }
  }

  /** Why this deployment cannot serve a test that needs {@code wanted}; {@code null} if it can. */
  String mismatch(Topology wanted) {
    if (wanted instanceof Topology.Sharded s) {
      if (kind != Kind.SHARDED) {
        return "it is " + kind.words + ", not a sharded cluster";
      }
      if (shards.size() < s.shards()) {
        return "it has " + shards.size() + " shard(s), fewer than " + s.shards();
      }
      int smallest = shards.values().stream().mapToInt(DeploymentProbe::hostCount).min()
          .orElse(0);
      return smallest < s.membersPerShard() ? "a shard has " + smallest
          + " member(s), fewer than " + s.membersPerShard() : null;
    }
    if (wanted instanceof Topology.ReplicaSet rs) {
      if (kind != Kind.REPLICA_SET) {
        return "it is " + kind.words + ", not a replica set";
      }
      return dataMembers < rs.dataMembers() ? "it has " + dataMembers
          + " data member(s), fewer than " + rs.dataMembers() : null;
    }
    return null;
  }

  /** Hosts in a {@code listShards} host string, {@code shard0/a:1,b:2} → 2. */
  static int hostCount(String host) {
    String list = host.substring(host.indexOf('/') + 1);
    return list.isBlank() ? 0 : list.split(",").length;
  }
}
