package dev.refarch.platform.vsan.hook;

import dev.refarch.platform.vsan.config.VmSizing;
import dev.refarch.platform.vsan.vim.VirtualMachines;
import dev.refarch.platform.vsan.vim.VmInfo;
import java.time.Duration;
import java.util.function.BiConsumer;

/**
 * Resizes one VM ({@code ReconfigVM_Task} with {@code numCPUs} and {@code memoryMB}), powering a
 * running VM off first ({@link PowerOff}) when {@code vsan.vm.powerCycle} asks, and — whatever
 * failed — on again afterwards: a VM found running is never left off by this class unless powering
 * it on failed too, and then both failures are reported.
 *
 * <p>Not thread-safe; one instance serves one hook call.
 */
final class VmResizer {

  private final VirtualMachines vms;
  private final boolean powerCycle;
  private final PowerOff powerOff;
  private final BiConsumer<String, String> record;

  VmResizer(VirtualMachines vms, VmSizing sizing, BiConsumer<String, String> record) {
    this.vms = vms;
    this.powerCycle = sizing.powerCycle();
    this.powerOff = new PowerOff(vms, Duration.ofSeconds(sizing.shutdownSeconds()));
    this.record = record;
  }

  /**
   * Resizes {@code vm} when it differs; returns whether it changed anything.
   *
   * @throws RuntimeException the first failure, with a failed power-on suppressed in it; the VM
   *     is running again unless powering it on failed
   */
  boolean resize(VmInfo vm, int cpus, long memoryMb) {
    if (vm.cpus() == cpus && vm.memoryMb() == memoryMb) {
      return false;
    }
    boolean cycle = powerCycle && vm.poweredOn();
    RuntimeException failure = null;
    try {
      if (cycle) {
        record.accept("vm." + vm.name() + ".powerOff", powerOff.off(vm));
      }
      vms.resize(vm, vm.cpus() == cpus ? null : cpus, vm.memoryMb() == memoryMb ? null : memoryMb);
    } catch (RuntimeException e) {
      failure = e;
    }
    if (cycle) {
      try {
        powerOnIfOff(vm);
      } catch (RuntimeException e) {
        if (failure == null) {
          failure = e;
        } else {
          failure.addSuppressed(e);
        }
      }
    }
    if (failure != null) {
      throw failure;
    }
    return true;
  }

  /** Powers the VM on when it is not running; returns whether it did. */
  boolean powerOnIfOff(VmInfo vm) {
    VmInfo now = vms.get(vm.ref());
    if (now.poweredOn()) {
      return false;
    }
    vms.powerOn(now);
    return true;
  }
}
