package dev.refarch.platform.kubernetes.storage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.refarch.platform.kubernetes.testing.FakeKubernetes;
import dev.refarch.platform.kubernetes.testing.TestHookContext;
import dev.refarch.platform.spi.Extensions;
import dev.refarch.platform.spi.Phase;
import dev.refarch.platform.spi.PlatformException;
import dev.refarch.platform.spi.PlatformState;
import dev.refarch.platform.spi.config.ConfigurationException;
import io.fabric8.kubernetes.api.model.StatusBuilder;
import io.fabric8.kubernetes.api.model.storage.StorageClassBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The kubernetes-pvc hook against the mock server, with the tests playing the provisioner: what
 * a real cluster here cannot show on demand — a CSI driver's volume handles, an exhausted quota,
 * an RBAC refusal, a near-miss class name among a cluster's classes. Its behaviour on a real API
 * server and provisioner (claims kept for the run, deleted after it or after a failure, retained,
 * a class it did not create left alone, WaitForFirstConsumer binding) is {@code PvcHookIT}'s.
 */
@EnableKubernetesMockClient(crud = true)
class PvcHookTest {

  KubernetesMockServer server;
  KubernetesClient client;
  private FakeKubernetes k8s;
  private PvcHook hook;

  /** The seed's vSphere setting, with the CSI driver of today's clusters. */
  private static Map<String, String> vsphere(String... more) {
    Map<String, String> s = new HashMap<>(Map.of("k8s.trial", "t1",
        "k8s.storageClass", "vsan-gold", "k8s.storageClass.provisioner", FakeKubernetes.CSI_DRIVER,
        "k8s.storageClass.parameters", "storagepolicyname=vSAN Default Storage Policy",
        "k8s.pvc.names", "mongodb-data,mongodb-config", "k8s.pvc.size", "128Gi",
        "k8s.timeoutSeconds", "10"));
    for (int i = 0; i < more.length; i += 2) {
      s.put(more[i], more[i + 1]);
    }
    return s;
  }

  @BeforeEach
  void start() {
    k8s = FakeKubernetes.start(server, "test", "node-a", "node-b");
    hook = new PvcHook(settings -> server.createClient());
  }

  @AfterEach
  void stop() {
    k8s.close();
    assertThat(k8s.errors()).isEmpty();
  }

  private TestHookContext context(Phase phase, Map<String, String> settings) {
    return new TestHookContext(hook.name(), phase, settings, PlatformState.empty());
  }

  @Test
  void isFoundByName() {
    assertThat(Extensions.hook("kubernetes-pvc")).isInstanceOf(PvcHook.class);
  }

  @Test
  void createsTheClassAndClaimsWaitsUntilBoundAndRecordsTheVolumeHandles() {
    TestHookContext load = context(Phase.LOAD, vsphere());
    hook.before(load);

    Map<String, String> facts = load.facts();
    assertThat(facts).containsEntry("storageClass", "vsan-gold")
        .containsEntry("storageClass.created", "true")
        .containsEntry("storageClass.provisioner", FakeKubernetes.CSI_DRIVER)
        .containsEntry("storageClass.parameters.storagepolicyname", "vSAN Default Storage Policy")
        .containsEntry("pvc.mongodb-data.phase", "Bound")
        .containsEntry("pvc.mongodb-data.capacity", "128Gi")
        .containsEntry("pvc.mongodb-data.csi.driver", FakeKubernetes.CSI_DRIVER)
        .containsEntry("pvc.mongodb-config.phase", "Bound")
        .containsKeys("pvc.mongodb-data.volume", "pvc.mongodb-data.csi.volumeHandle");
    assertThat(facts.get("pvc.mongodb-data.csi.volumeHandle"))
        .isNotEqualTo(facts.get("pvc.mongodb-config.csi.volumeHandle"));
    var pvc = client.persistentVolumeClaims().withName("mongodb-data").get();
    assertThat(pvc.getSpec().getAccessModes()).containsExactly("ReadWriteOnce");
    assertThat(pvc.getMetadata().getLabels())
        .containsEntry("app.kubernetes.io/managed-by", "ycsb-mongo-refarch")
        .containsEntry("refarch/trial", "t1");
  }

  @Test
  void anUnknownClassNamesTheClosestAndTheFix() {
    client.storage().v1().storageClasses().resource(new StorageClassBuilder().withNewMetadata()
        .withName("vsan-gold").endMetadata().withProvisioner(FakeKubernetes.CSI_DRIVER).build())
        .create();
    TestHookContext load = context(Phase.LOAD, Map.of("k8s.storageClass", "vsan-gld"));
    assertThatThrownBy(() -> hook.before(load)).isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("k8s.storageClass='vsan-gld'")
        .hasMessageContaining("a StorageClass of the cluster: vsan-gold")
        .hasMessageContaining("did you mean 'vsan-gold'?")
        .hasMessageContaining("k8s.storageClass.provisioner");
  }

  @Test
  void aProvisionerWithoutAClassNameIsRejectedBeforeAnythingIsDone() {
    assertThatThrownBy(() -> hook.validate(Map.of("k8s.storageClass.provisioner", "x")))
        .isInstanceOf(ConfigurationException.class).hasMessageContaining("k8s.storageClass");
  }

  @Test
  void anExceededQuotaNamesTheClaimTheQuotaAndTheFix() {
    server.expect().post().withPath("/api/v1/namespaces/test/persistentvolumeclaims")
        .andReturn(403, new StatusBuilder().withCode(403).withReason("Forbidden")
            .withMessage("persistentvolumeclaims \"mongodb-data\" is forbidden: exceeded quota:"
                + " storage, requested: requests.storage=128Gi, used: requests.storage=0,"
                + " limited: requests.storage=100Gi").build()).once();
    assertThatThrownBy(() -> hook.before(context(Phase.LOAD, vsphere())))
        .isInstanceOf(PlatformException.class)
        .hasMessageContaining("create PersistentVolumeClaim test/mongodb-data")
        .hasMessageContaining("ResourceQuota is exhausted")
        .hasMessageContaining("limited: requests.storage=100Gi")
        .hasMessageContaining("lower k8s.pvc.size");
  }

  @Test
  void aForbiddenCallNamesTheOperationAndTheFix() {
    server.expect().post().withPath("/apis/storage.k8s.io/v1/storageclasses")
        .andReturn(403, new StatusBuilder().withCode(403).withReason("Forbidden")
            .withMessage("storageclasses.storage.k8s.io is forbidden: User \"bench\" cannot"
                + " create resource \"storageclasses\" in API group \"storage.k8s.io\" at the"
                + " cluster scope").build()).once();
    assertThatThrownBy(() -> hook.before(context(Phase.LOAD, vsphere())))
        .isInstanceOf(PlatformException.class)
        .hasMessageContaining("create StorageClass vsan-gold")
        .hasMessageContaining("forbidden by RBAC (HTTP 403)")
        .hasMessageContaining("cannot create resource \"storageclasses\"")
        .hasMessageContaining("src/docs/platforms.md, 'RBAC'");
  }
}
