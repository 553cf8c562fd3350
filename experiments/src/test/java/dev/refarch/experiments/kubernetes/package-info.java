/**
 * Trials on a real Kubernetes cluster (the local one of {@code src/bin/k8s-up}): YCSB clients as
 * indexed Job pods from the client image, MongoDB in StatefulSet pods on bound claims, faults on
 * real pods and on the node's kubelet, and the acknowledged-write audit.
 */
package dev.refarch.experiments.kubernetes;
