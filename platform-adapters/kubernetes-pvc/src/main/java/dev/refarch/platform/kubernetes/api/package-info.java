/**
 * What every part of the Kubernetes adapter shares: opening a client
 * ({@link dev.refarch.platform.kubernetes.api.ClientFactory}), the labels on created objects and
 * their removal by label ({@link dev.refarch.platform.kubernetes.api.Labels},
 * {@link dev.refarch.platform.kubernetes.api.ManagedObjects}), clear messages for the API
 * server's refusals ({@link dev.refarch.platform.kubernetes.api.ApiErrors}), waits with timeouts
 * ({@link dev.refarch.platform.kubernetes.api.Waits}), pod status reading and node changes.
 *
 * <p>Start with {@code ApiErrors} and {@code Waits}: every call and wait of the adapter goes
 * through them.
 */
package dev.refarch.platform.kubernetes.api;
