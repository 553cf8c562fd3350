/**
 * Test fixtures shared with other modules' tests: {@link
 * dev.refarch.platform.kubernetes.testing.FakeKubernetes} plays Kubernetes' controllers against
 * fabric8's mock server.
 */
package dev.refarch.platform.kubernetes.testing;
