package dev.refarch.platform.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.refarch.platform.kubernetes.api.ManagedObjects;
import dev.refarch.platform.kubernetes.testing.FakeKubernetes;
import dev.refarch.platform.spi.Extensions;
import dev.refarch.platform.spi.Fault;
import dev.refarch.platform.spi.PlatformException;
import dev.refarch.platform.spi.RunningCluster;
import dev.refarch.platform.spi.Topology;
import dev.refarch.platform.spi.config.ConfigurationException;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.EventBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The kubernetes provisioner against the mock server, with the tests playing the controllers. */
@EnableKubernetesMockClient(crud = true)
class KubernetesProvisionerTest {

  KubernetesMockServer server;
  KubernetesClient client;
  private FakeKubernetes k8s;
  private KubernetesProvisioner provisioner;

  /** The Diamanti study's replica set: 3 members, 4 cores and 4 GB each. */
  static Map<String, String> diamanti(String... more) {
    Map<String, String> s = new HashMap<>(Map.of("k8s.trial", "t1",
        "k8s.storageClass", "diamanti-high", "k8s.storageClass.provisioner",
        FakeKubernetes.CSI_DRIVER, "k8s.mongodb.cpu", "4", "k8s.mongodb.memory", "4Gi",
        "k8s.pvc.size", "100Gi", "k8s.timeoutSeconds", "20"));
    for (int i = 0; i < more.length; i += 2) {
      s.put(more[i], more[i + 1]);
    }
    return s;
  }

  @BeforeEach
  void start() {
    k8s = FakeKubernetes.start(server, "test", "node-a", "node-b", "node-c", "node-d");
    // no pod runs mongod here: the members' setup over port-forwards is the real cluster's test
    provisioner = new KubernetesProvisioner(s -> server.createClient(),
        (c, layout, credentials, timeout) -> { }, (c, credential) -> (ns, set, pods) -> Map.of());
  }

  @AfterEach
  void stop() {
    k8s.close();
    assertThat(k8s.errors()).isEmpty();
  }

  private StatefulSet sts(String name) {
    return client.apps().statefulSets().withName(name).get();
  }

  private static String command(StatefulSet sts) {
    return String.join(" ", sts.getSpec().getTemplate().getSpec().getContainers().get(0)
        .getCommand());
  }

  @Test
  void isFoundByName() {
    assertThat(Extensions.provisioner("kubernetes")).isInstanceOf(KubernetesProvisioner.class);
  }

  @Test
  void startsTheDiamantiReplicaSetOnClaimsOfTheStorageClass() {
    try (RunningCluster c = provisioner.start(Topology.parse("pss"), diamanti())) {
      assertThat(c.connectionString()).matches("mongodb://refarch:[A-Za-z0-9]{32}@"
          + "refarch-rs0-0.refarch-rs0.test.svc.cluster.local:27017,"
          + "refarch-rs0-1.refarch-rs0.test.svc.cluster.local:27017,"
          + "refarch-rs0-2.refarch-rs0.test.svc.cluster.local:27017/\\?replicaSet=rs0"
          + "&authSource=admin");
      StatefulSet sts = sts("refarch-rs0");
      assertThat(sts.getSpec().getReplicas()).isEqualTo(3);
      assertThat(sts.getSpec().getPodManagementPolicy()).isEqualTo("Parallel");
      var container = sts.getSpec().getTemplate().getSpec().getContainers().get(0);
      assertThat(container.getImage()).isEqualTo("mongo:6.0.5");
      assertThat(container.getResources().getLimits()).containsEntry("cpu", new Quantity("4"))
          .containsEntry("memory", new Quantity("4Gi"));
      assertThat(container.getResources().getRequests()).isEqualTo(container.getResources()
          .getLimits());
      assertThat(container.getReadinessProbe().getTcpSocket().getPort().getIntVal())
          .isEqualTo(27017);
      assertThat(container.getSecurityContext().getRunAsUser()).isEqualTo(999L);
      assertThat(command(sts)).isEqualTo("mongod --bind_ip_all --port 27017 --dbpath /data/db"
          + " --replSet rs0 --keyFile /refarch/auth/keyfile");
      var template = sts.getSpec().getVolumeClaimTemplates().get(0);
      assertThat(template.getSpec().getStorageClassName()).isEqualTo("diamanti-high");
      assertThat(template.getSpec().getResources().getRequests().get("storage"))
          .isEqualTo(new Quantity("100Gi"));
      var service = client.services().withName("refarch-rs0").get();
      assertThat(service.getSpec().getClusterIP()).isEqualTo("None");
      assertThat(service.getSpec().getPublishNotReadyAddresses()).isTrue();
      assertThat(client.secrets().withName("refarch-auth").get().getData())
          .containsKeys("username", "password", "keyfile");

      Map<String, String> state = c.state().of("kubernetes");
      assertThat(state.get("connectionString")).doesNotContain(c.connectionString()
          .replaceAll(".*refarch:([^@]+)@.*", "$1"));
      assertThat(state).containsEntry("topology", "pss").containsEntry("storageClass",
          "diamanti-high").containsEntry("mongodb.cpu", "4")
          .containsEntry("member.refarch-rs0-0.pvc", "data-refarch-rs0-0")
          .containsEntry("member.refarch-rs0-0.pvc.phase", "Bound")
          .containsEntry("member.refarch-rs0-2.pvc.csi.driver", FakeKubernetes.CSI_DRIVER)
          .containsKey("member.refarch-rs0-1.pvc.csi.volumeHandle");
      assertThat(List.of(state.get("member.refarch-rs0-0.node"),
          state.get("member.refarch-rs0-1.node"), state.get("member.refarch-rs0-2.node")))
          .doesNotHaveDuplicates();
    }
    assertThat(ManagedObjects.remainingOfAnyTrial(client, "test")).isEmpty();
  }

