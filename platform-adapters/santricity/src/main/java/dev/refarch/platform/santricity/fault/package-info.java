/**
 * Drive faults under load (TR-4501 §4.3): {@code fail-drive} marks a drive failed through the
 * controller's SYMbol pass-through, {@code replace-drive} hands a failed drive's role to a new one
 * (12.0x), and a {@link dev.refarch.platform.santricity.fault.ReconstructionMonitor} follows the
 * pool's reconstruction, rebalancing and copyback, reporting
 * {@link dev.refarch.platform.santricity.fault.ProgressSample}s for the trial's timeline. Start at
 * {@link dev.refarch.platform.santricity.fault.SantricityFaultInjector}.
 */
package dev.refarch.platform.santricity.fault;
