/**
 * The {@code vsan} fault injector: VM power, host standby (a host failure the vSphere API can
 * undo), maintenance, disconnection and shutdown, each with its recovery action where the API has
 * one. Start with {@link dev.refarch.platform.vsan.fault.VsanFaultInjector}.
 */
package dev.refarch.platform.vsan.fault;
