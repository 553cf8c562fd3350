/**
 * Test fixtures shared with other modules' tests: {@link
 * dev.refarch.platform.kubernetes.testing.RealKubernetes} gives a test class a namespace on a real
 * cluster (the local one of {@code src/bin/k8s-up}, or any kubeconfig) and the settings that reach
 * it; {@link dev.refarch.platform.kubernetes.testing.FakeKubernetes} plays Kubernetes' controllers
 * against fabric8's mock server, for what one real node cannot show (pods moving between nodes)
 * and for error paths.
 */
package dev.refarch.platform.kubernetes.testing;
