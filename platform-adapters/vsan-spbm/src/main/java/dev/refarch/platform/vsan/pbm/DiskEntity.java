package dev.refarch.platform.vsan.pbm;

import dev.refarch.platform.vsan.soap.MoRef;
import java.util.Objects;

/**
 * A virtual disk as PBM names it: object type {@code virtualDiskId}, key {@code <vm id>:<device key>}.
 *
 * @param vm the VM holding the disk
 * @param deviceKey the disk's device key within the VM, e.g. 2000
 */
public record DiskEntity(MoRef vm, int deviceKey) {

  public DiskEntity {
    Objects.requireNonNull(vm, "vm");
  }

  /** PBM's key, e.g. {@code vm-42:2001}. */
  public String key() {
    return vm.value() + ":" + deviceKey;
  }
}
