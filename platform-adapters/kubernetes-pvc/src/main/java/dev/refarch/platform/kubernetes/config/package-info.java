/**
 * The {@code k8s.*} settings: declared once in
 * {@link dev.refarch.platform.kubernetes.config.K8sProperties} (which renders the README table and
 * rejects misspelt keys) and parsed into the immutable
 * {@link dev.refarch.platform.kubernetes.config.K8sSettings}, the one object every other package
 * of this adapter reads.
 */
package dev.refarch.platform.kubernetes.config;
