package dev.refarch.platform.local;

import static dev.refarch.platform.local.Clusters.assertNothingRunning;
import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.WriteConcern;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import dev.refarch.platform.spi.RunningCluster;
import dev.refarch.platform.spi.Topology;
import dev.refarch.platform.local.internal.Directories;
import java.nio.file.Path;
import java.util.Map;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Starts each non-sharded topology with a real mongod, writes to it and stops it. */
class StartStopIT {

  private final LocalProvisioner provisioner = new LocalProvisioner();

  @ParameterizedTest
  @ValueSource(strings = {"standalone", "rs=1", "rs=3"})
  void startsAcceptsWritesAndStopsWithoutLeavingProcesses(String topology, @TempDir Path parent) {
    Topology shape = Topology.parse(topology);
    Map<String, Long> pids;
    Path workDir;
    try (RunningCluster cluster = provisioner.start(shape,
        Map.of("local.workDir", parent.toString()))) {
      Map<String, String> facts = Clusters.facts(cluster);
      pids = Clusters.pids(cluster.state());
      workDir = Path.of(facts.get("workDir"));
      assertThat(pids).hasSize(shape instanceof Topology.ReplicaSet rs ? rs.members() : 1);
      assertThat(pids.values()).allMatch(Clusters::alive);
      assertThat(facts).containsEntry("topology", shape.label())
          .containsKey("mongod.path")
          .containsEntry("wiredTigerCacheSizeGB", "0.25");
      assertThat(facts.get("mongod.version")).matches("\\d+\\.\\d+\\.\\d+");
      assertWriteReadsBack(cluster, shape instanceof Topology.ReplicaSet
          ? WriteConcern.MAJORITY : WriteConcern.W1);
    }
    assertNothingRunning(pids, parent);
    assertThat(workDir).doesNotExist();
  }

  @Test
  void replicaSetOfThreeHasAnArbiterAndNamesItsSetInTheConnectionString(@TempDir Path parent) {
    try (RunningCluster cluster = provisioner.start(Topology.parse("rs=3"),
        Map.of("local.workDir", parent.toString()))) {
      Map<String, String> facts = Clusters.facts(cluster);
      assertThat(facts).containsEntry("member.rs0-0.role", "data")
          .containsEntry("member.rs0-1.role", "data")
          .containsEntry("member.rs0-2.role", "arbiter")
          .containsEntry("member.rs0-2.replicaSet", "rs0");
      assertThat(cluster.connectionString()).isEqualTo("mongodb://127.0.0.1:"
          + facts.get("member.rs0-0.port") + ",127.0.0.1:" + facts.get("member.rs0-1.port")
          + "/?replicaSet=rs0");
    }
  }

  @Test
  void keepDataLeavesTheDirectoryAfterClose(@TempDir Path parent) {
    Path workDir;
    Map<String, Long> pids;
    try (RunningCluster cluster = provisioner.start(Topology.standalone(),
        Map.of("local.workDir", parent.toString(), "local.keepData", "true"))) {
      workDir = Path.of(Clusters.facts(cluster).get("workDir"));
      pids = Clusters.pids(cluster.state());
    }
    assertNothingRunning(pids, parent);
    assertThat(workDir.resolve("standalone/mongod.log")).isNotEmptyFile();
    assertThat(workDir.resolve("standalone/data")).isDirectory();
    Directories.deleteRecursively(workDir);
  }

  @Test
  void closeTwiceIsHarmless(@TempDir Path parent) {
    RunningCluster cluster = provisioner.start(Topology.standalone(),
        Map.of("local.workDir", parent.toString()));
    Map<String, Long> pids = Clusters.pids(cluster.state());
    cluster.close();
    cluster.close();
    assertNothingRunning(pids, parent);
    assertThat(Clusters.facts(cluster)).containsEntry("member.standalone.process", "exited");
  }

  private static void assertWriteReadsBack(RunningCluster cluster, WriteConcern concern) {
    try (MongoClient client = Clusters.client(cluster.connectionString())) {
      MongoCollection<Document> docs = client.getDatabase("ycsb").getCollection("usertable")
          .withWriteConcern(concern);
      docs.insertOne(new Document("_id", "user1").append("field0", "value0"));
      assertThat(docs.find(new Document("_id", "user1")).first())
          .containsEntry("field0", "value0");
    }
  }

}