  @Test
  void anArbiterRunsWithoutAVolume() {
    try (RunningCluster c = provisioner.start(Topology.parse("rs=3"), diamanti())) {
      assertThat(sts("refarch-rs0").getSpec().getReplicas()).isEqualTo(2);
      StatefulSet arbiter = sts("refarch-rs0-arbiter");
      assertThat(arbiter.getSpec().getVolumeClaimTemplates()).isEmpty();
      assertThat(command(arbiter)).contains("--replSet rs0");
      assertThat(c.faults().members()).containsExactly("refarch-rs0-0", "refarch-rs0-1",
          "refarch-rs0-arbiter-0");
    }
  }

  @Test
  void startsAShardedClusterBehindItsRouters() {
    try (RunningCluster c = provisioner.start(Topology.parse("sharded:2x1,cfg=1,routers=2"),
        diamanti())) {
      assertThat(c.connectionString()).contains("@"
          + "refarch-mongos-0.refarch-mongos.test.svc.cluster.local:27017,"
          + "refarch-mongos-1.refarch-mongos.test.svc.cluster.local:27017/?authSource=admin");
      assertThat(command(sts("refarch-cfg"))).contains("--replSet cfg --configsvr");
      assertThat(command(sts("refarch-shard1"))).contains("--replSet shard1 --shardsvr");
      StatefulSet mongos = sts("refarch-mongos");
      assertThat(command(mongos)).isEqualTo("mongos --bind_ip_all --port 27017 --configdb"
          + " cfg/refarch-cfg-0.refarch-cfg.test.svc.cluster.local:27017"
          + " --keyFile /refarch/auth/keyfile");
      assertThat(mongos.getSpec().getVolumeClaimTemplates()).isEmpty();
    }
    assertThat(ManagedObjects.remainingOfAnyTrial(client, "test")).isEmpty();
  }

  @Test
  void anUnknownStorageClassFailsBeforeAnyPodExists() {
    Map<String, String> settings = diamanti();
    settings.remove("k8s.storageClass.provisioner");
    assertThatThrownBy(() -> provisioner.start(Topology.parse("pss"), settings))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("k8s.storageClass='diamanti-high'");
    assertThat(client.apps().statefulSets().list().getItems()).isEmpty();
  }

  @Test
  void anImageThatCannotBePulledFailsAtOnceAndLeavesNothing() {
    k8s.imagePullFails = true;
    long t0 = System.nanoTime();
    assertThatThrownBy(() -> provisioner.start(Topology.parse("pss"), diamanti(
        "k8s.mongodb.image", "mongo:6.0.55")))
        .isInstanceOf(PlatformException.class)
        .hasMessageContaining("ErrImagePull")
        .hasMessageContaining("manifest for mongo:6.0.55 not found")
        .hasMessageContaining("check k8s.mongodb.image");
    assertThat((System.nanoTime() - t0) / 1e9).isLessThan(15);
    assertThat(ManagedObjects.remainingOfAnyTrial(client, "test")).isEmpty();
  }

