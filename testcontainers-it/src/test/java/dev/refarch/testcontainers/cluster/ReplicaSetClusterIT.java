package dev.refarch.testcontainers.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import dev.refarch.experiments.results.TrialResult;
import dev.refarch.testcontainers.junit.MongoClusterExtension;
import dev.refarch.testcontainers.slo.SloAssert;
import dev.refarch.testcontainers.slo.SloTrial;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestReporter;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link ReplicaSetCluster}'s own front end on containers, without the extension: two data
 * members and an arbiter (the papers' "primary, secondary, arbiter", {@code rs=3}) elect, serve a
 * throttled YCSB trial through the replica-set connection string, and meet generous objectives.
 */
class ReplicaSetClusterIT {

  @Test
  void twoDataMembersAndAnArbiterServeATrialThatMeetsItsObjectives(@TempDir Path results,
      TestReporter reporter) throws Exception {
    Assumptions.assumeTrue(Docker.unavailableReason() == null, () -> "testcontainers: "
        + Docker.unavailableReason());
    reporter.publishEntry(MongoClusterExtension.BACKEND_ENTRY, "testcontainers");
    try (ReplicaSetCluster rs = ReplicaSetCluster.builder().members(2).arbiter(true).start()) {
      assertThat(rs.topology().label()).isEqualTo("rs=3");
      assertThat(rolesOnceAPrimaryIsSeen(rs))
          .containsExactlyInAnyOrder("primary", "secondary", "arbiter");
      assertThat(rs.connectionString()).as("arbiters are no seeds").endsWith("/?replicaSet=rs0")
          .doesNotContain(":" + rs.member("rs0-2").externalPort());

      TrialResult r = SloTrial.against(rs).workload("a").records(1_000).operations(1_000)
          .target(100).threadsPerClient(4).results(results)
          .property("measurement.interval", "intended").run();

      SloAssert.assertThat(r)
          .throughputIsAtLeast(50)
          .operation("UPDATE").percentile(99).isBelow(Duration.ofSeconds(2))
          .operation("READ").responseTime().percentile(99).isBelow(Duration.ofSeconds(5));
      assertThat(r.effectiveSettings()).containsEntry("mongodb.topologyType", "REPLICA_SET");
    }
  }

  /**
   * The members' roles once one of them says it is primary: the set had one when it started, but
   * on a loaded machine a late heartbeat can make it step down and elect again right after.
   */
  private static List<String> rolesOnceAPrimaryIsSeen(ReplicaSetCluster rs)
      throws InterruptedException {
    long deadline = System.currentTimeMillis() + 60_000;
    List<String> roles = rs.members().stream().map(MongoNode::role).toList();
    while (!roles.contains("primary") && System.currentTimeMillis() < deadline) {
      Thread.sleep(250);
      roles = rs.members().stream().map(MongoNode::role).toList();
    }
    return roles;
  }
}
