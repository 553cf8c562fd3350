/**
 * The project's single-node Kubernetes on this machine ({@code src/bin/k8s-up}), as tests and the
 * CLI use it: {@link dev.refarch.platform.kubernetes.local.LocalKubernetes} starts or finds it and
 * gives the {@code k8s.*} settings that point the adapter at it.
 */
package dev.refarch.platform.kubernetes.local;
