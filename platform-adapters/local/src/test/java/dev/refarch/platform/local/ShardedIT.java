package dev.refarch.platform.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import dev.refarch.platform.spi.Fault;
import dev.refarch.platform.spi.FaultEvent;
import dev.refarch.platform.spi.RunningCluster;
import dev.refarch.platform.spi.Topology;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A sharded cluster from local processes. Needs a {@code mongos} ({@code MONGOS_BIN} or
 * {@code MONGODB_HOME}); without one the test is skipped with the provisioner's reason.
 */
class ShardedIT {

  private final LocalProvisioner provisioner = new LocalProvisioner();

  @Test
  void shardedClusterAcceptsWritesThroughTheRouterAndStopsCleanly(@TempDir Path parent) {
    Topology topology = Topology.parse("sharded:2x1");
    String reason = provisioner.unavailableReason(topology);
    if (reason != null) {
      System.out.println("ShardedIT skipped: " + reason);
    }
    assumeTrue(reason == null, reason);

    Map<String, Long> pids = new HashMap<>();
    try (RunningCluster cluster = provisioner.start(topology,
        Map.of("local.workDir", parent.toString()))) {
      Clusters.pids(cluster.state()).forEach((m, pid) -> pids.put(m + "@" + pid, pid));
      assertThat(Clusters.facts(cluster)).containsEntry("member.mongos-0.role", "router")
          .containsEntry("member.config-0.role", "config")
          .containsEntry("member.shard1-0.replicaSet", "shard1");
      try (MongoClient client = Clusters.client(cluster.connectionString())) {
        assertThat(client.getDatabase("admin").runCommand(new Document("listShards", 1))
            .getList("shards", Document.class)).hasSize(2);
        MongoCollection<Document> docs = client.getDatabase("ycsb").getCollection("usertable");
        docs.insertOne(new Document("_id", "user1"));
        assertThat(docs.countDocuments()).isEqualTo(1);
      }
      FaultEvent paused = cluster.faults().inject(Fault.of("pause", "shard1/primary"));
      assertThat(paused.member()).isEqualTo("shard1-0");
      FaultEvent resumed = cluster.faults().inject(Fault.of("resume", "shard1/primary"));
      assertThat(resumed.member()).isEqualTo("shard1-0");
    }
    Clusters.assertNothingRunning(pids, parent);
  }
}
