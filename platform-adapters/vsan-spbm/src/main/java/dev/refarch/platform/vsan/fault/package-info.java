/**
 * The {@code vsan} fault injector: VM power, host shutdown, maintenance and disconnection, each
 * with its recovery action. Start with {@link dev.refarch.platform.vsan.fault.VsanFaultInjector}.
 */
package dev.refarch.platform.vsan.fault;
