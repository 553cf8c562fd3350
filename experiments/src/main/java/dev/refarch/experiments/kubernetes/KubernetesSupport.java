package dev.refarch.experiments.kubernetes;

import dev.refarch.platform.spi.config.ConfigurationException;

/**
 * Whether the Kubernetes adapter ({@code platform-kubernetes-pvc}, with fabric8) is on the class
 * path. The runner depends on it optionally: hooks, faults and provisioners of every adapter are
 * found through {@code ServiceLoader}, but running a trial's clients as Kubernetes Jobs
 * ({@link KubernetesClients}) needs both the runner's types and the adapter's, so that glue lives
 * here and is reached only through {@link KubernetesBridge}, after {@link #available()} said yes.
 * A user of the runner who never names Kubernetes gets no fabric8 on the class path; the CLI's
 * distribution ({@code refarch-dist}) carries it.
 *
 * <p>This class names none of the adapter's types, so loading it never fails.
 */
public final class KubernetesSupport {

  private static final String PROBE = "dev.refarch.platform.kubernetes.KubernetesCluster";

  private KubernetesSupport() {}

  /** True when the Kubernetes adapter and fabric8 can be loaded. */
  public static boolean available() {
    try {
      Class.forName(PROBE, false, KubernetesSupport.class.getClassLoader());
      Class.forName("io.fabric8.kubernetes.client.KubernetesClient", false,
          KubernetesSupport.class.getClassLoader());
      return true;
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
  }

  /**
   * Fails with one clear message when {@code what} (an option or setting that needs Kubernetes,
   * with its value) is asked for without the adapter.
   *
   * @throws ConfigurationException naming {@code key} and {@code value}
   */
  public static void require(String key, String value) {
    if (!available()) {
      throw new ConfigurationException(key, value, "a value that needs no Kubernetes adapter",
          "add dev.refarch:platform-kubernetes-pvc to the class path (refarch-dist, which"
              + " src/bin/refarch runs, has it)");
    }
  }
}
