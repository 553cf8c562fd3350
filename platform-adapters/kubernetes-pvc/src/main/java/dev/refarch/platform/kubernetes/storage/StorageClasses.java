package dev.refarch.platform.kubernetes.storage;

import dev.refarch.platform.kubernetes.api.ApiErrors;
import dev.refarch.platform.kubernetes.api.Labels;
import dev.refarch.platform.kubernetes.config.K8sProperties;
import dev.refarch.platform.kubernetes.config.K8sSettings;
import dev.refarch.platform.spi.config.ConfigurationException;
import dev.refarch.platform.spi.config.Suggestions;
import io.fabric8.kubernetes.api.model.storage.StorageClass;
import io.fabric8.kubernetes.api.model.storage.StorageClassBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Makes sure the StorageClass named by {@code k8s.storageClass} exists: reuses it when it does
 * (and matches what the settings ask for), creates it — labelled — when a provisioner is given,
 * and otherwise fails naming the classes the cluster has. Any provisioner and parameters work,
 * e.g. vSphere CSI's {@code csi.vsphere.vmware.com} with {@code storagepolicyname}.
 *
 * <p>Stateless and thread-safe.
 */
public final class StorageClasses {

  static final String DEFAULT_ANNOTATION = "storageclass.kubernetes.io/is-default-class";

  private StorageClasses() {
  }

  /**
   * The StorageClass claims will use, and whether it was created now.
   *
   * @param name the class's name
   * @param provisioner its provisioner, e.g. {@code csi.vsphere.vmware.com}
   * @param volumeBindingMode Immediate or WaitForFirstConsumer
   * @param reclaimPolicy Delete or Retain
   * @param parameters its parameters
   * @param created whether this call created it (and its owner should delete it)
   */
  public record Ensured(String name, String provisioner, String volumeBindingMode,
      String reclaimPolicy, Map<String, String> parameters, boolean created) {
    public Ensured {
      parameters = parameters == null ? Map.of() : Map.copyOf(parameters);
    }

    public boolean waitsForFirstConsumer() {
      return "WaitForFirstConsumer".equals(volumeBindingMode);
    }

    static Ensured of(StorageClass sc, boolean created) {
      return new Ensured(sc.getMetadata().getName(), sc.getProvisioner(),
          sc.getVolumeBindingMode() == null ? "Immediate" : sc.getVolumeBindingMode(),
          sc.getReclaimPolicy() == null ? "Delete" : sc.getReclaimPolicy(), sc.getParameters(),
          created);
    }
  }

  /**
   * Finds or creates the class.
   *
   * @throws ConfigurationException when the class is missing and no provisioner is given, when
   *     no class is named and the cluster has no default, or when an existing class differs from
   *     the provisioner or parameters asked for
   */
  public static Ensured ensure(KubernetesClient client, K8sSettings.Storage storage,
      String trial) {
    List<StorageClass> all = ApiErrors.call("list StorageClasses",
        () -> client.storage().v1().storageClasses().list().getItems());
    if (storage.storageClass().isEmpty()) {
      return Ensured.of(all.stream().filter(StorageClasses::isDefault).findFirst().orElseThrow(() ->
          new ConfigurationException(K8sProperties.STORAGE_CLASS.key(), null,
              "a StorageClass of the cluster: " + names(all), "the cluster has no default"
                  + " StorageClass; name one, or name a new one and set "
                  + K8sProperties.STORAGE_CLASS_PROVISIONER.key())), false);
    }
    String name = storage.storageClass().get();
    StorageClass existing = all.stream().filter(sc -> name.equals(sc.getMetadata().getName()))
        .findFirst().orElse(null);
    if (existing != null) {
      checkMatches(existing, storage);
      return Ensured.of(existing, false);
    }
    if (storage.provisioner().isEmpty()) {
      List<String> known = all.stream().map(sc -> sc.getMetadata().getName()).toList();
      String closest = Suggestions.closest(name, known).map(c -> "did you mean '" + c + "'? ")
          .orElse("");
      throw new ConfigurationException(K8sProperties.STORAGE_CLASS.key(), name,
          "a StorageClass of the cluster: " + names(all), "no StorageClass has this name; "
              + closest + "or set " + K8sProperties.STORAGE_CLASS_PROVISIONER.key()
              + " (e.g. csi.vsphere.vmware.com) to create it");
    }
    StorageClass created = new StorageClassBuilder()
        .withNewMetadata().withName(name).withLabels(Labels.of(trial, "storage")).endMetadata()
        .withProvisioner(storage.provisioner().get())
        .withParameters(storage.parameters().isEmpty() ? null : storage.parameters())
        .withVolumeBindingMode(storage.volumeBindingMode())
        .withReclaimPolicy(storage.reclaimPolicy())
        .build();
    return Ensured.of(ApiErrors.call("create StorageClass " + name,
        () -> client.storage().v1().storageClasses().resource(created).create()), true);
  }

  /** StorageClasses are immutable: a different one of the same name cannot be made to match. */
  private static void checkMatches(StorageClass existing, K8sSettings.Storage storage) {
    List<String> differences = new ArrayList<>();
    storage.provisioner().filter(p -> !p.equals(existing.getProvisioner())).ifPresent(p ->
        differences.add("provisioner is " + existing.getProvisioner() + ", not " + p));
    Map<String, String> actual = existing.getParameters() == null ? Map.of()
        : existing.getParameters();
    storage.parameters().forEach((k, v) -> {
      if (!Objects.equals(actual.get(k), v)) {
        differences.add("parameter " + k + " is " + (actual.containsKey(k) ? "'" + actual.get(k)
            + "'" : "unset") + ", not '" + v + "'");
      }
    });
    if (!differences.isEmpty()) {
      throw new ConfigurationException(K8sProperties.STORAGE_CLASS.key(),
          existing.getMetadata().getName(), "a StorageClass that matches the settings",
          "it exists and differs: " + String.join("; ", differences) + ". StorageClasses are"
              + " immutable: name a new class, or drop the differing settings to use it as is");
    }
  }

  private static boolean isDefault(StorageClass sc) {
    Map<String, String> a = sc.getMetadata().getAnnotations();
    return a != null && "true".equals(a.get(DEFAULT_ANNOTATION));
  }

  private static String names(List<StorageClass> all) {
    return all.isEmpty() ? "(the cluster has none)" : String.join(", ", all.stream()
        .map(sc -> sc.getMetadata().getName() + (isDefault(sc) ? " (default)" : "")).toList());
  }
}
