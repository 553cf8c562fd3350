package dev.refarch.platform.kubernetes.real;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.mongodb.MongoCommandException;
import com.mongodb.WriteConcern;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import dev.refarch.platform.kubernetes.KubernetesCluster;
import dev.refarch.platform.kubernetes.KubernetesProvisioner;
import dev.refarch.platform.kubernetes.api.ManagedObjects;
import dev.refarch.platform.kubernetes.testing.RealKubernetes;
import dev.refarch.platform.spi.Topology;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.Pod;
import java.util.List;
import java.util.Map;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** MongoDB on real pods with claims the cluster's provisioner binds, through the provisioner. */
@ExtendWith(RealKubernetes.class)
class MongoOnKubernetesIT {

  private static KubernetesCluster start(String topology, Map<String, String> settings) {
    return (KubernetesCluster) new KubernetesProvisioner().start(Topology.parse(topology),
        settings);
  }

  @Test
  void aReplicaSetWithArbiterRunsAuthenticatedAsNonRootOnBoundClaims(RealKubernetes.Cluster k8s) {
    String trial;
    try (KubernetesCluster c = start("rs=3", k8s.with(Map.of("k8s.mongodb.name", "auth")))) {
      trial = c.trial();
      try (MongoClient mongo = MongoClients.create(c.connectionString())) {
        var coll = mongo.getDatabase("it").getCollection("acked")
            .withWriteConcern(WriteConcern.MAJORITY.withJournal(true));
        coll.insertOne(new Document("_id", 1).append("v", "kept"));
        assertThat(coll.find(new Document("_id", 1)).first()).containsEntry("v", "kept");
        Document status = mongo.getDatabase("admin").runCommand(new Document("replSetGetStatus", 1));
        assertThat(status.getList("members", Document.class)).extracting(m -> m.getString("stateStr"))
            .containsExactlyInAnyOrder("PRIMARY", "SECONDARY", "ARBITER");
      }
      String anonymous = c.connectionString().replaceFirst("//[^@]+@", "//");
      try (MongoClient mongo = MongoClients.create(anonymous)) {
        MongoCommandException e = catchThrowableOfType(MongoCommandException.class, () ->
            mongo.getDatabase("it").runCommand(new Document("find", "acked")));
        assertThat(e.getErrorCodeName()).isEqualTo("Unauthorized");
      }
      Map<String, String> facts = c.state().components().get(KubernetesCluster.COMPONENT);
      assertThat(facts).containsEntry("storageClass", "standard")
          .containsEntry("member.auth-rs0-0.pvc.phase", "Bound")
          .containsEntry("member.auth-rs0-1.pvc.provisionedBy", "kubernetes.io/host-path")
          .containsKey("member.auth-rs0-0.pvc.hostPath.path")
          .doesNotContainKey("member.auth-rs0-arbiter-0.pvc");
      assertThat(facts.get("connectionString")).doesNotContain(password(k8s, "auth-auth"));
      for (Pod p : k8s.client().pods().inNamespace(k8s.namespace()).withLabel(
          "refarch/trial", trial).list().getItems()) {
        Container mongod = p.getSpec().getContainers().get(0);
        assertThat(mongod.getSecurityContext().getRunAsUser()).isEqualTo(999L);
        assertThat(mongod.getSecurityContext().getRunAsNonRoot()).isTrue();
        assertThat(p.getStatus().getPhase()).isEqualTo("Running");
      }
    }
    assertThat(ManagedObjects.remaining(k8s.client(), k8s.namespace(), trial)).isEmpty();
    assertThat(k8s.client().pods().inNamespace(k8s.namespace()).list().getItems()).isEmpty();
    assertThat(k8s.client().persistentVolumeClaims().inNamespace(k8s.namespace()).list()
        .getItems()).isEmpty();
  }

  @ParameterizedTest
  @CsvSource({"rs=1, 1", "pss, 3"})
  void replicaSetsOfDataMembersComeUpThroughTheirStatefulSet(String topology, int members,
      RealKubernetes.Cluster k8s) {
    String name = topology.replaceAll("[^a-z0-9]", "");
    try (KubernetesCluster c = start(topology, k8s.with(Map.of("k8s.mongodb.name", name)));
        MongoClient mongo = MongoClients.create(c.connectionString())) {
      List<Document> status = mongo.getDatabase("admin")
          .runCommand(new Document("replSetGetStatus", 1)).getList("members", Document.class);
      assertThat(status).hasSize(members).extracting(m -> m.getString("stateStr"))
          .containsOnlyOnce("PRIMARY").allMatch(s -> s.equals("PRIMARY") || s.equals("SECONDARY"));
      assertThat(k8s.client().apps().statefulSets().inNamespace(k8s.namespace())
          .withName(name + "-rs0").get().getSpec().getReplicas()).isEqualTo(members);
    }
  }

  @Test
  void aRerunOverWhatAnEarlierRunLeftStartsCleanly(RealKubernetes.Cluster k8s) {
    Map<String, String> retained = k8s.with(Map.of("k8s.mongodb.name", "again",
        "k8s.cleanup", "retain", "k8s.trial", "first"));
    try (KubernetesCluster c = start("rs=1", retained);
        MongoClient mongo = MongoClients.create(c.connectionString())) {
      mongo.getDatabase("it").getCollection("old").insertOne(new Document("_id", "stale"));
    }
    assertThat(ManagedObjects.remaining(k8s.client(), k8s.namespace(), "first")).isNotEmpty();

    try (KubernetesCluster c = start("rs=1", k8s.with(Map.of("k8s.mongodb.name", "again",
        "k8s.trial", "second")));
        MongoClient mongo = MongoClients.create(c.connectionString())) {
      assertThat(mongo.getDatabase("it").getCollection("old").countDocuments()).isZero();
      assertThat(ManagedObjects.remaining(k8s.client(), k8s.namespace(), "first")).isEmpty();
    }
    assertThat(ManagedObjects.remaining(k8s.client(), k8s.namespace(), "second")).isEmpty();
  }

  private static String password(RealKubernetes.Cluster k8s, String secret) {
    var s = k8s.client().secrets().inNamespace(k8s.namespace()).withName(secret).get();
    return s == null ? "(secret gone)" : new String(java.util.Base64.getDecoder().decode(
        s.getData().get("password")), java.nio.charset.StandardCharsets.UTF_8);
  }
}
