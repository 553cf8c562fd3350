package dev.refarch.platform.vsan.vim;

import dev.refarch.platform.vsan.soap.MoRef;
import java.util.List;
import java.util.Objects;

/**
 * A virtual machine's name, power state, sizing and disks at the time it was read.
 *
 * @param ref the VM's reference
 * @param name display name
 * @param powerState {@code poweredOn}, {@code poweredOff} or {@code suspended}
 * @param host the host it runs on, {@code null} when not reported
 * @param cpus number of virtual CPUs
 * @param memoryMb memory in MiB
 * @param disks virtual disks in bus order (controller, then unit)
 */
public record VmInfo(MoRef ref, String name, String powerState, MoRef host, int cpus,
    long memoryMb, List<VirtualDisk> disks) {

  public VmInfo {
    Objects.requireNonNull(ref, "ref");
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(powerState, "powerState");
    disks = disks.stream().sorted(VirtualDisk.BUS_ORDER).toList();
  }

  public boolean poweredOn() {
    return "poweredOn".equals(powerState);
  }
}
