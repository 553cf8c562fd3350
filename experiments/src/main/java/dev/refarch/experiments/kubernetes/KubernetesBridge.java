package dev.refarch.experiments.kubernetes;

import dev.refarch.experiments.trial.ClientLauncher;
import dev.refarch.platform.kubernetes.KubernetesCluster;
import dev.refarch.platform.kubernetes.local.LocalKubernetes;
import dev.refarch.platform.spi.RunningCluster;
import java.util.Map;
import java.util.Optional;

/**
 * The runner's and CLI's only calls into the Kubernetes adapter besides {@link KubernetesClients}.
 * Call only after {@link KubernetesSupport#available()} (or {@code require}) — its methods name
 * the adapter's types, which an optional dependency may leave out.
 */
public final class KubernetesBridge {

  private KubernetesBridge() {}

  /** Clients as the pods of Jobs for a {@code kubernetes} cluster; empty for any other. */
  public static Optional<ClientLauncher> clientsFor(RunningCluster cluster) {
    return cluster instanceof KubernetesCluster k
        ? Optional.of(new KubernetesClients(k.client(), k.settings())) : Optional.empty();
  }

  /** The single-node cluster of {@code src/bin/k8s-up}, started if needed: its settings. */
  public static Map<String, String> localClusterSettings() {
    return LocalKubernetes.up().settings();
  }

  /** Why the local cluster cannot run here (no root, no build), if it cannot. */
  public static Optional<String> localUnavailableReason() {
    return LocalKubernetes.unavailableReason();
  }

  /** Starts the local cluster; returns its kubeconfig. */
  public static String localUp() {
    return LocalKubernetes.up().kubeconfig().toString();
  }

  /** Stops the local cluster (idempotent). */
  public static void localDown() {
    LocalKubernetes.down();
  }

  /** The local cluster's kubeconfig when it runs, empty when it does not. */
  public static Optional<String> localStatus() {
    return LocalKubernetes.running()
        ? Optional.of(LocalKubernetes.stateDir().resolve("admin.kubeconfig").toString())
        : Optional.empty();
  }
}
