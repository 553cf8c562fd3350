package dev.refarch.platform.kubernetes.storage;

import dev.refarch.platform.kubernetes.api.ClientFactory;
import dev.refarch.platform.kubernetes.api.Labels;
import dev.refarch.platform.kubernetes.api.ManagedObjects;
import dev.refarch.platform.kubernetes.config.K8sProperties;
import dev.refarch.platform.kubernetes.config.K8sProperties.Cleanup;
import dev.refarch.platform.kubernetes.config.K8sProperties.FirstConsumer;
import dev.refarch.platform.kubernetes.config.K8sSettings;
import dev.refarch.platform.spi.HookContext;
import dev.refarch.platform.spi.Phase;
import dev.refarch.platform.spi.PhaseOutcome;
import dev.refarch.platform.spi.PlatformException;
import dev.refarch.platform.spi.PlatformHook;
import dev.refarch.platform.spi.Redaction;
import dev.refarch.platform.spi.config.ConfigurationException;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The {@code kubernetes-pvc} hook: before a phase it ensures the StorageClass
 * ({@code k8s.storageClass}, created with {@code k8s.storageClass.provisioner} and
 * {@code .parameters} when missing) and the claims {@code k8s.pvc.names} (size, access modes),
 * waits until they are Bound, and records the class, each bound PersistentVolume and its CSI
 * volume handle in the platform state. After the run phase — or after any phase that failed — it
 * deletes what it created ({@code k8s.cleanup=delete}) or leaves it, labelled
 * ({@code retain}); after a successful load the claims stay for the run.
 *
 * <p>Registered for {@link java.util.ServiceLoader}; a new instance serves one run, and its
 * calls never overlap (the {@link PlatformHook} contract). The trial id is fixed by the first
 * {@code before}, so both phases label and find the same objects.
 *
 * <pre>{@code
 * bin/ycsb load ... -p hooks=kubernetes-pvc -p k8s.storageClass=vsan-gold \
 *     -p k8s.storageClass.provisioner=csi.vsphere.vmware.com \
 *     -p 'k8s.storageClass.parameters=storagepolicyname=vSAN Default Storage Policy' \
 *     -p k8s.pvc.names=mongodb-data -p k8s.pvc.size=128Gi
 * }</pre>
 */
public final class PvcHook implements PlatformHook {

  private final ClientFactory clients;
  private String trial;

  /** Connects through the kubeconfig (or the in-cluster service account). */
  public PvcHook() {
    this(ClientFactory.fromKubeconfig());
  }

  public PvcHook(ClientFactory clients) {
    this.clients = Objects.requireNonNull(clients);
  }

  @Override
  public String name() {
    return "kubernetes-pvc";
  }

  @Override
  public String description() {
    return "ensures a StorageClass and PersistentVolumeClaims, waits until Bound, records PVs"
        + " and CSI volume handles; deletes or retains them afterwards";
  }

  @Override
  public void validate(Map<String, String> settings) {
    K8sSettings s = K8sSettings.from(settings);
    if (s.storage().provisioner().isPresent() && s.storage().storageClass().isEmpty()) {
      throw new ConfigurationException(K8sProperties.STORAGE_CLASS.key(), null,
          "a StorageClass name", "k8s.storageClass.provisioner is set, so a class would be"
              + " created: name it with k8s.storageClass");
    }
  }

  @Override
  public void before(HookContext context) {
    validate(context.settings());
    K8sSettings settings = settingsOf(context);
    try (KubernetesClient client = clients.open(settings)) {
      String namespace = ClientFactory.namespace(client, settings);
      context.record("namespace", namespace);
      context.record("trial", trial);
      context.record("server", Redaction.maskUri(String.valueOf(client.getMasterUrl())));
      StorageClasses.Ensured sc = StorageClasses.ensure(client, settings.storage(), trial);
      recordClass(context, sc);
      VolumeClaims claims = new VolumeClaims(client, namespace, settings, trial);
      List<VolumeClaims.Claim> ensured = claims.ensure(sc.name());
      ensured.forEach(c -> context.record("pvc." + c.name() + ".created",
          String.valueOf(c.created())));
      List<PersistentVolumeClaim> seen;
      if (!sc.waitsForFirstConsumer()) {
        seen = claims.awaitBound(ensured);
      } else if (settings.storage().firstConsumer() == FirstConsumer.BINDER_POD) {
        context.log("[kubernetes-pvc] StorageClass " + sc.name() + " binds on first consumer;"
            + " binding " + ensured.size() + " claim(s) with a binder pod");
        seen = claims.bindWithPod(ensured);
      } else {
        context.log("[kubernetes-pvc] StorageClass " + sc.name() + " binds on first consumer:"
            + " claims stay Pending until a pod uses them (k8s.pvc.waitForFirstConsumer=skip)");
        seen = claims.current(ensured);
      }
      for (PersistentVolumeClaim pvc : seen) {
        VolumeFacts.of(client, pvc, "pvc." + pvc.getMetadata().getName() + ".")
            .forEach(context::record);
      }
    }
  }

  @Override
  public void after(HookContext context, PhaseOutcome outcome) {
    K8sSettings settings = settingsOf(context);
    boolean last = context.phase() == Phase.RUN || !outcome.succeeded();
    if (settings.cleanup() == Cleanup.RETAIN) {
      context.record("cleanup", "retained (k8s.cleanup=retain): delete with kubectl delete"
          + " pvc,storageclass -l " + Labels.TRIAL + "=" + trial);
      return;
    }
    if (!last) {
      context.record("cleanup", "kept after " + context.phase().label() + " for the next phase");
      return;
    }
    try (KubernetesClient client = clients.open(settings)) {
      String namespace = ClientFactory.namespace(client, settings);
      Map<String, String> selector = new HashMap<>(Labels.selector(trial));
      selector.put(Labels.COMPONENT, "storage");
      List<String> failures = ManagedObjects.deleteMatching(client, namespace, selector);
      if (!failures.isEmpty()) {
        context.record("cleanup", "failed: " + String.join("; ", failures));
        throw new PlatformException("delete the claims and StorageClass of trial " + trial,
            String.join("; ", failures));
      }
      context.record("cleanup", "deleted (k8s.cleanup=delete)");
    }
  }

  private K8sSettings settingsOf(HookContext context) {
    K8sSettings settings = K8sSettings.from(context.settings());
    if (trial == null) {
      trial = settings.trial();
    }
    return settings.withTrial(trial);
  }

  private static void recordClass(HookContext context, StorageClasses.Ensured sc) {
    context.record("storageClass", sc.name());
    context.record("storageClass.provisioner", sc.provisioner());
    context.record("storageClass.volumeBindingMode", sc.volumeBindingMode());
    context.record("storageClass.reclaimPolicy", sc.reclaimPolicy());
    context.record("storageClass.created", String.valueOf(sc.created()));
    sc.parameters().forEach((k, v) -> context.record("storageClass.parameters." + k, v));
  }
}
