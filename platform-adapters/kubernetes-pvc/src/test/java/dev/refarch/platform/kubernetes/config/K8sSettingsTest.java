package dev.refarch.platform.kubernetes.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.refarch.platform.kubernetes.config.K8sProperties.AntiAffinity;
import dev.refarch.platform.kubernetes.config.K8sProperties.Cleanup;
import dev.refarch.platform.spi.config.ConfigurationException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class K8sSettingsTest {

  @Test
  void defaultsAreUsableAndTheTrialIsALabelValue() {
    K8sSettings s = K8sSettings.defaults();
    assertThat(s.timeout()).isEqualTo(Duration.ofSeconds(600));
    assertThat(s.cleanup()).isEqualTo(Cleanup.DELETE);
    assertThat(s.storage().claims()).containsExactly("mongodb-data");
    assertThat(s.storage().accessModes()).containsExactly("ReadWriteOnce");
    assertThat(s.mongodb().image()).isEqualTo("mongo:6.0.5");
    assertThat(s.mongodb().antiAffinity()).isEqualTo(AntiAffinity.PREFERRED);
    assertThat(s.clients().image()).isEmpty();
    assertThat(s.trial()).matches("[a-z0-9]+");
  }

  @Test
  void parsesTheVsphereStorageClassAndTheDiamantiPods() {
    K8sSettings s = K8sSettings.from(Map.of("k8s.storageClass", "vsan-gold",
        "k8s.storageClass.provisioner", "csi.vsphere.vmware.com",
        "k8s.storageClass.parameters", "storagepolicyname=vSAN Default Storage Policy, fstype=ext4",
        "k8s.pvc.accessModes", "readwriteonce,ReadWriteOncePod",
        "k8s.mongodb.cpu", "4", "k8s.mongodb.memory", "4Gi",
        "k8s.mongodb.extraArgs", "--setParameter  diagnosticDataCollectionEnabled=false",
        "k8s.imagePullSecret", "regcred"));
    assertThat(s.storage().parameters()).containsEntry("storagepolicyname",
        "vSAN Default Storage Policy").containsEntry("fstype", "ext4");
    assertThat(s.storage().accessModes()).containsExactly("ReadWriteOnce", "ReadWriteOncePod");
    assertThat(s.mongodb().extraArgs()).containsExactly("--setParameter",
        "diagnosticDataCollectionEnabled=false");
    assertThat(s.clients().imagePullSecret()).isEqualTo(Optional.of("regcred"));
  }

  @Test
  void rejectsAnUnknownKeyNamingTheClosest() {
    assertThatThrownBy(() -> K8sSettings.from(Map.of("k8s.storageclass", "gold")))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("k8s.storageclass='gold'")
        .hasMessageContaining("did you mean 'k8s.storageClass'?");
  }

  @Test
  void rejectsBadValuesNamingWhatIsAllowed() {
    assertThatThrownBy(() -> K8sSettings.from(Map.of("k8s.pvc.size", "128GB")))
        .hasMessageContaining("k8s.pvc.size='128GB'").hasMessageContaining("4Gi, 128Gi");
    assertThatThrownBy(() -> K8sSettings.from(Map.of("k8s.cleanup", "keep")))
        .hasMessageContaining("allowed: delete, retain");
    assertThatThrownBy(() -> K8sSettings.from(Map.of("k8s.pvc.accessModes", "RWO")))
        .hasMessageContaining("ReadWriteOnce, ReadOnlyMany");
    assertThatThrownBy(() -> K8sSettings.from(Map.of("k8s.storageClass.volumeBindingMode",
        "WaitForFirstConsumr"))).hasMessageContaining("did you mean 'WaitForFirstConsumer'");
    assertThatThrownBy(() -> K8sSettings.from(Map.of("k8s.trial", "trial 1")))
        .hasMessageContaining("k8s.trial='trial 1'");
    assertThatThrownBy(() -> K8sSettings.from(Map.of("k8s.storageClass.parameters", "policy")))
        .hasMessageContaining("'policy' has no key=value");
    assertThatThrownBy(() -> K8sSettings.from(Map.of("k8s.clusterDomain", "Cluster_Local.")))
        .hasMessageContaining("k8s.clusterDomain='Cluster_Local.'")
        .hasMessageContaining("e.g. cluster.local");
  }

  @Test
  void theClusterDomainIsTheKubeletsDefaultUnlessGiven() {
    assertThat(K8sSettings.defaults().clusterDomain()).isEqualTo("cluster.local");
    assertThat(K8sSettings.from(Map.of("k8s.clusterDomain", "corp.example")).clusterDomain())
        .isEqualTo("corp.example");
  }

  @Test
  void leavesOtherPrefixesToTheirOwners() {
    assertThat(K8sSettings.from(Map.of("mongodb.durability", "durable", "recordcount", "10"))
        .storage().size()).isEqualTo("10Gi");
  }

  /** The README's table is generated from the declarations; this keeps them equal. */
  @Test
  void readmeListsEveryK8sPropertyAsDeclared() throws Exception {
    String table = K8sProperties.GROUP.markdownTable();
    String readme = Files.readString(Path.of("..", "..", "src", "docs", "platforms.md"));
    assertThat(readme).as("src/docs/platforms.md must contain this table verbatim:%n%s", table)
        .contains(table);
    assertThat(List.of(table.split("\n"))).hasSize(K8sProperties.GROUP.settings().size() + 2);
  }
}
