/**
 * The {@code local} cluster provisioner: real {@code mongod}/{@code mongos} processes on
 * 127.0.0.1 — standalone, replica sets, sharded clusters — with binary discovery and install,
 * and faults (kill -9, SIGSTOP, step-down, restart).
 *
 * <p>Start with {@link dev.refarch.platform.local.LocalProvisioner}. The packages below follow
 * the flow of a start: {@code config} (settings) → {@code binary} (which executables) →
 * {@code process} (one member) → {@code deploy} (the whole topology) → {@code fault} (breaking
 * it on purpose). {@code internal} holds shared helpers.
 */
package dev.refarch.platform.local;
