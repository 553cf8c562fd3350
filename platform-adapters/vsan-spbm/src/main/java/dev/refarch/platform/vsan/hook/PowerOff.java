package dev.refarch.platform.vsan.hook;

import dev.refarch.platform.spi.PlatformException;
import dev.refarch.platform.vsan.soap.SoapFault;
import dev.refarch.platform.vsan.vim.VirtualMachines;
import dev.refarch.platform.vsan.vim.VmInfo;
import java.time.Duration;

/**
 * Powers a running VM off for a change that needs it, as gently as the VM allows: when VMware
 * Tools runs, asks the guest to shut down ({@code ShutdownGuest}) and waits up to
 * {@code vsan.vm.shutdownSeconds} for {@code runtime.powerState} to be {@code poweredOff}; else,
 * or when the guest refuses or does not finish in time, powers it off hard
 * ({@code PowerOffVM_Task}). {@link #off} says which happened, for the platform state.
 *
 * <p>Not thread-safe; one instance serves one hook call.
 */
final class PowerOff {

  private static final long POLL_MILLIS = 500;

  private final VirtualMachines vms;
  private final Duration guestTimeout;

  PowerOff(VirtualMachines vms, Duration guestTimeout) {
    this.vms = vms;
    this.guestTimeout = guestTimeout;
  }

  /**
   * Powers {@code vm} off and returns how: {@code guest shutdown} or {@code hard power-off (why)}.
   *
   * @throws PlatformException when the VM could not be powered off at all
   */
  String off(VmInfo vm) {
    if (guestTimeout.isZero()) {
      return hard(vm, "vsan.vm.shutdownSeconds=0");
    }
    if (!vms.toolsRunning(vm)) {
      return hard(vm, "VMware Tools not running");
    }
    try {
      vms.shutdownGuest(vm);
    } catch (SoapFault e) {
      return hard(vm, "ShutdownGuest refused: " + e.faultType());
    }
    if (offWithin(vm, guestTimeout)) {
      return "guest shutdown";
    }
    return hard(vm, "the guest did not shut down within " + guestTimeout.toSeconds() + " s");
  }

  private String hard(VmInfo vm, String why) {
    try {
      vms.powerOff(vm);
    } catch (PlatformException e) {
      if (!vms.get(vm.ref()).poweredOn()) {
        return "off before the hard power-off (" + why + ")";
      }
      throw e;
    }
    return "hard power-off (" + why + ")";
  }

  private boolean offWithin(VmInfo vm, Duration timeout) {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (vms.get(vm.ref()).poweredOn()) {
      if (System.nanoTime() > deadline) {
        return false;
      }
      try {
        Thread.sleep(POLL_MILLIS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new PlatformException("wait for " + vm.name() + " to shut down", "interrupted");
      }
    }
    return true;
  }
}
