package dev.refarch.platform.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.refarch.platform.kubernetes.config.K8sSettings;
import dev.refarch.platform.kubernetes.fault.KubernetesFaultInjector;
import dev.refarch.platform.kubernetes.testing.FakeKubernetes;
import dev.refarch.platform.kubernetes.topology.ClusterLayout;
import dev.refarch.platform.spi.PlatformException;
import dev.refarch.platform.spi.Topology;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.kubernetes.client.server.mock.OutputStreamMessage;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A runner outside the cluster cannot resolve its members' names, so it drops the benchmark
 * database with mongosh inside a member, through the exec API (the mock server with
 * expectations: exec needs a WebSocket, which its CRUD mode does not serve).
 */
@EnableKubernetesMockClient
class DropDatabaseTest {

  KubernetesMockServer server;
  KubernetesClient client;
  private KubernetesCluster cluster;

  @BeforeEach
  void start() {
    K8sSettings settings = K8sSettings.from(Map.of("k8s.trial", "t1", "k8s.namespace", "test",
        "k8s.runnerInCluster", "false", "k8s.cleanup", "retain"));
    ClusterLayout layout = ClusterLayout.of(Topology.parse("pss"), "refarch", "test");
    cluster = new KubernetesCluster(client, settings, layout, new KubernetesFaultInjector(client,
        layout, (ns, set, pods) -> Map.of(), "t1", Duration.ofSeconds(5)));
    Pod ready = FakeKubernetes.readyMongodPod("refarch-rs0-0");
    server.expect().get().withPath("/api/v1/namespaces/test/pods/refarch-rs0-0")
        .andReturn(200, ready).always();
  }

  @AfterEach
  void stop() {
    cluster.close();
  }

  @Test
  void theRunnerOutsideCannotReachTheMembers() {
    assertThat(cluster.reachableFromRunner()).isFalse();
  }

  @Test
  void dropsThroughMongoshInAReadyMemberConnectedToTheSet() throws InterruptedException {
    // the first attempt finds no exec endpoint; its request shows the exact path to expect
    assertThatThrownBy(() -> cluster.dropDatabase("ycsb")).isInstanceOf(PlatformException.class)
        .hasMessageContaining("drop database ycsb in pod refarch-rs0-0");
    String path = server.getLastRequest().getPath();
    // connected with the set's connection string, so the drop goes to the primary
    assertThat(URLDecoder.decode(path, StandardCharsets.UTF_8)).contains(
        "/pods/refarch-rs0-0/exec?", "command=mongosh", "command=" + cluster.connectionString(),
        "getSiblingDB('ycsb').dropDatabase({writeConcern: {w: 'majority'}})", "container=mongod");

    server.expect().withPath(path).andUpgradeToWebSocket().open(new OutputStreamMessage("ok=1\n"))
        .done().once();
    cluster.dropDatabase("ycsb");

    server.expect().withPath(path).andUpgradeToWebSocket()
        .open(new OutputStreamMessage("MongoServerError: not primary\n")).done().once();
    assertThatThrownBy(() -> cluster.dropDatabase("ycsb")).isInstanceOf(PlatformException.class)
        .hasMessageContaining("mongosh answered: MongoServerError: not primary");
  }

  @Test
  void refusesANameThatIsNotAPlainDatabaseName() {
    assertThatThrownBy(() -> cluster.dropDatabase("ycsb'); db.dropUser('x"))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("database name");
  }
}
