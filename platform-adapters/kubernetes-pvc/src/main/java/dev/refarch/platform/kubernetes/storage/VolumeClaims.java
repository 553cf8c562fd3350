package dev.refarch.platform.kubernetes.storage;

import dev.refarch.platform.kubernetes.api.ApiErrors;
import dev.refarch.platform.kubernetes.api.Events;
import dev.refarch.platform.kubernetes.api.Labels;
import dev.refarch.platform.kubernetes.api.PodStatuses;
import dev.refarch.platform.kubernetes.api.Waits;
import dev.refarch.platform.kubernetes.config.K8sSettings;
import dev.refarch.platform.spi.PlatformException;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaimBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Creates the hook's PersistentVolumeClaims (or finds them from an earlier phase) and waits until
 * they are Bound. Claims of a {@code WaitForFirstConsumer} class bind only once a pod uses them:
 * they are left Pending, or — with {@code k8s.pvc.waitForFirstConsumer=binder-pod} — bound by a
 * short-lived pod that mounts them, which fixes the volumes' zone to that pod's node.
 *
 * <p>Not thread-safe; one instance per hook call.
 */
final class VolumeClaims {

  private final KubernetesClient client;
  private final String namespace;
  private final K8sSettings settings;
  private final String trial;

  VolumeClaims(KubernetesClient client, String namespace, K8sSettings settings, String trial) {
    this.client = client;
    this.namespace = namespace;
    this.settings = settings;
    this.trial = trial;
  }

  /**
   * One claim as ensured.
   *
   * @param name the claim's name
   * @param created whether this call created it
   */
  record Claim(String name, boolean created) {
  }

  /** Creates each missing claim of {@code k8s.pvc.names} in {@code storageClass}. */
  List<Claim> ensure(String storageClass) {
    List<Claim> claims = new ArrayList<>();
    for (String name : settings.storage().claims()) {
      String what = "PersistentVolumeClaim " + namespace + "/" + name;
      PersistentVolumeClaim existing = ApiErrors.call("read " + what, () ->
          client.persistentVolumeClaims().inNamespace(namespace).withName(name).get());
      if (existing != null) {
        claims.add(new Claim(name, false));
        continue;
      }
      PersistentVolumeClaim claim = new PersistentVolumeClaimBuilder()
          .withNewMetadata().withName(name).withNamespace(namespace)
          .withLabels(Labels.of(trial, "storage")).endMetadata()
          .withNewSpec().withStorageClassName(storageClass)
          .withAccessModes(settings.storage().accessModes())
          .withNewResources().addToRequests("storage", new Quantity(settings.storage().size()))
          .endResources().endSpec().build();
      ApiErrors.call("create " + what, () ->
          client.persistentVolumeClaims().inNamespace(namespace).resource(claim).create());
      claims.add(new Claim(name, true));
    }
    return claims;
  }

  /** Waits until every claim is Bound; returns them as the server has them. */
  List<PersistentVolumeClaim> awaitBound(List<Claim> claims) {
    List<PersistentVolumeClaim> bound = new ArrayList<>();
    for (Claim c : claims) {
      String what = "PersistentVolumeClaim " + namespace + "/" + c.name() + " Bound";
      bound.add(Waits.until(what, settings.timeout(), () -> {
        PersistentVolumeClaim pvc = client.persistentVolumeClaims().inNamespace(namespace)
            .withName(c.name()).get();
        if (pvc == null) {
          throw new PlatformException("wait for " + what, "the claim was deleted meanwhile");
        }
        String phase = pvc.getStatus() == null ? "Pending" : pvc.getStatus().getPhase();
        if ("Bound".equals(phase)) {
          return Waits.done(pvc);
        }
        if ("Lost".equals(phase)) {
          throw new PlatformException("wait for " + what, "the claim is Lost: its volume is gone");
        }
        return Waits.pending(phase + Events.latest(client, namespace, "PersistentVolumeClaim",
            c.name(), Set.of("ProvisioningFailed", "ExternalProvisioning"))
            .map(e -> "; " + e).orElse(""));
      }));
    }
    return bound;
  }

  /** The claims as they are now, bound or not. */
  List<PersistentVolumeClaim> current(List<Claim> claims) {
    return claims.stream().map(c -> ApiErrors.call("read PersistentVolumeClaim " + c.name(),
        () -> client.persistentVolumeClaims().inNamespace(namespace).withName(c.name()).get()))
        .toList();
  }

  /**
   * Binds claims of a WaitForFirstConsumer class by starting a pod that mounts them, waiting until
   * they are Bound and deleting the pod. The pod runs the MongoDB image's own {@code mongod
   * --version}: the claims bind when the scheduler places it, and images built here have no shell.
   */
  List<PersistentVolumeClaim> bindWithPod(List<Claim> claims) {
    String name = settings.mongodb().name() + "-binder-" + trial.toLowerCase(java.util.Locale.ROOT);
    PodBuilder pod = new PodBuilder().withNewMetadata().withName(name).withNamespace(namespace)
        .withLabels(Labels.of(trial, "storage")).endMetadata()
        .withNewSpec().withRestartPolicy("Never")
        .addNewContainer().withName("binder").withImage(settings.mongodb().image())
        .withCommand("mongod", "--version").endContainer().endSpec();
    settings.mongodb().imagePullSecret().ifPresent(s ->
        pod.editSpec().addNewImagePullSecret(s).endSpec());
    for (int i = 0; i < claims.size(); i++) {
      String volume = "claim-" + i;
      pod.editSpec().addNewVolume().withName(volume).withNewPersistentVolumeClaim()
          .withClaimName(claims.get(i).name()).endPersistentVolumeClaim().endVolume()
          .editFirstContainer().addNewVolumeMount().withName(volume)
          .withMountPath("/claims/" + i).endVolumeMount().endContainer().endSpec();
    }
    Pod built = pod.build();
    ApiErrors.call("create binder pod " + namespace + "/" + name + " for WaitForFirstConsumer"
        + " claims", () -> client.pods().inNamespace(namespace).resource(built).create());
    try {
      return awaitBound(claims);
    } catch (PlatformException e) {
      Pod p = client.pods().inNamespace(namespace).withName(name).get();
      throw new PlatformException("bind claims with pod " + namespace + "/" + name,
          e.getMessage() + "; binder pod: " + PodStatuses.describe(p), e);
    } finally {
      ApiErrors.run("delete binder pod " + namespace + "/" + name, () ->
          client.pods().inNamespace(namespace).withName(name).withGracePeriod(0).delete());
    }
  }
}
