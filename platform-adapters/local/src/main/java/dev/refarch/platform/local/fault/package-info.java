/**
 * Faults on a local cluster: kill, stop, pause, resume, step down and restart members, aimed at
 * roles resolved when the fault fires.
 *
 * <p>Start with {@link dev.refarch.platform.local.fault.LocalFaultInjector}; targets follow the
 * one grammar of {@link dev.refarch.platform.spi.FaultTargets}.
 */
package dev.refarch.platform.local.fault;
