/**
 * The runner's Kubernetes glue: {@link dev.refarch.experiments.kubernetes.KubernetesClients} runs
 * a phase's clients as the pods of an indexed Job (a {@code ClientLauncher}),
 * {@link dev.refarch.experiments.kubernetes.KubernetesSupport} says whether the optional
 * Kubernetes adapter is on the class path, and
 * {@link dev.refarch.experiments.kubernetes.KubernetesBridge} is the only class that touches its
 * types, reached once that check passed.
 */
package dev.refarch.experiments.kubernetes;
