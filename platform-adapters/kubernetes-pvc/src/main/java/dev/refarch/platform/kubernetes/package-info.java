/**
 * The Kubernetes adapter (fabric8): the {@code kubernetes-pvc} hook (StorageClass and
 * PersistentVolumeClaims), the {@code kubernetes} cluster provisioner (MongoDB StatefulSets with
 * PVC templates), pod and node faults, and indexed Jobs that run distributed YCSB clients.
 *
 * <p>Start with {@link dev.refarch.platform.kubernetes.KubernetesProvisioner}. The packages follow
 * the flow: {@code config} (the {@code k8s.*} settings) → {@code api} (client, labels, errors,
 * waits) → {@code storage} (the hook) → {@code topology} (the deployment) → {@code fault}
 * (breaking it) → {@code jobs} (clients as pods).
 */
package dev.refarch.platform.kubernetes;
