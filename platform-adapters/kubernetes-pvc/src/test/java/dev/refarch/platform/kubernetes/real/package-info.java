/**
 * Integration tests against a real Kubernetes cluster (the local one of {@code src/bin/k8s-up},
 * or any cluster through {@code REFARCH_K8S_KUBECONFIG}), through
 * {@link dev.refarch.platform.kubernetes.testing.RealKubernetes}: what the API server accepts,
 * what its controllers create and bind, MongoDB in real pods, cleanup.
 */
package dev.refarch.platform.kubernetes.real;
