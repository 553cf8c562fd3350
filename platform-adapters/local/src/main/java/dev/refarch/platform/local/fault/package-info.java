/**
 * Faults on a local cluster: kill, stop, pause, resume, step down and restart members, aimed at
 * roles resolved when the fault fires.
 *
 * <p>Start with {@link dev.refarch.platform.local.fault.LocalFaultInjector}; {@link
 * dev.refarch.platform.local.fault.TargetParser} says which targets a layout allows.
 */
package dev.refarch.platform.local.fault;