  @Test
  void podsTheQuotaRefusesFailAtOnceWithTheQuotaMessage() {
    k8s.runStatefulSets = false;
    client.v1().events().resource(new EventBuilder().withNewMetadata().withName("e1")
        .endMetadata().withReason("FailedCreate").withNewInvolvedObject().withKind("StatefulSet")
        .withName("refarch-rs0").endInvolvedObject().withMessage("create Pod refarch-rs0-0 in"
            + " StatefulSet refarch-rs0 failed error: pods \"refarch-rs0-0\" is forbidden:"
            + " exceeded quota: compute, requested: limits.cpu=4, used: limits.cpu=0, limited:"
            + " limits.cpu=2").build()).create();
    assertThatThrownBy(() -> provisioner.start(Topology.parse("pss"), diamanti()))
        .isInstanceOf(PlatformException.class)
        .hasMessageContaining("StatefulSet refarch-rs0 cannot create its pods")
        .hasMessageContaining("exceeded quota: compute");
    assertThat(ManagedObjects.remainingOfAnyTrial(client, "test")).isEmpty();
  }

  @Test
  void aTimeoutSaysHowLongAndWhatItSawLast() {
    k8s.podsReady = false;
    assertThatThrownBy(() -> provisioner.start(Topology.parse("rs=1"), diamanti(
        "k8s.timeoutSeconds", "1")))
        .isInstanceOf(PlatformException.class)
        .hasMessageContaining("wait for MongoDB rs=1 in test Ready (1 pods)")
        .hasMessageContaining("timed out after 1 s")
        // Pending or Running: on a loaded machine the stand-in controllers may not have started
        // the container within the second
        .hasMessageMatching("(?s).*last seen: refarch-rs0-0: (Pending|Running) on node-a, not Ready.*");
    assertThat(ManagedObjects.remainingOfAnyTrial(client, "test")).isEmpty();
  }

  @Test
  void retainKeepsTheDeploymentLabelled() {
    try (RunningCluster c = provisioner.start(Topology.parse("rs=1"), diamanti(
        "k8s.cleanup", "retain"))) {
      assertThat(c.state().of("kubernetes")).containsEntry("cleanup", "retain");
    }
    assertThat(ManagedObjects.remaining(client, "test", "t1")).contains(
        "StatefulSet test/refarch-rs0", "PersistentVolumeClaim test/data-refarch-rs0-0");
    assertThat(sts("refarch-rs0").getSpec().getPersistentVolumeClaimRetentionPolicy()
        .getWhenDeleted()).isEqualTo("Retain");
  }

  /** A fault's target is checked against the pods the topology would have, before any exists. */
  @Test
  void faultTargetsAreCheckedAgainstThePodsTheTopologyWouldHave() {
    Topology pss = Topology.parse("pss");
    provisioner.checkFaultTarget(new Fault("delete-pod", "refarch-rs0-1", Map.of()), pss,
        Map.of());
    provisioner.checkFaultTarget(new Fault("delete-pod", "secondary:2", Map.of()), pss, Map.of());
    provisioner.checkFaultTarget(new Fault("delete-pod", "bench-rs0-2", Map.of()), pss,
        Map.of("k8s.mongodb.name", "bench"));

    assertThatThrownBy(() -> provisioner.checkFaultTarget(new Fault("delete-pod", "rs0-1",
        Map.of()), pss, Map.of()))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("fault.target='rs0-1' is not allowed; allowed: primary, secondary,"
            + " secondary:2, rs0/primary, rs0/secondary, rs0/secondary:2, refarch-rs0-0,"
            + " refarch-rs0-1, refarch-rs0-2");
    assertThatThrownBy(() -> provisioner.checkFaultTarget(new Fault("delete-pod",
        "shard0/primary", Map.of()), pss, Map.of()))
        .hasMessageContaining("unknown replica set 'shard0'");
    assertThatThrownBy(() -> provisioner.checkFaultTarget(new Fault("delete-pod", "primary",
        Map.of()), Topology.parse("sharded:2x3,cfg=1,routers=1"), Map.of()))
        .hasMessageContaining("several replica sets: prefix the role with one, e.g. shard0/primary");
    assertThat(k8s.errors()).isEmpty();
    assertThat(client.apps().statefulSets().inAnyNamespace().list().getItems())
        .as("nothing created").isEmpty();
  }
}
