package dev.refarch.testcontainers.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.client.MongoClient;
import dev.refarch.platform.spi.Fault;
import dev.refarch.platform.spi.FaultEvent;
import dev.refarch.platform.spi.PlatformException;
import dev.refarch.platform.spi.RunningCluster;
import dev.refarch.platform.spi.Topology;
import dev.refarch.testcontainers.junit.MongoCluster;
import java.time.Duration;
import java.time.Instant;
import org.bson.Document;
import org.junit.jupiter.api.Test;

/** The {@code uri} backend against a real three-member replica set. */
@MongoCluster(members = 3, settings = {"local.electionTimeoutMillis=2000",
    "testcontainers.electionTimeoutMillis=2000"})
class ExistingClusterIT {

  @Test
  void servesReplicaSetTestsUpToItsSize(RunningCluster cluster) {
    ExistingClusterProvisioner uri = new ExistingClusterProvisioner("it.uri",
        cluster.connectionString());

    assertThat(uri.unavailableReason(Topology.parse("rs=1"))).isNull();
    assertThat(uri.unavailableReason(Topology.parse("pss"))).isNull();
    assertThat(uri.unavailableReason(Topology.parse("rs=5x"))).isEqualTo("-Dit.uri names a"
        + " cluster the test cannot use: it has 3 data member(s), fewer than 5 (the test needs"
        + " rs=5x)");
  }

  @Test
  void isNoSubstituteForAShardedCluster(RunningCluster cluster) {
    ExistingClusterProvisioner uri = new ExistingClusterProvisioner("it.uri",
        cluster.connectionString());

    assertThat(uri.unavailableReason(Topology.parse("sharded:2x1"))).isEqualTo("-Dit.uri names"
        + " a cluster the test cannot use: it is a replica set, not a sharded cluster (the test"
        + " needs sharded:2x1)");
  }

  @Test
  void anUnreachableUriFailsInsteadOfBeingSkipped() {
    ExistingClusterProvisioner uri = new ExistingClusterProvisioner("it.uri",
        "mongodb://127.0.0.1:1/?serverSelectionTimeoutMS=500");

    assertThat(uri.unavailableReason(Topology.parse("rs=1"))).isNull();
    assertThatThrownBy(() -> uri.start(Topology.parse("rs=1"), java.util.Map.of()))
        .isInstanceOf(PlatformException.class)
        .hasMessageStartingWith("connect to mongodb://127.0.0.1:1/");
  }

  @Test
  void stepsDownThePrimaryThroughTheDriver(RunningCluster cluster, MongoClient client)
      throws Exception {
    RunningCluster existing = new ExistingClusterProvisioner("it.uri", cluster.connectionString())
        .start(Topology.parse("pss"), java.util.Map.of());
    String before = primary(client);

    FaultEvent e = existing.faults().inject(Fault.of("stepdown", "primary").with("seconds", "5"));

    assertThat(e.member()).isEqualTo(before);
    assertThat(e.detail()).isEqualTo("replSetStepDown 5 s");
    Instant deadline = Instant.now().plus(Duration.ofSeconds(30));
    String after = before;
    while ((after == null || after.equals(before)) && Instant.now().isBefore(deadline)) {
      Thread.sleep(200);
      after = primary(client);
    }
    assertThat(after).as("a new primary").isNotNull().isNotEqualTo(before);
    assertThat(existing.state().of(ExistingCluster.COMPONENT)).containsEntry("kind",
        "replica_set");
  }

  private static String primary(MongoClient client) {
    return client.getDatabase("admin").runCommand(new Document("hello", 1)).getString("primary");
  }
}
