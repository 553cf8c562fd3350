package dev.refarch.platform.kubernetes.storage;

import io.fabric8.kubernetes.api.model.PersistentVolume;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the platform state records about one claim: its phase, StorageClass, the bound
 * PersistentVolume, its capacity and, for CSI volumes, the driver and volume handle (for vSphere
 * CSI the first-class disk id that vCenter shows).
 *
 * <p>Stateless and thread-safe.
 */
public final class VolumeFacts {

  private VolumeFacts() {
  }

  /**
   * Facts about {@code claim} under keys starting with {@code prefix}, e.g.
   * {@code pvc.data.volume}, {@code pvc.data.csi.volumeHandle}.
   */
  public static Map<String, String> of(KubernetesClient client, PersistentVolumeClaim claim,
      String prefix) {
    Map<String, String> facts = new LinkedHashMap<>();
    facts.put(prefix + "phase", claim.getStatus() == null || claim.getStatus().getPhase() == null
        ? "Pending" : claim.getStatus().getPhase());
    if (claim.getSpec().getStorageClassName() != null) {
      facts.put(prefix + "storageClass", claim.getSpec().getStorageClassName());
    }
    if (claim.getSpec().getResources() != null
        && claim.getSpec().getResources().getRequests() != null
        && claim.getSpec().getResources().getRequests().get("storage") != null) {
      facts.put(prefix + "requested",
          claim.getSpec().getResources().getRequests().get("storage").toString());
    }
    String volume = claim.getSpec().getVolumeName();
    if (volume == null || volume.isEmpty()) {
      return facts;
    }
    facts.put(prefix + "volume", volume);
    PersistentVolume pv;
    try {
      pv = client.persistentVolumes().withName(volume).get();
    } catch (KubernetesClientException e) {
      // PVs are cluster-scoped: a namespaced identity may not read them; say so, don't fail
      facts.put(prefix + "volume.unreadable", "HTTP " + e.getCode());
      return facts;
    }
    if (pv == null) {
      return facts;
    }
    if (pv.getSpec().getCapacity() != null && pv.getSpec().getCapacity().get("storage") != null) {
      facts.put(prefix + "capacity", pv.getSpec().getCapacity().get("storage").toString());
    }
    if (pv.getSpec().getPersistentVolumeReclaimPolicy() != null) {
      facts.put(prefix + "reclaimPolicy", pv.getSpec().getPersistentVolumeReclaimPolicy());
    }
    if (pv.getSpec().getCsi() != null) {
      facts.put(prefix + "csi.driver", pv.getSpec().getCsi().getDriver());
      facts.put(prefix + "csi.volumeHandle", pv.getSpec().getCsi().getVolumeHandle());
    } else if (pv.getSpec().getVsphereVolume() != null) {
      // the in-tree plugin of the seeds' Kubernetes (kubernetes.io/vsphere-volume)
      facts.put(prefix + "vsphereVolume.path", pv.getSpec().getVsphereVolume().getVolumePath());
    } else if (pv.getSpec().getHostPath() != null) {
      // the controller manager's host-path provisioner (single-node and test clusters)
      facts.put(prefix + "hostPath.path", pv.getSpec().getHostPath().getPath());
    }
    Map<String, String> annotations = pv.getMetadata().getAnnotations();
    if (annotations != null && annotations.get("pv.kubernetes.io/provisioned-by") != null) {
      facts.put(prefix + "provisionedBy", annotations.get("pv.kubernetes.io/provisioned-by"));
    }
    return facts;
  }
}
