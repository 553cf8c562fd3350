package dev.refarch.platform.kubernetes.api;

import dev.refarch.platform.kubernetes.config.K8sSettings;
import dev.refarch.platform.spi.PlatformException;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;

/**
 * Opens a Kubernetes client for the {@code k8s.*} settings. The default reads the kubeconfig
 * (KUBECONFIG, {@code ~/.kube/config}) or the in-cluster service account, as {@code kubectl}
 * does; tests supply one that connects to fabric8's mock server.
 *
 * <p>Implementations are thread-safe; every call returns a new client that the caller closes.
 */
@FunctionalInterface
public interface ClientFactory {

  KubernetesClient open(K8sSettings settings);

  /**
   * The kubeconfig's context {@code k8s.context} (or its current context); the file
   * {@code k8s.kubeconfig}, else the usual search.
   */
  static ClientFactory fromKubeconfig() {
    return settings -> {
      try {
        Config config = settings.kubeconfig().isPresent()
            ? Config.fromKubeconfig(settings.context().orElse(null),
                new java.io.File(settings.kubeconfig().get()))
            : Config.autoConfigure(settings.context().orElse(null));
        return new KubernetesClientBuilder().withConfig(config).build();
      } catch (RuntimeException e) {
        // the message names the context and the file, never a token
        throw new PlatformException("connect to Kubernetes" + settings.context()
            .map(c -> " (context " + c + ")").orElse(""), e.getMessage()
            + "; check k8s.kubeconfig (or KUBECONFIG, ~/.kube/config) and k8s.context", e);
      }
    };
  }

  /** The namespace of created objects: {@code k8s.namespace}, else the client's, else default. */
  static String namespace(KubernetesClient client, K8sSettings settings) {
    return settings.namespace().orElseGet(() ->
        client.getNamespace() == null ? "default" : client.getNamespace());
  }
}
