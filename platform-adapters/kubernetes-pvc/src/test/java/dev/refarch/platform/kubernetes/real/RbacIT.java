package dev.refarch.platform.kubernetes.real;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import dev.refarch.platform.kubernetes.KubernetesCluster;
import dev.refarch.platform.kubernetes.KubernetesProvisioner;
import dev.refarch.platform.kubernetes.api.ManagedObjects;
import dev.refarch.platform.kubernetes.testing.RealKubernetes;
import dev.refarch.platform.spi.Topology;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ServiceAccountBuilder;
import io.fabric8.kubernetes.api.model.authentication.TokenRequestBuilder;
import io.fabric8.kubernetes.api.model.rbac.ClusterRoleBindingBuilder;
import io.fabric8.kubernetes.api.model.rbac.RoleBindingBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The least-privilege Role and ClusterRole of the README (read from it, between its
 * {@code rbac:begin} and {@code rbac:end} markers), bound to a fresh service account: with that
 * account's token the provisioner deploys MongoDB, the runner reaches it through port-forwards,
 * and cleanup empties the namespace; what the role does not grant is refused.
 */
@ExtendWith(RealKubernetes.class)
class RbacIT {

  @TempDir
  Path tmp;

  @Test
  void theReadmeRoleIsEnoughToDeployUseAndCleanUp(RealKubernetes.Cluster k8s) throws Exception {
    String ns = k8s.namespace();
    String clusterRole = "ycsb-mongo-refarch-" + ns;
    KubernetesClient admin = k8s.client();
    List<HasMetadata> roles = admin.load(new ByteArrayInputStream(readmeRoles()
        .replace("namespace: bench", "namespace: " + ns)
        .replace("kind: ClusterRole\nmetadata: {name: ycsb-mongo-refarch}",
            "kind: ClusterRole\nmetadata: {name: " + clusterRole + "}")
        .getBytes(StandardCharsets.UTF_8))).items();
    assertThat(roles).extracting(HasMetadata::getKind).containsExactly("Role", "ClusterRole");
    try {
      roles.forEach(r -> admin.resource(r).create());
      admin.serviceAccounts().inNamespace(ns).resource(new ServiceAccountBuilder()
          .withNewMetadata().withName("bench").endMetadata().build()).create();
      admin.rbac().roleBindings().inNamespace(ns).resource(new RoleBindingBuilder()
          .withNewMetadata().withName("bench").endMetadata()
          .withNewRoleRef("rbac.authorization.k8s.io", "Role", "ycsb-mongo-refarch")
          .addNewSubject().withKind("ServiceAccount").withName("bench").withNamespace(ns)
          .endSubject().build()).create();
      admin.rbac().clusterRoleBindings().resource(new ClusterRoleBindingBuilder()
          .withNewMetadata().withName(clusterRole).endMetadata()
          .withNewRoleRef("rbac.authorization.k8s.io", "ClusterRole", clusterRole)
          .addNewSubject().withKind("ServiceAccount").withName("bench").withNamespace(ns)
          .endSubject().build()).create();
      Path kubeconfig = kubeconfigFor(admin, ns, token(admin, ns));

      Map<String, String> settings = k8s.with(Map.of("k8s.kubeconfig", kubeconfig.toString(),
          "k8s.mongodb.name", "least", "k8s.trial", "rbac"));
      try (KubernetesCluster c = (KubernetesCluster) new KubernetesProvisioner()
          .start(Topology.parse("rs=1"), settings);
          MongoClient mongo = MongoClients.create(c.connectionString())) {
        mongo.getDatabase("it").getCollection("c").insertOne(new Document("_id", 1));
        c.dropDatabase("it");
        assertThat(mongo.getDatabase("it").getCollection("c").countDocuments()).isZero();
        assertThat(c.state().components().get("kubernetes"))
            .containsKey("member.least-rs0-0.pvc.hostPath.path");
        // what the role does not grant: another namespace
        assertThatThrownBy(() -> c.client().pods().inNamespace("default").list())
            .hasMessageContaining("forbidden");
      }
      assertThat(ManagedObjects.remaining(admin, ns, "rbac")).isEmpty();
    } finally {
      admin.rbac().clusterRoleBindings().withName(clusterRole).delete();
      admin.rbac().clusterRoles().withName(clusterRole).delete();
    }
  }

  private static String readmeRoles() throws Exception {
    String readme = Files.readString(Path.of("..", "..", "src", "docs", "platforms.md"));
    String block = readme.substring(readme.indexOf("<!-- rbac:begin -->"),
        readme.indexOf("<!-- rbac:end -->"));
    return block.substring(block.indexOf("```yaml") + 7, block.lastIndexOf("```"));
  }

  private static String token(KubernetesClient admin, String ns) {
    return admin.serviceAccounts().inNamespace(ns).withName("bench").tokenRequest(
        new TokenRequestBuilder().withNewSpec().withExpirationSeconds(3600L).endSpec().build())
        .getStatus().getToken();
  }

  private Path kubeconfigFor(KubernetesClient admin, String ns, String token) throws Exception {
    String ca = admin.getConfiguration().getCaCertData();
    String server = admin.getConfiguration().getMasterUrl();
    String yaml = String.join("\n", "apiVersion: v1", "kind: Config",
        "clusters: [{name: c, cluster: {server: \"" + server + "\","
            + " certificate-authority-data: \"" + ca + "\"}}]",
        "users: [{name: bench, user: {token: \"" + token + "\"}}]",
        "contexts: [{name: bench, context: {cluster: c, user: bench, namespace: " + ns + "}}]",
        "current-context: bench", "");
    Path file = tmp.resolve("bench.kubeconfig");
    Files.writeString(file, yaml);
    return file;
  }

}
