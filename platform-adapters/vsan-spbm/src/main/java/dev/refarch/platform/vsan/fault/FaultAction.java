package dev.refarch.platform.vsan.fault;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/**
 * The faults the {@code vsan} injector can cause, each with the action that recovers from it.
 * Names are what a fault schedule writes, e.g. {@code host-shutdown}.
 */
public enum FaultAction {
  /** Hard power-off of a VM, as a guest crash or a pulled plug looks to MongoDB. */
  VM_POWER_OFF(true, "vm-power-on"),
  /** Power a VM back on. */
  VM_POWER_ON(true, null),
  /**
   * Host failure that the vSphere API can undo (studies A12, B4): the host's running VMs are
   * powered off hard, as a failed host's are, then the host goes to standby, so vSAN loses its
   * disks. Needs a host that supports standby (a wake protocol configured for DPM).
   */
  HOST_STANDBY(false, "host-power-on"),
  /**
   * Wake a host from standby ({@code PowerUpHostFromStandBy_Task}) and power on the VMs
   * {@link #HOST_STANDBY} powered off. Cannot bring back a host that was shut down.
   */
  HOST_POWER_ON(false, null),
  /**
   * Shut an ESXi host down (forced unless {@code force=false}). No vSphere call powers a shut-down
   * host on again (it needs its BMC or a hand), so it has no recovery action: prefer
   * {@link #HOST_STANDBY}.
   */
  HOST_SHUTDOWN(false, null),
  /** Enter maintenance mode (planned host outage; vSAN keeps objects accessible). */
  HOST_MAINTENANCE(false, "host-exit-maintenance"),
  /** Leave maintenance mode. */
  HOST_EXIT_MAINTENANCE(false, null),
  /** Disconnect a host from vCenter (management outage; VMs keep running). */
  HOST_DISCONNECT(false, "host-reconnect"),
  /** Reconnect a disconnected host. */
  HOST_RECONNECT(false, null);

  private final boolean onVm;
  private final String recovery;

  FaultAction(boolean onVm, String recovery) {
    this.onVm = onVm;
    this.recovery = recovery;
  }

  /** The name in a fault schedule, e.g. {@code vm-power-off}. */
  public String label() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  /** Whether the target is a VM (else a host). */
  public boolean onVm() {
    return onVm;
  }

  /** The action that undoes this one, if this one breaks something. */
  public Optional<FaultAction> recovery() {
    return Optional.ofNullable(recovery).flatMap(FaultAction::of);
  }

  /** The action with this label. */
  public static Optional<FaultAction> of(String label) {
    return Arrays.stream(values()).filter(a -> a.label().equals(label)).findFirst();
  }
}
